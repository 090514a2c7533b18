import { formatDateTime, toEpochMillis } from '@tender/domain';
import { z } from 'zod';
import { APPROVAL_STAGES } from '../catalog/approval-stages';
import { areaCatalog } from '../catalog/area-catalog';
import { DOCUMENT_TYPES } from '../catalog/document-types';
import { INDUSTRIES } from '../catalog/industries';
import { messages } from '../messages';
import { NOTICE_KINDS, PARTY_ROLES } from '../tenders/codes';

/**
 * One line of an import file (docs/data-format.md "Import format (NDJSON)"): one announcement or project record.
 * The demo corpus produces the same records, so the demo loader and the importer share one path. Field names
 * follow the field extractor's (src/extract) where they overlap: amounts `{fen, raw}`, `deadlines`, `region`.
 */

const text = messages.ingest;
const chineseFallback = z.locales.zhCN().localeError;

const ANNOUNCEMENT_TYPES = DOCUMENT_TYPES.map((type) => type.code) as [string, ...string[]];
const PROCUREMENT_METHODS = (DOCUMENT_TYPES.find((type) => type.code === 'zb')?.children ?? []).map(
  (method) => method.code,
) as [string, ...string[]];
const STAGE_CODES = APPROVAL_STAGES.map((stage) => stage.code) as [string, ...string[]];
const INDUSTRY_DIVISIONS = new Set(INDUSTRIES.flatMap((section) => section.children.map((d) => d.code)));
/** Project records (拟建, 审批): no procurement method, but approval and construction facts. */
export const PROJECT_TYPES: ReadonlySet<string> = new Set(['nj', 'sp']);

const MAX_FEN = Number.MAX_SAFE_INTEGER;

/** Trimmed text without NUL characters (PostgreSQL refuses them), 1–max characters. */
const textField = (max: number) =>
  z
    .string()
    .overwrite((value) => value.replaceAll('\u0000', ''))
    .trim()
    .min(1, text.empty)
    .max(max, text.tooLong(max));

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Epoch ms of a date text; impossible days (2024-02-30) are refused, not rolled over. */
function readInstant(value: string): number | undefined {
  return DATE_TIME.test(value) ? toEpochMillis(value) : undefined;
}

const inYearRange = (isoDate: string) => {
  const year = Number(isoDate.slice(0, 4));
  return year >= 2000 && year <= 2099;
};

/** A day in China time: 'YYYY-MM-DD', or a date-time whose China date is taken. Answers 'YYYY-MM-DD'. */
const chinaDate = z.string().transform((value, context) => {
  const trimmed = value.trim();
  const millis = readInstant(trimmed);
  if (millis === undefined) {
    context.addIssue({ code: 'custom', message: text.badDate });
    return z.NEVER;
  }
  const date = DATE_ONLY.test(trimmed) ? trimmed : formatDateTime(millis, 'YYYY-MM-DD');
  if (!inYearRange(date)) {
    context.addIssue({ code: 'custom', message: text.yearOutOfRange });
    return z.NEVER;
  }
  return date;
});

/** An instant: zone-less texts are China time, a date alone is its 00:00. Answers ISO 8601 in UTC. */
const chinaDateTime = z.string().transform((value, context) => {
  const trimmed = value.trim();
  const millis = readInstant(trimmed);
  if (millis === undefined) {
    context.addIssue({ code: 'custom', message: text.badDateTime });
    return z.NEVER;
  }
  if (!inYearRange(formatDateTime(millis, 'YYYY-MM-DD'))) {
    context.addIssue({ code: 'custom', message: text.yearOutOfRange });
    return z.NEVER;
  }
  return new Date(millis).toISOString();
});

/** 'YYYY-MM' → the month's first day. */
const month = z.string().transform((value, context) => {
  const match = /^(\d{4})-(\d{2})$/.exec(value.trim());
  const monthNumber = Number(match?.[2]);
  if (!match || monthNumber < 1 || monthNumber > 12) {
    context.addIssue({ code: 'custom', message: text.badMonth });
    return z.NEVER;
  }
  if (!inYearRange(`${match[1]}-01-01`)) {
    context.addIssue({ code: 'custom', message: text.yearOutOfRange });
    return z.NEVER;
  }
  return `${match[1]}-${match[2]}-01`;
});

/** `{fen, raw}`; `unit` is accepted so the field extractor's amounts (src/extract) pass as they are. */
const amount = z.strictObject({
  fen: z.number().int().min(0, text.tooSmall(0)).max(MAX_FEN, text.tooBig(MAX_FEN)),
  raw: textField(500).nullish(),
  unit: z.enum(['元', '万元', '亿元'], { error: text.oneOf('元、万元、亿元') }).nullish(),
});

