import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractFields } from './extract-fields';
import type { ExtractedAmount, ExtractedFields } from './types';

/** One notice and the fields a person reads in it. */
export interface FixtureCase {
  name: string;
  /** The notice as published: `.html` or `.txt`. */
  file: string;
  input: string;
  expected: ExtractedFields;
}

/** The fixtures under a folder: every `NAME.html` / `NAME.txt` with its `NAME.expected.json`. */
export function readFixtures(dir: string): FixtureCase[] {
  return readdirSync(dir)
    .filter((file) => /\.(?:html|txt)$/.test(file))
    .sort()
    .map((file) => {
      const name = file.replace(/\.(?:html|txt)$/, '');
      return {
        name,
        file: join(dir, file),
        input: readFileSync(join(dir, file), 'utf8'),
        expected: JSON.parse(readFileSync(join(dir, `${name}.expected.json`), 'utf8')) as ExtractedFields,
      };
    });
}

/** Amounts agree when fen and unit do; `raw` only documents where the number came from. */
const amountKey = (amount: ExtractedAmount | null | undefined) =>
  amount ? `${amount.fen}${amount.unit}` : null;

/** The fields the accuracy table reports, each read the same way from expected and found fields. */
export const ACCURACY_FIELDS: readonly { field: string; read: (fields: ExtractedFields) => unknown }[] = [
  { field: 'title', read: (f) => f.title },
  { field: 'announcementType', read: (f) => f.announcementType },
  { field: 'procurementMethod', read: (f) => f.procurementMethod },
  { field: 'projectName', read: (f) => f.projectName },
  { field: 'projectCode', read: (f) => f.projectCode },
  { field: 'budget', read: (f) => amountKey(f.budget) },
  { field: 'ceilingPrice', read: (f) => amountKey(f.ceilingPrice) },
  { field: 'purchaser', read: (f) => f.purchaser },
  { field: 'agency', read: (f) => f.agency },
  { field: 'contacts', read: (f) => f.contacts },
  { field: 'deadlines.documentsFrom', read: (f) => f.deadlines?.documentsFrom ?? null },
  { field: 'deadlines.documentsUntil', read: (f) => f.deadlines?.documentsUntil ?? null },
  { field: 'deadlines.bidDeadline', read: (f) => f.deadlines?.bidDeadline ?? null },
  { field: 'deadlines.openingTime', read: (f) => f.deadlines?.openingTime ?? null },
  {
    field: 'winners',
    read: (f) => f.winners?.map((winner) => ({ ...winner, amount: amountKey(winner.amount) })) ?? null,
  },
  {
    field: 'region',
    read: (f) =>
      f.region ? [f.region.provinceCode, f.region.cityCode, f.region.districtCode].join('/') : null,
  },
  { field: 'approval', read: (f) => f.approval },
];

export interface FieldAccuracy {
  field: string;
  /** Fixtures that state the field. */
  expected: number;
  /** Stated, found and equal. */
  correct: number;
  /** Stated, found, but different. */
  wrong: number;
  /** Stated, not found. */
  missed: number;
  /** Not stated (or masked), yet something was found: garbage. */
  spurious: number;
  /** correct / expected; 1 when no fixture states the field. */
  accuracy: number;
  /** Fixtures where the field was wrong, missed or spurious. */
  failures: string[];
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Per-field accuracy of `extractFields` over fixtures: found-and-correct / expected. */
export function measureAccuracy(cases: readonly FixtureCase[]): FieldAccuracy[] {
  const found = cases.map((fixture) => extractFields(fixture.input));
  return ACCURACY_FIELDS.map(({ field, read }) => {
    const row: FieldAccuracy = {
      field,
      expected: 0,
      correct: 0,
      wrong: 0,
      missed: 0,
      spurious: 0,
      accuracy: 1,
      failures: [],
    };
    cases.forEach((fixture, index) => {
      const want = read(fixture.expected);
      const got = read(found[index] as ExtractedFields);
      if (want === null) {
        if (got !== null) {
          row.spurious += 1;
          row.failures.push(fixture.name);
        }
        return;
      }
      row.expected += 1;
      if (got === null) {
        row.missed += 1;
        row.failures.push(fixture.name);
      } else if (same(want, got)) {
        row.correct += 1;
      } else {
        row.wrong += 1;
        row.failures.push(fixture.name);
      }
    });
    row.accuracy = row.expected === 0 ? 1 : row.correct / row.expected;
    return row;
  });
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The accuracy rows as a Markdown table (docs/performance.md). */
export function accuracyTable(rows: readonly FieldAccuracy[]): string {
  const total = rows.reduce(
    (sum, row) => ({
      expected: sum.expected + row.expected,
      correct: sum.correct + row.correct,
      wrong: sum.wrong + row.wrong,
      missed: sum.missed + row.missed,
      spurious: sum.spurious + row.spurious,
    }),
    { expected: 0, correct: 0, wrong: 0, missed: 0, spurious: 0 },
  );
  const lines = [
    '| field | expected | correct | wrong | missed | spurious | accuracy | failing fixtures |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (row) =>
        `| ${row.field} | ${row.expected} | ${row.correct} | ${row.wrong} | ${row.missed} | ${row.spurious} | ${percent(row.accuracy)} | ${row.failures.join(', ')} |`,
    ),
    `| **all fields** | ${total.expected} | ${total.correct} | ${total.wrong} | ${total.missed} | ${total.spurious} | ${percent(total.expected === 0 ? 1 : total.correct / total.expected)} | |`,
  ];
  return lines.join('\n');
}
