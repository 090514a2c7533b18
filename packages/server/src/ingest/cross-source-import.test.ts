import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeRecord, type RawNotice } from '../crawl/notice-record';
import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { realCorpusDir } from '../extract/accuracy-command';
import { readRealNotices } from '../extract/real-corpus';
import { migrationsDir } from '../paths';
import { writeTenderRecords } from '../tenders/service';
import { testDatabaseTargets } from '../test-support/databases';
import type { NumberedRecord } from './service';

const cases = JSON.parse(readFileSync(join(import.meta.dirname, 'real-pairs', 'cases.json'), 'utf8')) as {
  chains: { notices: string[] }[];
  duplicates: { a: string; b: string }[];
};
const corpus = readRealNotices(realCorpusDir);
/** Notices whose copy states no publish date are placed on one day: the hardest case for the 7-day window. */
const UNDATED = '2024-01-01';

function raw(name: string, overrides: Partial<RawNotice> = {}): RawNotice {
  const notice = corpus.find((each) => each.name === name);
  if (!notice) throw new Error(`no notice ${name}`);
  return {
    content: notice.input,
    sourceUrl: notice.meta.sourceUrl ?? `https://corpus.invalid/${name}`,
    sourceName: notice.meta.site,
    sourceId: `corpus:${name}`,
    publishDate: notice.meta.publishDate ?? UNDATED,
    ...overrides,
  };
}

function record(notice: RawNotice): NumberedRecord['record'] {
  const read = noticeRecord(notice);
  if (!read.ok) throw new Error(`${notice.sourceId}: ${JSON.stringify(read.problems)}`);
  return read.record;
}

