import { randomBytes } from 'node:crypto';
import { type TenderRecordInput, validateRecord } from '../ingest/record';
import { writeTenderRecords } from '../tenders/service';
import type { TestServer } from '../test-support/test-server';

/**
 * Small hand-checked corpora for the company, analysis, prediction and export tests, written through the
 * importer's own path (`writeTenderRecords`), so the rollup triggers and the search index see what an import
 * writes. Company names carry a tag unique per call.
 */

export type CorpusRecord = Omit<TenderRecordInput, 'sourceId' | 'body'> & { key: string; body?: string };

/** Writes the records and answers their ids by `key`. */
export async function writeCorpus(server: TestServer, tag: string, records: CorpusRecord[]) {
  const validated = records.map(({ key, body, ...record }) => {
    const input = {
      ...record,
      sourceId: `corpus:${tag}:${key}`,
      body: body ?? `${record.title}\n详见附件。`,
    };
    const validation = validateRecord(input as TenderRecordInput);
    if (!validation.ok) throw new Error(`${key}: ${JSON.stringify(validation.problems)}`);
    return validation.record;
  });
  await server.db.transaction((tx) => writeTenderRecords(tx, validated));
  const rows = await server.db.query<{ id: number; source_id: string }>(
    'SELECT id, source_id FROM tender_item WHERE source_id LIKE $1',
    [`corpus:${tag}:%`],
  );
  return new Map(rows.map((row) => [row.source_id.slice(`corpus:${tag}:`.length), Number(row.id)]));
}

export async function companyIdOf(server: TestServer, name: string): Promise<number> {
  const [row] = await server.db.query<{ id: number }>('SELECT id FROM company WHERE name = $1', [name]);
  if (!row) throw new Error(`no company ${name}`);
  return Number(row.id);
}

export const newTag = () => randomBytes(4).toString('hex');

const SHENZHEN = { provinceCode: '440000', cityCode: '440300' };
const CHANGSHA = { provinceCode: '430000', cityCode: '430100' };

/**
 * Company profile corpus (figures checked by hand in companies.test.ts):
 * purchaser 医院 (Shenzhen) with two tenders (100万, 50万) and two results; 教育局 (Changsha) with one result;
 * winner 迈瑞 wins 60万 (2025), 45万 and 20万 (2026); 康达 wins 30万 and is a candidate; 启明 wins 10万.
 */
export async function addProfileCorpus(server: TestServer) {
  const tag = newTag();
  const names = {
    hospital: `深圳市第一人民医院${tag}`,
    bureau: `长沙市教育局${tag}`,
    agency: `广东华诚招标代理有限公司${tag}`,
    mindray: `深圳迈瑞医疗器械有限公司${tag}`,
    kangda: `广州康达医疗科技有限公司${tag}`,
    qiming: `湖南启明教育装备有限公司${tag}`,
  };
  const hospital = (contactName: string, contactPhone: string) => ({
    role: 'purchaser' as const,
    name: names.hospital,
    contactName,
    contactPhone,
  });
  const ids = await writeCorpus(server, tag, [
    {
      key: 'zb1',
      announcementType: 'zb',
      procurementMethod: 'gk',
      title: `医用耗材采购项目公开招标公告${tag}`,
      publishDate: '2025-03-01',
      region: SHENZHEN,
      industryCode: '84',
      budget: { fen: 100_000_000, raw: '100万元' },
      parties: [hospital('王建国', '13812345678'), { role: 'agency', name: names.agency }],
    },
    {
      key: 'jg1',
      announcementType: 'jg',
      noticeKind: 'award',
      title: `医用耗材采购项目中标结果公告${tag}`,
      publishDate: '2025-04-01',
      region: SHENZHEN,
      industryCode: '84',
      award: { fen: 90_000_000, raw: '90万元' },
      parties: [
        hospital('王建国', '13812345678'),
        { role: 'agency', name: names.agency },
        { role: 'winner', name: names.mindray, lot: '包1', award: { fen: 60_000_000, raw: '60万元' } },
        { role: 'winner', name: names.kangda, lot: '包2', award: { fen: 30_000_000, raw: '30万元' } },
        { role: 'candidate', name: names.kangda, lot: '包1', rank: 2 },
      ],
    },
    {
      key: 'zb2',
      announcementType: 'zb',
      procurementMethod: 'cs',
      title: `检验试剂采购项目竞争性磋商公告${tag}`,
      publishDate: '2026-01-10',
      region: SHENZHEN,
      industryCode: '84',
      budget: { fen: 50_000_000, raw: '50万元' },
      parties: [hospital('王建国', '13812345678')],
    },
    {
      key: 'jg2',
      announcementType: 'jg',
      noticeKind: 'deal',
      title: `检验试剂采购项目成交结果公告${tag}`,
      publishDate: '2026-02-10',
      region: SHENZHEN,
      industryCode: '84',
      award: { fen: 45_000_000, raw: '45万元' },
      parties: [
        hospital('李主任', '0755-12345678'),
        { role: 'winner', name: names.mindray, award: { fen: 45_000_000, raw: '45万元' } },
      ],
    },
    {
      key: 'jg3',
      announcementType: 'jg',
      noticeKind: 'award',
      title: `教学设备采购项目中标公告${tag}`,
      publishDate: '2026-02-20',
      region: CHANGSHA,
      industryCode: '83',
      award: { fen: 30_000_000, raw: '30万元' },
      parties: [
        { role: 'purchaser', name: names.bureau },
        { role: 'winner', name: names.mindray, lot: '包1', award: { fen: 20_000_000, raw: '20万元' } },
        { role: 'winner', name: names.qiming, lot: '包2', award: { fen: 10_000_000, raw: '10万元' } },
      ],
    },
  ]);
  const company = async (name: string) => companyIdOf(server, name);
  return {
    tag,
    ids,
    names,
    hospital: await company(names.hospital),
    bureau: await company(names.bureau),
    agency: await company(names.agency),
    mindray: await company(names.mindray),
    kangda: await company(names.kangda),
    qiming: await company(names.qiming),
  };
}
