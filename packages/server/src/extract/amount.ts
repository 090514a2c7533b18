import { bounded } from './bounded';
import { isMasked } from './masking';
import type { AmountUnit, ExtractedAmount } from './types';

const DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  壹: 1,
  一: 1,
  贰: 2,
  貳: 2,
  二: 2,
  两: 2,
  叁: 3,
  參: 3,
  三: 3,
  肆: 4,
  四: 4,
  伍: 5,
  五: 5,
  陆: 6,
  陸: 6,
  六: 6,
  柒: 7,
  七: 7,
  捌: 8,
  八: 8,
  玖: 9,
  九: 9,
};
const SMALL_UNITS: Record<string, number> = { 拾: 10, 十: 10, 佰: 100, 百: 100, 仟: 1000, 千: 1000 };
const BIG_UNITS: Record<string, bigint> = { 万: 10_000n, 萬: 10_000n, 亿: 100_000_000n, 億: 100_000_000n };

/** The characters a spelled-out amount is made of (大写 and 小写 numerals, units, 元角分整). */
export const UPPERCASE_AMOUNT_CHARS =
  '零〇壹一贰貳二两叁參三肆四伍五陆陸六柒七捌八玖九拾十佰百仟千万萬亿億元圆圓角分整正';

/**
 * A spelled-out integer (`壹佰贰拾叁万肆仟伍佰陆拾柒`, `拾万`, `壹亿零伍佰万`) as a bigint; undefined when it
 * is not one.
 */
function parseUppercaseInteger(text: string): bigint | undefined {
  if (text === '') return 0n;
  let total = 0n;
  let section = 0n; // below the last 万/亿
  let digit: number | undefined;
  let sawAnything = false;
  let lastBig = Number.POSITIVE_INFINITY;
  for (const char of text) {
    if (char in DIGITS) {
      digit = DIGITS[char];
      sawAnything = true;
    } else if (char in SMALL_UNITS) {
      // 拾 alone at the start of a section reads as 壹拾.
      section += BigInt((digit ?? 1) * (SMALL_UNITS[char] ?? 0));
      digit = undefined;
      sawAnything = true;
    } else if (char in BIG_UNITS) {
      const unit = BIG_UNITS[char] ?? 1n;
      section += BigInt(digit ?? 0);
      digit = undefined;
      if (Number(unit) >= lastBig) {
        // 伍万亿 style: the bigger unit multiplies everything before it.
        total = (total + section) * unit;
      } else {
        total += section * unit;
      }
      lastBig = Number(unit);
      section = 0n;
      sawAnything = true;
    } else {
      return undefined;
    }
  }
  if (!sawAnything) return undefined;
  return total + section + BigInt(digit ?? 0);
}

/**
 * 大写金额 to fen: `人民币壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分` → 123456789. Accepts the 小写 numerals too
 * (`一百二十万元`), 圆 for 元, a trailing 整/正, and a leading 人民币. Undefined when the text is not a complete
 * spelled-out amount.
 */
