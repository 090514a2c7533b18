import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importFile } from '../ingest/import-file';
import type { TenderRecordInput } from '../ingest/record';
import type { TestServer } from '../test-support/test-server';

/** Test data of the subscription, monitoring and push tests, imported through the real NDJSON import. */

/** Random Han characters: a word of them (practically) never occurs in other tests' items. */
export function hanWord(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(0x9000 + randomInt(0x0800))).join('');
}

let fileNumber = 0;

/** Imports records through the real NDJSON import (`tender-server import`), which runs the matcher after commit. */
export async function importRecords(server: TestServer, dir: string, records: TenderRecordInput[]) {
  fileNumber += 1;
  const path = join(dir, `import-${fileNumber}.ndjson`);
  writeFileSync(path, `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
  const result = await importFile(server.db, path);
  if (result.status !== 'done') throw new Error(`import ${result.status}`);
}

let recordNumber = 0;

/** A 招标公告 in Shenzhen, 公开招标, budget 500万元, unless told otherwise. */
export function tenderRecord(fields: Partial<TenderRecordInput> & { title: string }): TenderRecordInput {
  recordNumber += 1;
  return {
    sourceId: `sub-test:${Date.now()}:${recordNumber}:${randomInt(1e9)}`,
    announcementType: 'zb',
    procurementMethod: 'gk',
    body: `${fields.title}\n一、项目基本情况\n采购需求：办公设备一批\n二、其他\n本项目不接受联合体投标。`,
    publishDate: '2026-03-02',
    region: { provinceCode: '440000', cityCode: '440300', districtCode: '440305' },
    budget: { fen: 500_000_000, raw: '500万元' },
    ...fields,
  } as TenderRecordInput;
}
