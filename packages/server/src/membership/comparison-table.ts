import type { PrivilegeKey, PrivilegeRow } from '@tender/contracts';
import { type PrivilegeValue, parsePrivilege } from '@tender/domain';
import { messages } from '../messages';
import type { Tenant } from '../tenants/queries';
import type { MemberLevelInfo } from './service';

const text = messages.membership.table;

/** How a row's cells are worded. */
type RowFormat =
  /** A daily quota: 'N条/天' (a putong quota is its free trial). */
  | { kind: 'perDay'; unit: string }
  /** A total: 'N家', 'N个', 'N组'. */
  | { kind: 'total'; unit: string }
  /** Subscription groups with words per group: 'X组，每组Y个词'. */
  | { kind: 'groups'; words: PrivilegeKey }
  /** Yes or no: '支持' / '不支持'. */
  | { kind: 'yesNo' };

interface RowDefinition {
  group: keyof typeof text.groups;
  key: PrivilegeKey & keyof typeof text.rows;
  format: RowFormat;
  /** Rows of a feature the brand may hide (spec §1 brand flags). */
  shownIf?: (tenant: Tenant) => boolean;
}

const { item, time, company, project, group } = text.units;

/** spec §2 Membership modal: the comparison table's rows, in the spec's order. */
const ROWS: readonly RowDefinition[] = [
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
    shownIf: (tenant) => tenant.showExport,
  },
  {
    group: 'features',
    key: 'projectAnalyzer',
    format: { kind: 'perDay', unit: time },
    shownIf: (tenant) => tenant.showAnalysis,
  },
  { group: 'features', key: 'toubiaoPredict', format: { kind: 'perDay', unit: time } },
  { group: 'features', key: 'watchCompanyDetail', format: { kind: 'perDay', unit: time } },
  {
    group: 'features',
    key: 'bussinessAnalyzer',
    format: { kind: 'perDay', unit: time },
    shownIf: (tenant) => tenant.showAnalysis,
  },
  { group: 'features', key: 'watchCompanyPhoneBook', format: { kind: 'perDay', unit: time } },
  { group: 'features', key: 'apiAccess', format: { kind: 'perDay', unit: time } },
];

/** '不限' for -1/true, the number otherwise (a count inside a longer cell). */
function count(value: PrivilegeValue): string {
  const privilege = parsePrivilege(value);
  return privilege.kind === 'quota' ? String(privilege.limit) : text.unlimitedCount;
}

function cell(level: MemberLevelInfo, row: RowDefinition): string {
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

/**
 * spec §2 Membership modal: the comparison table of the brand's levels, rows of features the brand hides left
 * out (data export without showExport, project analysis and partners without showAnalysis).
 */
export function comparisonTable(tenant: Tenant, levels: readonly MemberLevelInfo[]) {
  return {
    levels: levels.map((level) => ({ memberCode: level.memberCode, memberName: level.memberName })),
    rows: ROWS.filter((row) => row.shownIf?.(tenant) ?? true).map(
      (row): PrivilegeRow => ({
        group: text.groups[row.group],
        label: text.rows[row.key],
        keys: row.format.kind === 'groups' ? [row.key, row.format.words] : [row.key],
        values: levels.map((level) => ({ memberCode: level.memberCode, text: cell(level, row) })),
      }),
    ),
  };
}