export function parseUppercaseAmount(text: string): number | undefined {
  const body = bounded(text)
    .replace(/\s+/g, '')
    .replace(/^(?:人民币|人民幣|RMB|大写[:：]?)+/i, '')
    .replace(/[整正]$/, '');
  const match = /^([^元圆圓角分]*)(?:[元圆圓]([^角分]*?))?(?:([^角分元])角)?(?:([^角分元])分)?$/.exec(body);
  if (!match) return undefined;
  const [, integerText = '', afterYuan = '', jiaoText, fenText] = match;
  if (!/[元圆圓角分]/.test(body)) return undefined;
  if (integerText === '' && jiaoText === undefined && fenText === undefined) return undefined;
  const yuan = parseUppercaseInteger(integerText);
  if (yuan === undefined) return undefined;
  // Between 元 and 角 only a 零 may stand (壹元零伍分).
  if (afterYuan !== '' && !/^零?$/.test(afterYuan)) return undefined;
  const jiao = jiaoText === undefined || jiaoText === '' ? 0 : DIGITS[jiaoText];
  const fen = fenText === undefined || fenText === '' ? 0 : DIGITS[fenText];
  if (jiao === undefined || fen === undefined) return undefined;
  const total = yuan * 100n + BigInt(jiao * 10 + fen);
  if (total > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return Number(total);
}

const UNIT_POWERS: Record<AmountUnit, number> = { 元: 2, 万元: 6, 亿元: 10 };

/**
 * A decimal text (`1,250,000.00`, `380.0000000`) in a unit to integer fen, by moving the decimal point in the
 * text: no float rounding. Fractions of a fen are rounded half up. Undefined past Number.MAX_SAFE_INTEGER.
 */
export function decimalToFen(decimal: string, unit: AmountUnit): number | undefined {
  const clean = decimal.replace(/[,，\s]/g, '');
  const match = /^(\d+)(?:\.(\d+))?$/.exec(clean);
  if (!match) return undefined;
  const power = UNIT_POWERS[unit];
  const integer = match[1] ?? '0';
  const fraction = match[2] ?? '';
  const shifted = `${integer}${fraction.slice(0, power).padEnd(power, '0')}`;
  let fen = BigInt(shifted);
  const rest = fraction.slice(power);
  if (rest !== '' && Number(rest[0]) >= 5) fen += 1n;
  if (fen > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return Number(fen);
}

/** Reads the unit a label or table header names: `预算金额（万元）` → 万元. */
export function unitFromLabel(stated: string): AmountUnit | undefined {
  const label = bounded(stated);
  const match = /[（([【]\s*(?:单位\s*[:：]?\s*)?(?:人民币)?\s*(亿元|万元|元)\s*[）)\]】]/.exec(label);
  if (match) return match[1] as AmountUnit;
  const unitWord = /单位\s*[:：]\s*(?:人民币)?\s*(亿元|万元|元)/.exec(label);
  return unitWord ? (unitWord[1] as AmountUnit) : undefined;
}

const ARABIC_AMOUNT =
  /(?<![\d.])(?:(人民币|RMB|CNY|￥|¥)\s*)?(\d{1,3}(?:[,，]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s*[（(]\s*(亿元|万元|元)\s*[）)]|\s*(亿元|万元|元|亿|万))?/gi;
const UPPERCASE_AMOUNT = new RegExp(`(?:人民币|RMB)?\\s*[${UPPERCASE_AMOUNT_CHARS}]{2,}`, 'i');

function unitOf(written: string | undefined, labelUnit: AmountUnit | undefined): AmountUnit {
  if (written === '亿元' || written === '亿') return '亿元';
  if (written === '万元' || written === '万') return '万元';
  if (written === '元') return '元';
  return labelUnit ?? '元';
}

/**
 * The first amount stated in a value: `380.0000000 万元（人民币）`, `¥1,250,000.00`, `123.45(万元)`,
 * `人民币壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分`, `3.2亿元`. A unit in the label (`预算金额（万元）`) applies to a
 * bare number; with no unit anywhere the number is 元. Numbers that count something (`包1`, `第2标段`, `2025年`)
 * are skipped. Null for masked values, rates (`下浮率 5%`, `费率`), and values without an amount.
 */
export function parseAmount(stated: string, labelUnit?: AmountUnit): ExtractedAmount | null {
  const value = bounded(stated);
  if (isMasked(value)) return null;
  for (const match of value.matchAll(ARABIC_AMOUNT)) {
    const index = match.index ?? 0;
    const end = index + match[0].length;
    const before = value.slice(Math.max(0, index - 8), index);
    const after = value.slice(end, end + 2);
    const [, currency, number = '', bracketUnit, plainUnit] = match;
    const written = bracketUnit ?? plainUnit;
    if (/^\s*[%％‰]/.test(after) || /(?:率|折扣|系数|百分比)\s*[:：为]?\s*$/.test(before)) return null;
    // A count, an ordinal, a date or a code, not money.
    if (
      !currency &&
      !written &&
      (/[包第号段期标批次-]$/.test(before) || /^[年月日号个项包期标次.-]/.test(after))
    ) {
      continue;
    }
    const unit = unitOf(written, labelUnit);
    const fen = decimalToFen(number, unit);
    if (fen === undefined) return null;
    return { fen, unit, raw: match[0].trim() };
  }
  const upper = UPPERCASE_AMOUNT.exec(value);
  if (upper) {
    const fen = parseUppercaseAmount(upper[0]);
    if (fen !== undefined) return { fen, unit: '元', raw: upper[0].trim() };
  }
  return null;
}
