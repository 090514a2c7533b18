import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractFields } from './extract-fields';
import { readNoticeFile } from './notice-file';
import type { ExtractedFields } from './types';

/**
 * The corpus of real public notices (real/README.md): each `NAME.html|txt` beside `NAME.meta.json` (where it was
 * published and where it was found) and `NAME.label.json` (what a person reads in it).
 */

/** What a person reads in a notice; `null` where the notice does not state the value or masks it. */
export interface NoticeLabel {
  projectName: string | null;
  projectCode: string | null;
  budgetFen: number | null;
  purchaser: string | null;
  agency: string | null;
  procurementMethod: string | null;
  provinceCode: string | null;
  /** 投标/响应文件提交截止 as the extractor writes it (`2025-03-26T09:30:00+08:00`, or the day alone). */
  bidDeadline: string | null;
  /** Order and lot names are not compared; a winner whose amount is masked or not a sum has `amountFen: null`. */
  winners: { supplier: string; amountFen: number | null }[] | null;
  /**
   * The numbers of the purchaser's, the agency's and the project's contact people, as the extractor writes numbers
   * (`0415-2590966`, `13800000000`). Found when every one is among the extracted numbers: other numbers a notice
   * gives (supervision office, help desks) may be extracted as well.
   */
  phones: string[] | null;
  /** The fields the notice states masked (`***`, `(略)`, `点击查看` …): they must come out `null`. */
  masked: string[];
  /**
   * Award notices only (absent on other labels): how long the contract runs, as the notice states it — the phrase
   * and its length in months — or `null` when the notice states no period. Scored by src/renewal.
   */
  servicePeriod?: { text: string; months: number } | null;
}

export interface NoticeMeta {
  /** The publishing site, as the split manifest names it. */
  site: string;
  sourceUrl: string | null;
  publishDate: string | null;
}

export interface RealNotice {
  name: string;
  file: string;
  input: string;
  meta: NoticeMeta;
  label: NoticeLabel;
}

export type CorpusPart = 'development' | 'held-out';

/**
 * The split rule, fixed once for every site present and to come: a site is held out when the first byte of the
 * SHA-256 of its name is odd. Nobody picks which site lands where, so nobody can pick the easy ones.
 */
export function partOfSite(site: string): CorpusPart {
  const firstByte = createHash('sha256').update(site, 'utf8').digest()[0] ?? 0;
  return firstByte % 2 === 1 ? 'held-out' : 'development';
}

export interface Manifest {
  rule: string;
  sites: Record<string, CorpusPart>;
}

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
}

/** Every notice under `dir/notices`, in name order. */
export function readRealNotices(dir: string): RealNotice[] {
  const notices = join(dir, 'notices');
  return readdirSync(notices)
    .filter((file) => /\.(?:html|txt)$/.test(file))
    .sort()
    .map((file) => {
      const name = file.replace(/\.(?:html|txt)$/, '');
      const json = <T>(suffix: string) =>
        JSON.parse(readFileSync(join(notices, `${name}.${suffix}.json`), 'utf8')) as T;
      return {
        name,
        file: join(notices, file),
        input: readNoticeFile(join(notices, file)),
        meta: json<NoticeMeta>('meta'),
        label: json<NoticeLabel>('label'),
      };
    });
}

type LabelField = Exclude<keyof NoticeLabel, 'masked'>;

const sortedWinners = (winners: NoticeLabel['winners']) =>
  winners
    ? [...winners]
        .map((winner) => `${winner.supplier}|${winner.amountFen ?? ''}`)
        .sort()
        .join('\n')
    : null;
const phoneSet = (phones: readonly string[] | null) =>
  phones && phones.length > 0 ? [...new Set(phones)] : null;
const same = (want: unknown, got: unknown) => JSON.stringify(want) === JSON.stringify(got);

