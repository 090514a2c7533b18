import type { MemberLevel, PrivilegeKey } from '@tender/contracts';
import { type PrivilegeValue, parsePrivilege } from '@tender/domain';
import { messages } from '../messages';

const text = messages.comparison;
const { item, time, company, project, group } = text.units;

/** How a row's cells are worded. */
type RowFormat =
  /** A daily quota: 'N条/天' (putong's is its free trial: '免费试用N条/天'). */
  | { kind: 'perDay'; unit: string }
  /** A total: 'N家', 'N个', 'N组'. */
  | { kind: 'total'; unit: string }
  /** Subscription groups with words per group: 'X组，每组Y个词'. */
  | { kind: 'groups'; words: PrivilegeKey }
  /** Yes or no: '支持' / '不支持'. */
  | { kind: 'yesNo' };

/** The brand flags that hide rows (spec §1: data export, analysis) — a BrandManifest's `flags` fits. */
export interface ComparisonFeatures {
  export: boolean;
  analysis: boolean;
}

interface RowDefinition {
  group: keyof typeof text.groups;
  key: PrivilegeKey & keyof typeof text.rows;
  format: RowFormat;
  shownIf?: (features: ComparisonFeatures) => boolean;
}

/** spec §2 Membership modal: every row of the comparison table, in the spec's order. */
export const COMPARISON_ROWS: readonly RowDefinition[] = [
  { group: 'daily', key: 'watchZhaobiao', format: { kind: 'perDay', unit: item } },
  { group: 'daily', key: 'watchDesignedProject', format: { kind: 'perDay', unit: item } },
  { group: 'daily', key: 'shenPiProject', format: { kind: 'perDay', unit: item } },
  { group: 'daily', key: 'purchaseDetail', format: { kind: 'perDay', unit: item } },
  { group: 'daily', key: 'preProjectDetail', format: { kind: 'perDay', unit: item } },
  {
    group: 'subscriptions',
    key: 'subscribeZhaobiao',
    format: { kind: 'groups', words: 'subscribeZhaobiaoKeyword' },
  },
  {
    group: 'subscriptions',
    key: 'subscribeZhongbiao',
    format: { kind: 'groups', words: 'subscribeZhongbiaoKeyword' },
  },
  {
    group: 'subscriptions',
    key: 'preProjectSubscribe',
    format: { kind: 'groups', words: 'preProjectSubscribeKeyword' },
  },
  { group: 'subscriptions', key: 'subscribeDesignedProject', format: { kind: 'total', unit: group } },
  { group: 'monitoring', key: 'companyMonitor', format: { kind: 'total', unit: company } },
  { group: 'monitoring', key: 'projectMonitor', format: { kind: 'total', unit: project } },
  { group: 'features', key: 'downloadExpansion', format: { kind: 'yesNo' } },
  { group: 'features', key: 'detailLink', format: { kind: 'perDay', unit: time } },
  { group: 'features', key: 'havePcLogin', format: { kind: 'yesNo' } },
  { group: 'features', key: 'downloadAnnouncement', format: { kind: 'perDay', unit: time } },
  { group: 'features', key: 'watchDesignedProjectConnector', format: { kind: 'perDay', unit: item } },
  {
    group: 'features',
    key: 'downloadProject',
    format: { kind: 'perDay', unit: item },
    shownIf: (features) => features.export,
  },
  {
    group: 'features',
    key: 'projectAnalyzer',
    format: { kind: 'perDay', unit: time },
    shownIf: (features) => features.analysis,
  },
  { group: 'features', key: 'toubiaoPredict', format: { kind: 'perDay', unit: time } },
  { group: 'features', key: 'watchCompanyDetail', format: { kind: 'perDay', unit: time } },
  {
    group: 'features',
    key: 'bussinessAnalyzer',
    format: { kind: 'perDay', unit: time },
    shownIf: (features) => features.analysis,
  },
  { group: 'features', key: 'watchCompanyPhoneBook', format: { kind: 'perDay', unit: time } },
];

/** '不限' for -1/true, the number otherwise (a count inside a longer cell). */
function count(value: PrivilegeValue): string {
  const privilege = parsePrivilege(value);
  return privilege.kind === 'quota' ? String(privilege.limit) : text.unlimitedCount;
}

/** One cell: spec §3 — -1/true unlimited ('无限'), 0/false none ('不支持'), N a quota worded by the row. */
export function privilegeCellText(
  level: Pick<MemberLevel, 'memberCode' | 'privileges'>,
  row: RowDefinition,
): string {
  const value = level.privileges[row.key];
  const privilege = parsePrivilege(value);
  if (privilege.kind === 'none') return text.notSupported;
  const { format } = row;
  switch (format.kind) {
    case 'yesNo':
      return text.supported;
    case 'groups':
      return text.groupsWithWords(count(value), count(level.privileges[format.words]));
    case 'total':
      return privilege.kind === 'unlimited' ? text.unlimited : text.total(privilege.limit, format.unit);
    case 'perDay':
      if (privilege.kind === 'unlimited') return text.unlimited;
      return level.memberCode === 'putong'
        ? text.freeTrialPerDay(privilege.limit, format.unit)
        : text.perDay(privilege.limit, format.unit);
  }
}

export interface ComparisonRow {
  key: PrivilegeKey;
  group: string;
  label: string;
  /** One cell per level, in the levels' order. */
  cells: string[];
}

/**
 * spec §2 Membership modal: the comparison table built from the levels' privilege values (`memberList`), rows of
 * features the brand hides left out (data export without `export`, analysis and partners without `analysis`).
 */
export function privilegeComparisonRows(
  levels: readonly Pick<MemberLevel, 'memberCode' | 'privileges'>[],
  features: ComparisonFeatures,
): ComparisonRow[] {
  return COMPARISON_ROWS.filter((row) => row.shownIf?.(features) ?? true).map((row) => ({
    key: row.key,
    group: text.groups[row.group],
    label: text.rows[row.key],
    cells: levels.map((level) => privilegeCellText(level, row)),
  }));
}
