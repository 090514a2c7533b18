import type { Random } from './random';

/** Amounts as notices write them, from integer fen (exact: no float arithmetic on money). */

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿', '万亿'];

function groupInWords(group: number): string {
  let text = '';
  let pendingZero = false;
  for (let position = 3; position >= 0; position--) {
    const digit = Math.floor(group / 10 ** position) % 10;
    if (digit === 0) {
      if (text) pendingZero = true;
      continue;
    }
    if (pendingZero) text += '零';
    pendingZero = false;
    text += DIGITS[digit] + (SMALL_UNITS[position] ?? '');
  }
  return text;
}

/** 大写金额: 3568000.00 元 → 叁佰伍拾陆万捌仟元整; 100000001 → 壹亿零壹元整; 12.34 → 壹拾贰元叁角肆分. */
export function amountInWords(fen: number): string {
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  let text = '';
  if (yuan > 0) {
    const groups: number[] = [];
    for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) groups.push(rest % 10_000);
    let zeroGroupBefore = false;
    for (let index = groups.length - 1; index >= 0; index--) {
      const group = groups[index] ?? 0;
      if (group === 0) {
        zeroGroupBefore = text !== '';
        continue;
      }
      if (text && (zeroGroupBefore || group < 1000)) text += '零';
      text += groupInWords(group) + (BIG_UNITS[index] ?? '');
      zeroGroupBefore = false;
    }
    text += '元';
  }
  if (jiao === 0 && cents === 0) return text ? `${text}整` : '零元整';
  if (jiao > 0) text += `${DIGITS[jiao]}角`;
  else if (yuan > 0) text += '零';
  if (cents > 0) text += `${DIGITS[cents]}分`;
  return text;
}

/** 3568000.00 */
export function plainYuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** 3,568,000.00 */
export function groupedYuan(fen: number): string {
  const whole = String(Math.floor(fen / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${String(fen % 100).padStart(2, '0')}`;
}

/** 356.8 (万元, trailing zeros dropped) */
export function wanYuan(fen: number): string {
  const whole = Math.floor(fen / 1_000_000);
  const fraction = String(fen % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** The amount as one notice writes it; each publisher has its habit. */
export function amountText(random: Random, fen: number): string {
  return random.weighted([
    [`${wanYuan(fen)}万元`, 4],
    [`${(fen / 1_000_000).toFixed(6)} 万元（人民币）`, 2],
    [`${groupedYuan(fen)}元`, 3],
    [`人民币${plainYuan(fen)}元`, 2],
    [`¥${groupedYuan(fen)}`, 1],
  ] as const);
}

/**
 * Integer fen of a budget drawn in yuan, rounded the way budgets are: mostly to 万 or 千元, sometimes to the
 * 元 or fen of a costed estimate.
 */
export function budgetFen(random: Random, yuan: number): number {
  const step = random.weighted([
    [10_000, yuan >= 100_000 ? 55 : 10],
    [1_000, 25],
    [100, 12],
    [0.01, 8],
  ] as const);
  const rounded = Math.max(step, Math.round(yuan / step) * step);
  return Math.round(rounded * 100);
}

/** A bid under a budget: the winner's price is the budget less a discount (下浮), to the 元 or the 百元. */
export function bidFen(random: Random, budget: number, lowest: number, highest: number): number {
  const price = (budget / 100) * (lowest + random.next() * (highest - lowest));
  const step = random.chance(0.5) ? 1 : 100;
  return Math.min(budget, Math.round(Math.round(price / step) * step * 100));
}