/** The scored fields, each read the same way from a label and from the extractor's output. */
export const REAL_FIELDS: readonly {
  field: LabelField;
  fromLabel: (label: NoticeLabel) => unknown;
  fromFields: (fields: ExtractedFields) => unknown;
  /** Whether a stated value was found; equality unless given. */
  matches?: (want: unknown, got: unknown) => boolean;
}[] = [
  { field: 'projectName', fromLabel: (l) => l.projectName, fromFields: (f) => f.projectName },
  { field: 'projectCode', fromLabel: (l) => l.projectCode, fromFields: (f) => f.projectCode },
  { field: 'budgetFen', fromLabel: (l) => l.budgetFen, fromFields: (f) => f.budget?.fen ?? null },
  { field: 'purchaser', fromLabel: (l) => l.purchaser, fromFields: (f) => f.purchaser },
  { field: 'agency', fromLabel: (l) => l.agency, fromFields: (f) => f.agency },
  {
    field: 'procurementMethod',
    fromLabel: (l) => l.procurementMethod,
    fromFields: (f) => f.procurementMethod,
  },
  {
    field: 'provinceCode',
    fromLabel: (l) => l.provinceCode,
    fromFields: (f) => f.region?.provinceCode ?? null,
  },
  {
    field: 'bidDeadline',
    fromLabel: (l) => l.bidDeadline,
    fromFields: (f) => f.deadlines?.bidDeadline ?? null,
  },
  {
    field: 'winners',
    fromLabel: (l) => sortedWinners(l.winners),
    fromFields: (f) =>
      sortedWinners(
        f.winners?.map((w) => ({ supplier: w.supplier, amountFen: w.amount?.fen ?? null })) ?? null,
      ),
  },
  {
    field: 'phones',
    fromLabel: (l) => phoneSet(l.phones),
    fromFields: (f) =>
      phoneSet(f.contacts?.flatMap((contact) => contact.phones.map((p) => p.number)) ?? null),
    matches: (want, got) =>
      Array.isArray(want) && Array.isArray(got) && want.every((phone) => got.includes(phone)),
  },
];

export interface RealFieldScore {
  field: string;
  /** Notices that state the field. */
  stated: number;
  /** Stated, and extracted equal. */
  correct: number;
  /** Notices that do not state it or mask it. */
  absent: number;
  /** Absent, and extracted as `null`. */
  nullWhenAbsent: number;
  /** Notices where the field came out wrong, missing or spurious. */
  failures: string[];
}

export interface PartScore {
  part: CorpusPart;
  notices: number;
  sites: number;
  fields: RealFieldScore[];
}

/** Scores the extractor on the notices of one part of the corpus. */
export function scorePart(part: CorpusPart, notices: readonly RealNotice[]): PartScore {
  const found = notices.map((notice) => extractFields(notice.input));
  const fields = REAL_FIELDS.map(({ field, fromLabel, fromFields, matches = same }) => {
    const score: RealFieldScore = {
      field,
      stated: 0,
      correct: 0,
      absent: 0,
      nullWhenAbsent: 0,
      failures: [],
    };
    notices.forEach((notice, index) => {
      const want = fromLabel(notice.label);
      const got = fromFields(found[index] as ExtractedFields);
      if (want === null) {
        score.absent += 1;
        if (got === null) score.nullWhenAbsent += 1;
        else score.failures.push(notice.name);
      } else {
        score.stated += 1;
        if (matches(want, got)) score.correct += 1;
        else score.failures.push(notice.name);
      }
    });
    return score;
  });
  return { part, notices: notices.length, sites: new Set(notices.map((n) => n.meta.site)).size, fields };
}

/** The development and held-out scores of the corpus under `dir`, split by the manifest. */
export function scoreCorpus(dir: string): PartScore[] {
  const manifest = readManifest(dir);
  const notices = readRealNotices(dir);
  const partOf = (notice: RealNotice) => {
    const part = manifest.sites[notice.meta.site];
    if (!part) throw new Error(`公告 ${notice.name} 的发布网站「${notice.meta.site}」不在 manifest.json 中`);
    return part;
  };
  return (['development', 'held-out'] as const).map((part) =>
    scorePart(
      part,
      notices.filter((notice) => partOf(notice) === part),
    ),
  );
}

const ratio = (numerator: number, denominator: number) =>
  denominator === 0 ? '—' : `${((numerator / denominator) * 100).toFixed(1)}% (${numerator}/${denominator})`;

/** One part's scores as a Markdown table (docs/performance.md "Field extraction on real notices"). */
export function partTable(score: PartScore): string {
  const total = score.fields.reduce(
    (sum, field) => ({
      stated: sum.stated + field.stated,
      correct: sum.correct + field.correct,
      absent: sum.absent + field.absent,
      nullWhenAbsent: sum.nullWhenAbsent + field.nullWhenAbsent,
    }),
    { stated: 0, correct: 0, absent: 0, nullWhenAbsent: 0 },
  );
  return [
    `${score.part}: ${score.notices} notices from ${score.sites} sites`,
    '',
    '| field | accuracy where stated | null where absent or masked | failing notices |',
    '| --- | ---: | ---: | --- |',
    ...score.fields.map(
      (field) =>
        `| ${field.field} | ${ratio(field.correct, field.stated)} | ${ratio(field.nullWhenAbsent, field.absent)} | ${field.failures.join(', ')} |`,
    ),
    `| **all fields** | ${ratio(total.correct, total.stated)} | ${ratio(total.nullWhenAbsent, total.absent)} | |`,
  ].join('\n');
}
