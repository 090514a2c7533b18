import type { dataExportOrderEndpoint, EndpointRequest } from '@tender/contracts';
import { formatAmountRange, parseAmountRange, withMinAmountRule } from '@tender/domain';
import { messages } from './messages';

/** What an export sends: searchList's filters without the page (contracts `exportConditionsSchema`). */
export type ExportConditionsInput = EndpointRequest<typeof dataExportOrderEndpoint>;

/** The /dataExport form as the user fills it: text fields as typed, lists of codes. */
export interface ExportForm {
  keyword: string;
  /** docchnnel codes (zb, jg …); none is every type. */
  types: string[];
  /** Area codes of selArea (440000 …); none is the whole country. */
  area: string[];
  /** 万元, as typed. */
  minAmount: string;
  maxAmount: string;
  /** YYYY-MM-DD or ''. */
  startDate: string;
  endDate: string;
}

export const EMPTY_EXPORT_FORM: ExportForm = {
  keyword: '',
  types: [],
  area: [],
  minAmount: '',
  maxAmount: '',
  startDate: '',
  endDate: '',
};

export type ExportFormErrors = Partial<Record<keyof ExportForm, string>>;

const AMOUNT = /^\d+(?:\.\d+)?$/;
const KEYWORD_MAX = 100;

/** The form's mistakes, each naming its field in Chinese; empty when the form can be sent. */
export function validateExportForm(form: ExportForm): ExportFormErrors {
  const t = messages.dataExport;
  const errors: ExportFormErrors = {};
  if (form.keyword.trim().length > KEYWORD_MAX) errors.keyword = t.keywordTooLong;
  const min = form.minAmount.trim();
  const max = form.maxAmount.trim();
  if (min !== '' && !AMOUNT.test(min)) errors.minAmount = t.amountInvalid(t.minAmount);
  if (max !== '' && !AMOUNT.test(max)) errors.maxAmount = t.amountInvalid(t.maxAmount);
  if (!errors.minAmount && !errors.maxAmount && min !== '' && max !== '' && Number(min) > Number(max)) {
    errors.minAmount = t.amountOrder;
  }
  if (form.startDate && form.endDate && form.startDate > form.endDate) errors.startDate = t.dateOrder;
  return errors;
}

/**
 * The conditions a valid form sends. The amount goes as 'min,max' after spec §5's rule: a lower bound of 0 with an
 * upper bound is sent as 0.01.
 */
export function exportConditionsOf(form: ExportForm): ExportConditionsInput {
  const conditions: ExportConditionsInput = {};
  const keyword = form.keyword.trim();
  if (keyword) conditions.keyword = keyword;
  if (form.types.length > 0) conditions.docchnnel = form.types;
  if (form.area.length > 0) conditions.area = form.area;
  const min = form.minAmount.trim();
  const max = form.maxAmount.trim();
  if (min !== '' || max !== '') {
    const bounds = withMinAmountRule({
      minAmount: min === '' ? undefined : Number(min),
      maxAmount: max === '' ? undefined : Number(max),
    });
    conditions.amount = formatAmountRange({ min: bounds.minAmount, max: bounds.maxAmount });
  }
  if (form.startDate) conditions.startDate = form.startDate;
  if (form.endDate) conditions.endDate = form.endDate;
  return conditions;
}

function textList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === 'string');
  if (typeof value === 'string') return value.split(',').filter((entry) => entry.trim() !== '');
  return [];
}

function amountBounds(value: unknown): { min: string; max: string } {
  if (typeof value !== 'string' || value === '') return { min: '', max: '' };
  try {
    const { min, max } = parseAmountRange(value);
    return { min: min === undefined ? '' : String(min), max: max === undefined ? '' : String(max) };
  } catch {
    return { min: '', max: '' };
  }
}

/** The form filled from stored conditions (getLastExportCondition, an export record); unknown fields ignored. */
export function exportFormOf(conditions: Record<string, unknown> | null | undefined): ExportForm {
  if (!conditions) return EMPTY_EXPORT_FORM;
  const { min, max } = amountBounds(conditions.amount);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    keyword: [text(conditions.keyword), ...textList(conditions.keywordList)].join(' ').trim(),
    types: textList(conditions.docchnnel),
    area: textList(conditions.area),
    minAmount: min,
    maxAmount: max,
    startDate: text(conditions.startDate),
    endDate: text(conditions.endDate),
  };
}

/** Names of codes (types, areas) for the summary; a code without a name shows as itself. */
export type ConditionNames = Readonly<Record<string, string>>;

export interface ConditionLine {
  label: string;
  value: string;
}

/** The conditions as lines a person reads (导出条件): only what is set; none is 全部信息. */
export function conditionSummary(
  conditions: Record<string, unknown>,
  names: ConditionNames = {},
): ConditionLine[] {
  const labels = messages.conditionLabels;
  const form = exportFormOf(conditions);
  const named = (codes: string[]) => codes.map((code) => names[code] ?? code).join('、');
  const lines: ConditionLine[] = [];
  if (form.keyword) lines.push({ label: labels.keyword, value: form.keyword });
  if (form.types.length > 0) lines.push({ label: labels.types, value: named(form.types) });
  if (form.area.length > 0) lines.push({ label: labels.area, value: named(form.area) });
  if (form.minAmount || form.maxAmount) {
    lines.push({
      label: labels.amount,
      value: `${form.minAmount || labels.unbounded} ~ ${form.maxAmount || labels.unbounded}`,
    });
  }
  if (form.startDate || form.endDate) {
    lines.push({
      label: labels.dates,
      value: `${form.startDate || labels.unbounded} ~ ${form.endDate || labels.unbounded}`,
    });
  }
  return lines;
}