const sixDigits = z.string().regex(/^\d{6}$/, { error: (issue) => text.unknownArea(String(issue.input)) });

function isKnownArea(code: string): boolean {
  return areaCatalog().resolveCode(code) === code;
}

/** GB/T 2260 codes, each inside the one before it (a municipality's district is under its 1101xx city). */
function checkAreaCodes(
  area: { provinceCode?: string | null; cityCode?: string | null; districtCode?: string | null },
  context: z.RefinementCtx,
): void {
  const problem = areaProblem(area);
  if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.reason });
}

function areaProblem(area: {
  provinceCode?: string | null;
  cityCode?: string | null;
  districtCode?: string | null;
}): FieldProblem | undefined {
  const { provinceCode, cityCode, districtCode } = area;
  if (!provinceCode) {
    if (!cityCode && !districtCode) return undefined;
    return { field: cityCode ? 'cityCode' : 'districtCode', reason: text.areaWithoutProvince };
  }
  if (!isKnownArea(provinceCode)) return { field: 'provinceCode', reason: text.unknownArea(provinceCode) };
  if (!provinceCode.endsWith('0000'))
    return { field: 'provinceCode', reason: text.notProvince(provinceCode) };
  if (cityCode) {
    if (!isKnownArea(cityCode)) return { field: 'cityCode', reason: text.unknownArea(cityCode) };
    if (cityCode.slice(0, 2) !== provinceCode.slice(0, 2) || cityCode === provinceCode) {
      return { field: 'cityCode', reason: text.areaOutside(cityCode, provinceCode) };
    }
  }
  if (!districtCode) return undefined;
  if (!isKnownArea(districtCode)) return { field: 'districtCode', reason: text.unknownArea(districtCode) };
  const parent = cityCode ?? provinceCode;
  const prefixLength = cityCode ? 4 : 2;
  if (districtCode.slice(0, prefixLength) !== parent.slice(0, prefixLength) || districtCode === parent) {
    return { field: 'districtCode', reason: text.areaOutside(districtCode, parent) };
  }
  return undefined;
}

const areaCodes = {
  provinceCode: sixDigits.nullish(),
  cityCode: sixDigits.nullish(),
  districtCode: sixDigits.nullish(),
};

const region = z.strictObject(areaCodes).superRefine(checkAreaCodes);

const party = z
  .strictObject({
    role: z.enum(PARTY_ROLES, { error: text.oneOf(PARTY_ROLES.join('、')) }),
    name: textField(200),
    lot: textField(100).nullish(),
    rank: z.number().int().min(1, text.tooSmall(1)).max(99, text.tooBig(99)).nullish(),
    award: amount.nullish(),
    contactName: textField(100).nullish(),
    contactPhone: textField(100).nullish(),
    address: textField(300).nullish(),
    creditCode: z
      .string()
      .trim()
      .regex(/^[0-9A-Z]{18}$/, text.badCreditCode)
      .nullish(),
    ...areaCodes,
  })
  .superRefine(checkAreaCodes);

const deadlines = z.strictObject({
  documentsFrom: chinaDateTime.nullish(),
  documentsUntil: chinaDateTime.nullish(),
  bidDeadline: chinaDateTime.nullish(),
  openingTime: chinaDateTime.nullish(),
});

const approval = z.strictObject({
  stage: z.enum(STAGE_CODES, { error: text.oneOf(STAGE_CODES.join('、')) }).nullish(),
  authority: textField(200).nullish(),
  approvalCode: textField(100).nullish(),
  documentNumber: textField(200).nullish(),
  result: textField(200).nullish(),
  date: chinaDate.nullish(),
});

const construction = z.strictObject({
  totalInvestment: amount.nullish(),
  site: textField(500).nullish(),
  scale: textField(5000).nullish(),
  plannedStart: chinaDate.nullish(),
  plannedEnd: chinaDate.nullish(),
});

const NOTICE_KINDS_OF: Record<string, readonly string[]> = NOTICE_KINDS;