describe.each(testDatabaseTargets())(
  'one notice from two sources, one project chained, on $name',
  (target) => {
    let db: Database;

    beforeAll(async () => {
      db = await target.open();
      await migrate(db, readMigrations(migrationsDir));
    });

    afterAll(async () => {
      await db.close();
    });

    const write = (records: NumberedRecord['record'][]) =>
      db.transaction((tx) => writeTenderRecords(tx, records));

    it('stores a notice reposted by another site once, keeping both sources', async () => {
      const original = record(raw('szmc-stone-gk'));
      const repost = record(
        raw('szmc-stone-gk', {
          sourceUrl: 'https://aggregator.invalid/notice/8812',
          sourceName: '招标信息聚合站',
          sourceId: 'aggregator:8812',
          title: `转载：${original.title}`,
          publishDate: '2024-12-24',
        }),
      );
      expect(await write([original])).toMatchObject({ inserted: 1 });
      // A later import of the repost, and the repost again (by its own source id).
      expect(await write([repost])).toMatchObject({ inserted: 0, duplicatesByContent: 1 });
      expect(await write([repost])).toMatchObject({ inserted: 0, duplicatesBySource: 1 });
      const items = await db.query<{ id: number; source_url: string }>(
        'SELECT id::int AS id, source_url FROM tender_item WHERE project_code = $1',
        [original.projectCode],
      );
      expect(items).toEqual([{ id: expect.any(Number), source_url: original.sourceUrl }]);
      const sources = await db.query<{ item_id: number; source_url: string; source_name: string }>(
        'SELECT item_id::int AS item_id, source_url, source_name FROM tender_item_source',
      );
      expect(sources).toEqual([
        {
          item_id: items[0]?.id,
          source_url: 'https://aggregator.invalid/notice/8812',
          source_name: '招标信息聚合站',
        },
      ]);
    });

    it('chains a tender and its ending into one project', async () => {
      const tender = record(raw('szmc-stone-gk'));
      const failed = record(raw('szmc-stone-lb'));
      // Imported apart, the result after the tender; the tender is stored from the test before.
      expect(await write([failed])).toMatchObject({ inserted: 1 });
      const keys = await db.query<{ doc_type: string; project_key: string | null }>(
        'SELECT doc_type, project_key FROM tender_item WHERE project_code = $1 ORDER BY id',
        [tender.projectCode],
      );
      // The 采购失败 notice reads as 终止公告 (bg): a tender and its ending, one project.
      expect(keys.map((row) => row.doc_type)).toEqual(['zb', 'bg']);
      expect(keys[0]?.project_key).toBeTruthy();
      expect(keys[1]?.project_key).toBe(keys[0]?.project_key);
    });

    it('imports the whole real corpus: the real pairs merged, no merge beyond the eight known, the chains linked but two known (docs/performance.md)', async () => {
      await db.query('TRUNCATE tender_item CASCADE');
      const records = corpus.flatMap((notice) => {
        const read = noticeRecord(raw(notice.name));
        return read.ok ? [{ name: notice.name, record: read.record }] : [];
      });
      const outcome = await write(records.map((each) => each.record));
      const rows = await db.query<{ id: number; source_id: string; project_key: string | null }>(
        'SELECT id::int AS id, source_id, project_key FROM tender_item',
      );
      const keyOf = new Map(rows.map((row) => [row.source_id.replace(/^corpus:/, ''), row.project_key]));
      const itemOf = new Map(rows.map((row) => [row.source_id.replace(/^corpus:/, ''), row.id]));
      const sources = await db.query<{ item_id: number; source_url: string }>(
        'SELECT item_id::int AS item_id, source_url FROM tender_item_source',
      );
      const merged = records.filter((each) => !keyOf.has(each.name)).map((each) => each.name);
      const chainPairs = cases.chains.flatMap(({ notices }) =>
        notices.flatMap((a, index) => notices.slice(index + 1).map((b) => [a, b] as const)),
      );
      const isLinked = ([a, b]: readonly [string, string]) => !!keyOf.get(a) && keyOf.get(a) === keyOf.get(b);
      const linked = chainPairs.filter(isLinked).length;
      const chained = new Map<string, number>();
      for (const row of rows)
        if (row.project_key) chained.set(row.project_key, (chained.get(row.project_key) ?? 0) + 1);
      // A real pair is found when one copy is the item and the other's URL is kept as its second source.
      const urlOf = new Map(corpus.map((notice) => [notice.name, notice.meta.sourceUrl]));
      const isFound = ({ a, b }: { a: string; b: string }) =>
        [
          [a, b],
          [b, a],
        ].some(([kept = '', repost = '']) =>
          sources.some(
            (source) => source.item_id === itemOf.get(kept) && source.source_url === urlOf.get(repost),
          ),
        );
      const pairsFound = cases.duplicates.filter(isFound).length;
      const figures = {
        notices: records.length,
        items: outcome.inserted,
        merged,
        realPairs: cases.duplicates.length,
        pairsFound,
        chainPairs: chainPairs.length,
        linked,
        projectsOfSeveralNotices: [...chained.values()].filter((count) => count > 1).length,
      };
      process.stdout.write(`corpus import: ${JSON.stringify(figures)}\n`);
      // Every notice of the corpus is its own but the real pairs of cases.json (one copy of each is merged into the
      // other, its source kept): any other merge is a false one. Known, never more: two of three 北京 单一来源 results
      // (lots whose extracted facts are equal or absent: the same de-duplication key, as before ADR 0041), and
      // lnjd-college-7 and -8, two tenders their site's pages title with lnjd-college-5's 成交公告 title (read as that
      // result's reposts once their purchaser is read). And g-jxggzy-anfu-culture-centre-plan-2, a 招标计划 posted again
      // with its 投资额 corrected: the extractor reads neither figure (held-out), so nothing tells the two apart.
      // Tenth round, three more, held-out: two ggzy.gov.cn pages of one tender that differ only in the lot table of
      // their body (g-ggzy-lankao-preschool-support-lot1-gk and -lot2-gk, g-ggzy-lushan-school-repair-cs and
      // -annex-lot2-cs: the same code, name, buyer, budget and day — the lot is in no fact the key compares), and
      // e-chinamae-hospital-cleaning-yx, a masked 采购意向 whose title (`******医院`), buyer and day are as unknown as
      // another's of the same site.
      const inPairs = new Set(cases.duplicates.flatMap(({ a, b }) => [a, b]));
      expect(
        merged.filter(
          (name) =>
            !inPairs.has(name) &&
            ![
              'g-ggzy-bj-sport-oversight-cs',
              'g-ggzy-bj-sport-safety-cs',
              'lnjd-college-7',
              'lnjd-college-8',
              'g-jxggzy-anfu-culture-centre-plan-2',
              'g-ggzy-lankao-preschool-support-lot1-gk',
              'g-ggzy-lushan-school-repair-cs',
              'e-chinamae-hospital-cleaning-yx',
            ].includes(name),
        ),
      ).toEqual([]);
      expect(cases.duplicates.filter((pair) => !isFound(pair))).toEqual([]);
      // Chains left unlinked, known, never more: held-out notices whose project code and purchaser the extractor
      // misses (g-jxggzy-jian-manhole-gk → -bg), and the re-posted 招标计划 merged above.
      expect(chainPairs.filter((pair) => !isLinked(pair)).map(([a]) => a)).toEqual([
        'g-jxggzy-jian-manhole-gk',
        'g-jxggzy-anfu-culture-centre-plan-1',
      ]);
    });
  },
);
