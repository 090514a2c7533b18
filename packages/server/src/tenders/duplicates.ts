import { normalizeCompanyName, normalizeProjectCode, normalizeTitle } from './normalize';

/** What the cross-source matcher compares of a notice (ADR 0041). */
export interface NoticeFacts {
  title: string;
  /** zb 招标, bg 更正, jg 结果, yx 意向 …: a notice and its correction or result are never one item. */
  docType: string;
  /** gk 公开招标, cs 磋商 …: two notices stating different methods are two procurements. */
  procurementMethod?: string | null;
  projectCode: string | null;
  projectName: string | null;
  purchaser: string | null;
  amountFen: number | null;
  /** 'YYYY-MM-DD' */
  publishDate: string;
}

/** Values a site hides: they match anything, never nothing. */
const MASKED = /\*{2,}|[(（]略[)）]|点击查看|详见附件|X{3,}/u;
/** Sites add these around a title they repost. */
const BOILERPLATE = /^(转载|转发|原文|最新)[:：】\]]?|[-_|—]+(中国政府采购网|[^-_|—]{2,12}(网|平台))$/u;
/** Lot names: 第一标段, 2包, (C包), 标段3. 一标 alone is no lot (统一标准), so 第…标 needs its 第. */
const LOT =
  /(第?[一二三四五六七八九十\d]+(标段|包)|第[一二三四五六七八九十\d]+标|[(（]?[A-Za-z\d]+包[)）]?|标段[一二三四五六七八九十\d]+|包[一二三四五六七八九十\d]+)/gu;
/** A result notice that lists the candidates, published before the award it leads to: two notices, one type. */
const CANDIDATES = /候选人|评标结果公示/u;
/** Days apart a repost is still the same publication. */
const REPOST_WINDOW_DAYS = 7;

const masked = (value: string | null) => value === null || MASKED.test(value);

function lotsOf(text: string): string {
  return [...text.normalize('NFKC').matchAll(LOT)]
    .map((match) => normalizeTitle(match[0]))
    .sort()
    .join(',');
}

function titleCore(title: string): string {
  return normalizeTitle(title.normalize('NFKC').trim().replace(BOILERPLATE, ''));
}

function daysApart(a: string, b: string): number {
  return Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
}

/** Equal, or one side masked/absent: unknown never separates, a stated difference does. */
function agrees(a: string | null, b: string | null, normalize: (value: string) => string): boolean {
  if (masked(a) || masked(b)) return true;
  return normalize(a as string) === normalize(b as string);
}

function sameLots(a: NoticeFacts, b: NoticeFacts): boolean {
  return lotsOf(`${a.title} ${a.projectName ?? ''}`) === lotsOf(`${b.title} ${b.projectName ?? ''}`);
}

/**
 * The same notice published twice (the government site and an aggregator's repost): one item with both sources.
 * Type, lot, a candidates' list against its award and a stated method separate hard; the project code, when both state it unmasked, decides; otherwise the title (or
 * project name) and purchaser must agree. Amounts stated on both sides must be equal.
 */
export function sameNotice(a: NoticeFacts, b: NoticeFacts): boolean {
  if (a.docType !== b.docType || !sameLots(a, b)) return false;
  if (CANDIDATES.test(a.title) !== CANDIDATES.test(b.title)) return false;
  if (a.procurementMethod && b.procurementMethod && a.procurementMethod !== b.procurementMethod) return false;
  if (daysApart(a.publishDate, b.publishDate) > REPOST_WINDOW_DAYS) return false;
  if (a.amountFen !== null && b.amountFen !== null && a.amountFen !== b.amountFen) return false;
  if (!agrees(a.purchaser, b.purchaser, normalizeCompanyName)) return false;
  const codesStated = !masked(a.projectCode) && !masked(b.projectCode);
  if (codesStated)
    return normalizeProjectCode(a.projectCode as string) === normalizeProjectCode(b.projectCode as string);
  return titleCore(a.title) === titleCore(b.title) || sameProjectName(a, b);
}

function sameProjectName(a: NoticeFacts, b: NoticeFacts): boolean {
  if (masked(a.projectName) || masked(b.projectName)) return false;
  const x = normalizeTitle(a.projectName as string);
  const y = normalizeTitle(b.projectName as string);
  return x.length >= 4 && y.length >= 4 && (x.includes(y) || y.includes(x));
}

/**
 * Two notices of one procurement (意向 → 招标 → 更正 → 结果), for the detail's 项目进程: the same project code (or
 * one a letter apart, with the same name and purchaser), or the same project name (one containing the other) with
 * the same purchaser; never two lots.
 */
export function sameProject(a: NoticeFacts, b: NoticeFacts): boolean {
  if (!sameLots(a, b)) return false;
  if (
    !masked(a.purchaser) &&
    !masked(b.purchaser) &&
    !agrees(a.purchaser, b.purchaser, normalizeCompanyName)
  ) {
    return false;
  }
  const namedAlike = !masked(a.purchaser) && !masked(b.purchaser) && sameProjectName(a, b);
  if (!masked(a.projectCode) && !masked(b.projectCode)) {
    const [x, y] = [
      normalizeProjectCode(a.projectCode as string),
      normalizeProjectCode(b.projectCode as string),
    ];
    return x === y || (namedAlike && sameNumberOtherLetters(x, y));
  }
  return namedAlike;
}

/**
 * Some sites number a project's tender and its result apart by a letter (LNZC20190703003 → LNJC20190703003): the
 * same run of at least eight digits, other letters. Trusted only beside the same purchaser and project name.
 */
function sameNumberOtherLetters(x: string, y: string): boolean {
  const digitsOf = (code: string) => code.replace(/\D/gu, '');
  return digitsOf(x).length >= 8 && digitsOf(x) === digitsOf(y);
}