export const tenderRecordSchema = z
  .strictObject({
    sourceId: textField(200).nullish(),
    sourceUrl: z
      .string()
      .trim()
      .max(2000, text.tooLong(2000))
      .regex(/^https?:\/\/\S+$/i, text.badUrl)
      .nullish(),
    sourceName: textField(200).nullish(),
    announcementType: z.enum(ANNOUNCEMENT_TYPES, { error: text.oneOf(ANNOUNCEMENT_TYPES.join('、')) }),
    procurementMethod: z
      .enum(PROCUREMENT_METHODS, { error: text.oneOf(PROCUREMENT_METHODS.join('、')) })
      .nullish(),
    noticeKind: z
      .enum([...NOTICE_KINDS.bg, ...NOTICE_KINDS.jg] as [string, ...string[]], {
        error: text.oneOf([...NOTICE_KINDS.bg, ...NOTICE_KINDS.jg].join('、')),
      })
      .nullish(),
    title: textField(500),
    body: textField(2_000_000),
    publishDate: chinaDate,
    projectKey: textField(200).nullish(),
    projectCode: textField(100).nullish(),
    projectName: textField(500).nullish(),
    region: region.nullish(),
    industryCode: z
      .string()
      .trim()
      .refine((code) => INDUSTRY_DIVISIONS.has(code), {
        error: (issue) => text.unknownIndustry(String(issue.input)),
      })
      .nullish(),
    budget: amount.nullish(),
    award: amount.nullish(),
    deadlines: deadlines.nullish(),
    expectedPurchaseMonth: month.nullish(),
    parties: z.array(party).max(200, text.tooManyItems(200)).nullish(),
    approval: approval.nullish(),
    construction: construction.nullish(),
  })
  .superRefine((record, context) => {
    const type = record.announcementType;
    const isProject = PROJECT_TYPES.has(type);
    if (isProject && record.procurementMethod) {
      context.addIssue({ code: 'custom', path: ['procurementMethod'], message: text.methodNotForProjects });
    }
    if (record.noticeKind) {
      const allowed = NOTICE_KINDS_OF[type];
      if (!allowed) {
        context.addIssue({ code: 'custom', path: ['noticeKind'], message: text.noticeKindOnlyBgJg });
      } else if (!allowed.includes(record.noticeKind)) {
        context.addIssue({
          code: 'custom',
          path: ['noticeKind'],
          message: text.noticeKindFor(type, allowed.join('、')),
        });
      }
    }
    if (!isProject) {
      for (const field of ['approval', 'construction'] as const) {
        if (record[field])
          context.addIssue({ code: 'custom', path: [field], message: text.projectFieldsOnly });
      }
    }
    if (type === 'sp' && !record.approval?.stage) {
      context.addIssue({ code: 'custom', path: ['approval', 'stage'], message: text.approvalStageRequired });
    }
  });

/** A record as written in the file (and as the corpus generator makes it). */
export type TenderRecordInput = z.input<typeof tenderRecordSchema>;
/** A validated record: dates as 'YYYY-MM-DD', instants as ISO 8601 UTC, text trimmed. */
export type TenderRecord = z.output<typeof tenderRecordSchema>;
export type TenderParty = NonNullable<TenderRecord['parties']>[number];

const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  object: '对象',
  array: '数组',
  boolean: '布尔值',
};

/** Chinese reasons an operator can act on; the zod zh-CN locale for anything rarer. */
function chineseReason(issue: Parameters<typeof chineseFallback>[0]): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? text.required
        : text.expected(TYPE_NAMES[issue.expected] ?? issue.expected);
    case 'too_small':
      if (issue.origin === 'string') return text.empty;
      if (issue.origin === 'number') return text.tooSmall(Number(issue.minimum));
      return undefined;
    case 'too_big':
      if (issue.origin === 'string') return text.tooLong(Number(issue.maximum));
      if (issue.origin === 'array') return text.tooManyItems(Number(issue.maximum));
      if (issue.origin === 'number') return text.tooBig(Number(issue.maximum));
      return undefined;
    case 'unrecognized_keys':
      return text.unknownField;
    default:
      return undefined;
  }
}

function errorMap(issue: Parameters<typeof chineseFallback>[0]) {
  return chineseReason(issue) ?? chineseFallback(issue);
}

/** One problem of one line: which field (`parties[1].name`, or 整行) and why, in Chinese. */
export interface FieldProblem {
  field: string;
  reason: string;
}

function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`))
    .join('');
}

export type RecordValidation = { ok: true; record: TenderRecord } | { ok: false; problems: FieldProblem[] };

/** Validates one parsed JSON value against the record schema. */
export function validateRecord(value: unknown): RecordValidation {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problems: [{ field: text.wholeLine, reason: text.notObject }] };
  }
  const result = tenderRecordSchema.safeParse(value, { error: errorMap });
  if (result.success) return { ok: true, record: result.data };
  const problems = result.error.issues.flatMap((issue): FieldProblem[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: fieldPath([...issue.path, key]), reason: issue.message }));
    }
    return [{ field: issue.path.length ? fieldPath(issue.path) : text.wholeLine, reason: issue.message }];
  });
  return { ok: false, problems };
}
