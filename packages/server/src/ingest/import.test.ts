import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_STAGES } from '../catalog/approval-stages';
import { DOCUMENT_TYPES } from '../catalog/document-types';
import { corpusTag, generateCorpus } from '../corpus/generator';
import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { migrationsDir } from '../paths';
import { writeTenderRecords } from '../tenders/service';
import { testDatabaseTargets } from '../test-support/databases';
import { importCommand } from './command';
import { importFile, validateFile } from './import-file';
import { parseLine, readLines } from './ndjson';
import { createRun } from './queries';
import { type TenderRecordInput, validateRecord } from './record';
import { ingestRecords, type NumberedRecord } from './service';

const UNTIL = '2026-03-31';

function corpusRecords(seed: string, size: number): TenderRecordInput[] {
  return [...generateCorpus({ seed, size, until: UNTIL })];
}

describe.each(testDatabaseTargets())('NDJSON import on $name', (target) => {
  let db: Database;
  let dir: string;

  beforeAll(async () => {
    db = await target.open();
    await migrate(db, readMigrations(migrationsDir));
    dir = mkdtempSync(join(tmpdir(), 'tender-import-'));
  });

  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function writeLines(name: string, lines: string[]): string {
    const path = join(dir, name);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  }

  /** Items of one generated corpus (their source ids and project keys carry its tag). */
  async function countOf(seed: string, size: number): Promise<number> {
    const [row] = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM tender_item WHERE project_key LIKE $1',
      [`demo-${corpusTag({ seed, size, until: UNTIL })}-%`],
    );
    return row?.count ?? 0;
  }

  it('imports a good file: items, companies with their links, project facts and the checkpoint', async () => {
    const records = corpusRecords('import-good', 400);
    const path = writeLines(
      'good.ndjson',
      records.map((record) => JSON.stringify(record)),
    );
    const result = await importFile(db, path, { batchSize: 150 });
    expect(result).toMatchObject({
      status: 'done',
      inserted: 400,
      duplicatesBySource: 0,
      duplicatesByContent: 0,
    });
    expect(await countOf('import-good', 400)).toBe(400);

    const tender = records.find(
      (record) => record.announcementType === 'zb' && record.procurementMethod === 'gk',
    );
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT doc_type, procurement_method, title, publish_date, budget_fen, budget_raw, province_code, city_code,
              industry_code, bid_deadline, project_key, source_url
       FROM tender_item WHERE source_id = $1`,
      [tender?.sourceId],
    );
    expect(row).toMatchObject({
      doc_type: 'zb',
      procurement_method: 'gk',
      title: tender?.title,
      publish_date: tender?.publishDate,
      budget_fen: tender?.budget?.fen,
      budget_raw: tender?.budget?.raw,
      province_code: tender?.region?.provinceCode,
      city_code: tender?.region?.cityCode,
      industry_code: tender?.industryCode,
      project_key: tender?.projectKey,
      source_url: tender?.sourceUrl,
    });
    // Deadlines are China time: 09:30 in Beijing is 01:30 UTC.
    const deadline = tender?.deadlines?.bidDeadline ?? '';
    expect(row?.bid_deadline).toEqual(new Date(`${deadline.replace(' ', 'T')}:00+08:00`));

    const result2 = records.find(
      (record) => record.announcementType === 'jg' && record.noticeKind !== 'failed',
    );
    const winners = await db.query<{ name: string; role: string; award_fen: number; province_code: string }>(
      `SELECT c.name, ic.role, ic.award_fen, c.province_code
       FROM item_company ic JOIN company c ON c.id = ic.company_id JOIN tender_item t ON t.id = ic.item_id
       WHERE t.source_id = $1 ORDER BY ic.role, c.name`,
      [result2?.sourceId],
    );
    const expected = (result2?.parties ?? []).map((party) => party.role).sort();
    expect(winners.map((winner) => winner.role)).toEqual(expected);
    const winner = result2?.parties?.find((party) => party.role === 'winner');
    expect(winners.find((row) => row.role === 'winner')).toMatchObject({
      name: winner?.name,
      award_fen: winner?.award?.fen,
      province_code: winner?.provinceCode,
    });

    // One company row per name, however many items name it.
    const names = new Set(records.flatMap((record) => record.parties?.map((party) => party.name) ?? []));
    const [companies] = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM company WHERE name = ANY($1::text[])',
      [[...names]],
    );
    expect(companies?.count).toBe(names.size);

    const approval = records.find((record) => record.announcementType === 'sp');
    const [detail] = await db.query<Record<string, unknown>>(
      `SELECT p.stage_code, p.approval_authority, p.approval_code, p.document_number, p.total_investment_fen
       FROM project_detail p JOIN tender_item t ON t.id = p.item_id WHERE t.source_id = $1`,
      [approval?.sourceId],
    );
    expect(detail).toEqual({
      stage_code: approval?.approval?.stage,
      approval_authority: approval?.approval?.authority,
      approval_code: approval?.approval?.approvalCode,
      document_number: approval?.approval?.documentNumber,
      total_investment_fen: approval?.construction?.totalInvestment?.fen,
    });
    const [run] = await db.query<Record<string, unknown>>(
      'SELECT status, total_lines, committed_lines, inserted FROM ingest_run WHERE id = $1',
      [result.status === 'done' ? result.runId : 0],
    );
    expect(run).toEqual({ status: 'done', total_lines: 400, committed_lines: 400, inserted: 400 });
  });

  it('rejects a malformed file naming each bad line and field, and imports nothing of it', async () => {
    const records = corpusRecords('import-bad', 30);
    const [first, second, third] = records;
    const fifth = records.at(-1);
    const fourth = records.find((record) => record.announcementType === 'zb');
    const lines = [
      JSON.stringify(first),
      '{"title": "半行',
      JSON.stringify({ ...second, title: undefined }),
      '',
      JSON.stringify({ ...third, budgetFen: 5 }),
      JSON.stringify({ ...fourth, region: { provinceCode: '440000', cityCode: '320100' } }),
      JSON.stringify({ ...fourth, sourceId: 'bad-date', publishDate: '2024-02-30' }),
      JSON.stringify({ ...fourth, sourceId: 'bad-kind', announcementType: 'zb', noticeKind: 'award' }),
      JSON.stringify({ ...fourth, sourceId: 'bad-party', parties: [{ role: 'boss', name: ' ' }] }),
      '[1, 2]',
      JSON.stringify({ ...fourth, sourceId: 'bad-industry', industryCode: '99', budget: { fen: -1 } }),
      JSON.stringify(fifth),
    ];
    const path = writeLines('bad.ndjson', lines);
    const reported: number[] = [];
    const result = await importFile(db, path, { onRejected: ({ line }) => reported.push(line) });
    expect(result.status).toBe('rejected');
    const fields = Object.fromEntries(
      result.validation.rejections.map(({ line, problems }) => [
        line,
        problems.map((problem) => problem.field),
      ]),
    );
    expect(fields).toEqual({
      2: ['整行'],
      3: ['title'],
      5: ['budgetFen'],
      6: ['region.cityCode'],
      7: ['publishDate'],
      8: ['noticeKind'],
      9: ['parties[0].role', 'parties[0].name'],
      10: ['整行'],
      11: ['industryCode', 'budget.fen'],
    });
    expect(reported).toEqual([2, 3, 5, 6, 7, 8, 9, 10, 11]);
    const reasons = Object.fromEntries(
      result.validation.rejections.map(({ line, problems }) => [
        line,
        problems.map((p) => p.reason).join('；'),
      ]),
    );
    expect(reasons[2]).toMatch(/^不是有效的 JSON/);
    expect(reasons[3]).toBe('缺少必填字段');
    expect(reasons[5]).toMatch(/未知字段/);
    expect(reasons[6]).toBe('地区代码 320100 不属于 440000');
    expect(reasons[7]).toMatch(/有效日期/);
    expect(reasons[8]).toMatch(/zb|只有/);
    expect(reasons[11]).toMatch(/GB\/T 4754/);
    expect(result.validation).toMatchObject({ totalLines: 12, records: 2, rejectedLines: 9 });

    const [items] = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM tender_item WHERE source_id = ANY($1::text[])',
      [[first?.sourceId, fifth?.sourceId]],
    );
    expect(items?.count).toBe(0);
    const runs = await db.query('SELECT id FROM ingest_run WHERE fingerprint = $1', [
      result.validation.fingerprint,
    ]);
    expect(runs).toEqual([]);
  });

  it('reports the rejected lines on the command line and fails the command', async () => {
    const [record] = corpusRecords('import-cli', 1);
    const path = writeLines('cli-bad.ndjson', [
      JSON.stringify(record),
      JSON.stringify({ ...record, title: '' }),
    ]);
    const printed: string[] = [];
    const run = importCommand.run({
      config: {} as never,
      args: [path],
      print: (line) => printed.push(line),
      // The command closes its database when done; this one is shared by the other tests.
      openDatabase: async () => ({ ...db, close: async () => {} }),
    });
    await expect(run).rejects.toThrow('校验未通过：1 行有误（共 2 行），没有导入任何数据');
    expect(printed).toContain('第 2 行 title：不能为空');
    await expect(
      importCommand.run({ config: {} as never, args: [], print: () => {}, openDatabase: async () => db }),
    ).rejects.toThrow('用法：tender-server import');
  });

  it('adds no duplicates on re-import, by source id and then by title, code, purchaser and date', async () => {
    const records = corpusRecords('import-again', 200);
    const path = writeLines(
      'again.ndjson',
      records.map((record) => JSON.stringify(record)),
    );
    expect(await importFile(db, path)).toMatchObject({ status: 'done', inserted: 200 });
    expect(await importFile(db, path)).toMatchObject({
      status: 'done',
      resumed: false,
      inserted: 0,
      duplicatesBySource: 200,
      duplicatesByContent: 0,
    });

    // The same notices copied by another site: other ids, titles and names spaced and bracketed differently.
    const copies = records.map((record) => ({
      ...record,
      sourceId: `copy-${record.sourceId}`,
      sourceUrl: null,
      title: `【${record.title.slice(0, 3)}】 ${record.title.slice(3)}`,
      projectCode: record.projectCode?.toLowerCase(),
      parties: record.parties?.map((party) =>
        party.role === 'purchaser'
          ? { ...party, name: ` ${party.name.slice(0, 2)} ${party.name.slice(2)}` }
          : party,
      ),
    }));
    const copiesPath = writeLines(
      'copies.ndjson',
      [...copies, copies[0]].map((record) => JSON.stringify(record)),
    );
    expect(await importFile(db, copiesPath)).toMatchObject({
      status: 'done',
      inserted: 0,
      duplicatesBySource: 0,
      duplicatesByContent: 201,
    });

    // Within one file: the second copy of a notice is a duplicate of the first; a copy read from another page is
    // kept as the item's second source, one read again from the item's own page is not.
    const [fresh] = corpusRecords('import-again-fresh', 1);
    const listedTwice = 'https://listing.example/notice/2';
    const twicePath = writeLines('twice.ndjson', [
      JSON.stringify(fresh),
      JSON.stringify({ ...fresh, sourceId: 'another-site-1' }),
      JSON.stringify({ ...fresh, sourceId: 'another-site-2', sourceUrl: listedTwice }),
      JSON.stringify(fresh),
    ]);
    expect(await importFile(db, twicePath)).toMatchObject({
      inserted: 1,
      duplicatesBySource: 1,
      duplicatesByContent: 2,
    });
    expect(
      await db.query(
        `SELECT s.source_url FROM tender_item_source s JOIN tender_item t ON t.id = s.item_id
          WHERE t.source_id = $1`,
        [fresh?.sourceId],
      ),
    ).toEqual([{ source_url: listedTwice }]);
    expect(await countOf('import-again', 200)).toBe(200);
  });

  it('resumes an interrupted import after its last committed batch', async () => {
    const records = corpusRecords('import-resume', 250);
    const path = writeLines(
      'resume.ndjson',
      records.map((record) => JSON.stringify(record)),
    );
    const stop = new AbortController();
    const first = await importFile(db, path, {
      batchSize: 100,
      signal: stop.signal,
      onProgress: (progress) => {
        if (progress.committedLines >= 100) stop.abort();
      },
    });
    // The batches in flight commit: one on PGlite, up to two on PostgreSQL (two writers).
    const stoppedAt = first.status === 'interrupted' ? first.committedLines : 0;
    expect([100, 200]).toContain(stoppedAt);
    expect(first).toMatchObject({ status: 'interrupted', inserted: stoppedAt });
    expect(await countOf('import-resume', 250)).toBe(stoppedAt);

    const second = await importFile(db, path, { batchSize: 100 });
    expect(second).toMatchObject({
      status: 'done',
      resumed: true,
      startedAtLine: stoppedAt,
      inserted: 250 - stoppedAt,
      duplicatesBySource: 0,
      duplicatesByContent: 0,
    });
    expect(await countOf('import-resume', 250)).toBe(250);
    const [run] = await db.query<Record<string, unknown>>(
      'SELECT status, committed_lines, inserted FROM ingest_run WHERE id = $1',
      [second.status === 'done' ? second.runId : 0],
    );
    expect(run).toEqual({ status: 'done', committed_lines: 250, inserted: 250 });
  });

  it('keeps nothing of a batch cut off half-way, and the resumed import completes the file', async () => {
    const records = corpusRecords('import-crash', 250);
    const path = writeLines(
      'crash.ndjson',
      records.map((record) => JSON.stringify(record)),
    );
    const validation = await validateFile(path);
    const run = await createRun(db, {
      kind: 'file',
      source: path,
      fingerprint: validation.fingerprint,
      totalLines: validation.totalLines,
    });
    // The reader dies in the middle of the second batch (a killed process, a lost disk).
    async function* failingAt150(): AsyncGenerator<NumberedRecord> {
      for await (const line of readLines(path)) {
        if (line.number === 150) throw new Error('读取中断');
        const parsed = parseLine(line);
        if (parsed.kind === 'record' && parsed.ok) yield { line: line.number, record: parsed.record };
      }
    }
    await expect(ingestRecords(db, run, failingAt150(), { batchSize: 100 })).rejects.toThrow('读取中断');
    expect(await countOf('import-crash', 250)).toBe(100);

    const resumed = await importFile(db, path, { batchSize: 100 });
    expect(resumed).toMatchObject({ status: 'done', resumed: true, startedAtLine: 100, inserted: 150 });
    expect(await countOf('import-crash', 250)).toBe(250);
  });

  it('stores every catalog type, method and approval stage, and the database refuses unknown ones', async () => {
    const tender = corpusRecords('import-codes', 30).find((record) => record.announcementType === 'zb');
    if (!tender) throw new Error('no tender in the corpus');
    const base = { ...tender, approval: null, construction: null };
    const methods =
      DOCUMENT_TYPES.find((type) => type.code === 'zb')?.children.map((method) => method.code) ?? [];
    const inputs: TenderRecordInput[] = [
      ...DOCUMENT_TYPES.filter((type) => !['nj', 'sp'].includes(type.code)).map((type) => ({
        ...base,
        announcementType: type.code,
        noticeKind: null,
        sourceId: `codes-${type.code}`,
        title: `类型 ${type.code}`,
      })),
      ...methods.map((method) => ({
        ...base,
        announcementType: 'zb',
        procurementMethod: method,
        noticeKind: null,
        // Its own code: the same code, purchaser, type and method on one day is one notice (ADR 0041).
        projectCode: `${base.projectCode}-${method}`,
        sourceId: `codes-m-${method}`,
        title: `方式 ${method}`,
      })),
      ...APPROVAL_STAGES.map((stage) => ({
        ...base,
        announcementType: 'sp',
        procurementMethod: null,
        noticeKind: null,
        approval: { stage: stage.code },
        sourceId: `codes-s-${stage.code}`,
        title: `阶段 ${stage.code}`,
      })),
    ];
    const records = inputs.map((input) => {
      const validation = validateRecord(input);
      if (!validation.ok) throw new Error(JSON.stringify(validation.problems));
      return validation.record;
    });
    const written = await db.transaction((tx) => writeTenderRecords(tx, records));
    expect(written.inserted).toBe(records.length);
    await expect(
      db.query(
        `INSERT INTO tender_item (doc_type, title, body, publish_date, dedup_key) VALUES ('xx', 't', 'b', '2024-01-01', 'k')`,
      ),
    ).rejects.toThrow();
    await expect(
      db.query(
        `INSERT INTO tender_item (doc_type, notice_kind, title, body, publish_date, dedup_key)
         VALUES ('zb', 'award', 't', 'b', '2024-01-01', 'k2')`,
      ),
    ).rejects.toThrow();
  });
});
