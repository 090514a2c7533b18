import type { AmountView, ItemType } from '@tender/contracts';
import { formatDateTime, formatWanYuan, formatYuan, maskPhone } from '@tender/domain';
import { APPROVAL_STAGES } from '../catalog/approval-stages';
import { areaCatalog } from '../catalog/area-catalog';
import { DOCUMENT_TYPES } from '../catalog/document-types';
import { INDUSTRIES } from '../catalog/industries';
import type { PartyRole } from '../tenders/codes';

/**
 * How the detail screens and the personal lists show the tender data: names for codes, amounts in 元 and 万元,
 * China time, and the contact masking of docs/business-rules.md ("Contacts and phone numbers are masked").
 * Pure: no database, no clock.
 */

const TYPE_NAMES = new Map(DOCUMENT_TYPES.map((type) => [type.code, type.name]));
const METHOD_NAMES = new Map(
  (DOCUMENT_TYPES.find((type) => type.code === 'zb')?.children ?? []).map((method) => [
    method.code,
    method.name,
  ]),
);
const INDUSTRY_NAMES = new Map(
  INDUSTRIES.flatMap((section) =>
    section.children.map((division) => [division.code, division.name] as const),
  ),
);
const STAGES = new Map(APPROVAL_STAGES.map((stage) => [stage.code, stage]));

/** src/tenders/codes.ts NOTICE_KINDS, as a notice's heading names them. */
const NOTICE_KIND_NAMES: Record<string, string> = {
  correction: '更正公告',
  change: '变更公告',
  termination: '终止公告',
  award: '中标结果',
  deal: '成交结果',
  failed: '废标（流标）公告',
};

/** 拟建 and 审批: project records rather than notices. */
export const PROJECT_ITEM_TYPES: ReadonlySet<string> = new Set<ItemType>(['nj', 'sp']);

export function typeName(type: string): string {
  return TYPE_NAMES.get(type) ?? type;
}

export function noticeKindName(kind: string | null): string | null {
  return kind ? (NOTICE_KIND_NAMES[kind] ?? null) : null;
}

export function procurementMethodName(method: string | null): string | null {
  return method ? (METHOD_NAMES.get(method) ?? null) : null;
}

export function industryName(code: string | null): string | null {
  return code ? (INDUSTRY_NAMES.get(code) ?? null) : null;
}

export function approvalStage(code: string | null): { name: string; phaseName: string } | undefined {
  const stage = code ? STAGES.get(code) : undefined;
  return stage ? { name: stage.name, phaseName: stage.phaseName } : undefined;
}

/** The company's part, in the words of the item's type (a 拟建 project's purchaser is its 建设单位). */
export function roleName(role: PartyRole, type: string, noticeKind: string | null): string {
  switch (role) {
    case 'purchaser':
      return PROJECT_ITEM_TYPES.has(type) ? '建设单位' : '采购人';
    case 'agency':
      return '代理机构';
    case 'winner':
      return noticeKind === 'deal' ? '成交供应商' : '中标供应商';
    case 'candidate':
      return '中标候选人';
  }
}

let areaNames: Map<string, string> | undefined;

/** GB/T 2260 code → name, every level (from the area catalog). */
function areaName(code: string | null): string | null {
  if (!code) return null;
  if (!areaNames) {
    areaNames = new Map();
    for (const province of areaCatalog().provinces) {
      areaNames.set(province.code, province.name);
      for (const city of province.children) {
        areaNames.set(city.code, city.name);
        for (const district of city.children) areaNames.set(district.code, district.name);
      }
    }
  }
  return areaNames.get(code) ?? null;
}

export interface RegionView {
  provinceName: string | null;
  cityName: string | null;
  districtName: string | null;
  /** '广东省 深圳市 南山区'; a municipality's city that repeats the province is left out ('北京市 海淀区'). */
  regionText: string;
}

export function regionView(
  provinceCode: string | null,
  cityCode: string | null,
  districtCode: string | null,
): RegionView {
  const provinceName = areaName(provinceCode);
  const cityName = areaName(cityCode);
  const districtName = areaName(districtCode);
  const parts: string[] = [];
  for (const name of [provinceName, cityName, districtName]) {
    if (name && parts.at(-1) !== name) parts.push(name);
  }
  return { provinceName, cityName, districtName, regionText: parts.join(' ') };
}

/**
 * An amount in fen as 元 and 万元. The 万元 text is the shared one (`formatWanYuan`): grouped digits, two
 * decimals, 亿元 from 10,000 万元 on; an amount under 50 元 is written out exactly instead of '0万元'.
 */
export function amountView(fen: number | null, raw: string | null): AmountView | null {
  if (fen === null) return null;
  const yuan = fen / 100;
  const wanYuan = fen / 1_000_000;
  return {
    fen,
    yuan,
    yuanText: `${formatYuan(yuan)}元`,
    wanYuan,
    wanYuanText: formatWanYuan(wanYuan),
    raw,
  };
}

/** An instant as China time 'YYYY-MM-DD HH:mm:ss'; null stays null. */
export function chinaTime(value: Date | null): string | null {
  return value ? formatDateTime(value) : null;
}

/** 'YYYY-MM-01' → 'YYYY-MM'. */
export function monthText(value: string | null): string | null {
  return value ? value.slice(0, 7) : null;
}

/** A contact person's name masked like a phone: the family name stays ('王先生' → '王**'). */
export function maskName(name: string | null): string | null {
  if (name === null) return null;
  const characters = [...name.trim()];
  if (characters.length === 0) return '';
  return `${characters[0]}${'*'.repeat(Math.max(1, characters.length - 1))}`;
}

/**
 * Phone numbers as notices write them: mobiles (138 1234 5678 without the spaces), landlines with an area code
 * (0755-26881234, 028-37776876, 0311-8371128) and 400 numbers written with a hyphen. Never inside a longer
 * number, so project codes and amounts are left alone.
 */
const PHONE_NUMBERS = /(?<!\d)(?:1[3-9]\d{9}|0\d{2,3}[-－—]?\d{7,8}|400[-－]\d{3}[-－]?\d{4})(?!\d)/g;

/**
 * A notice's text with the contacts masked: the phones and contact names its parties state (however the text
 * writes them), then any other phone number the text contains.
 */
export function maskContactsInText(
  text: string,
  contacts: readonly { contactName: string | null; contactPhone: string | null }[],
): string {
  let masked = text;
  const known = new Map<string, string>();
  for (const contact of contacts) {
    const phone = contact.contactPhone?.trim();
    if (phone) known.set(phone, maskPhone(phone));
    const name = contact.contactName?.trim();
    if (name && [...name].length >= 2) known.set(name, maskName(name) ?? '');
  }
  // Longest first, so a name inside a longer one is not masked half.
  for (const [value, replacement] of [...known].sort((a, b) => b[0].length - a[0].length)) {
    masked = masked.split(value).join(replacement);
  }
  return masked.replace(PHONE_NUMBERS, (phone) => maskPhone(phone));
}
