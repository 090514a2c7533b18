/** The smallest positive amount; sent instead of a zero lower bound (spec §5). */
export const MIN_POSITIVE_AMOUNT = 0.01;

type WireAmount = number | string | null | undefined;

function isPresent(value: WireAmount): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * spec §5 Amount request rule: if minAmount is 0 or the string '0' and maxAmount is present, minAmount is
 * sent as 0.01. The wire type is kept ('0' becomes '0.01', 0 becomes 0.01); the input is not mutated.
 */
export function withMinAmountRule<T extends { minAmount?: WireAmount; maxAmount?: WireAmount }>(
  params: T,
): T {
  if (!isPresent(params.maxAmount)) return params;
  if (params.minAmount === 0) return { ...params, minAmount: MIN_POSITIVE_AMOUNT };
  if (params.minAmount === '0') return { ...params, minAmount: String(MIN_POSITIVE_AMOUNT) };
  return params;
}

/** An amount range; an undefined end is open. At least one end is set. */
export interface AmountRange {
  min: number | undefined;
  max: number | undefined;
}

const AMOUNT_TEXT = /^\d+(?:\.\d+)?$/;

function describeRangeError(text: string, reason: string): RangeError {
  return new RangeError(`Invalid amount range ${JSON.stringify(text)}: ${reason}`);
}

function parseBound(part: string, text: string): number | undefined {
  const trimmed = part.trim();
  if (trimmed === '') return undefined;
  if (!AMOUNT_TEXT.test(trimmed))
    throw describeRangeError(text, `${JSON.stringify(trimmed)} is not an amount ≥ 0`);
  return Number(trimmed);
}

/**
 * Reads an amount range string 'min,max' (spec §3 Fixed filter options). Either end may be left open
 * ('100,' or ',500') but not both; amounts are plain decimals ≥ 0 (no sign, no exponent).
 * @throws RangeError naming the input when it is not one comma between two amounts, both ends are open,
 *   or min is above max.
 */
export function parseAmountRange(text: string): AmountRange {
  const parts = text.split(',');
  if (parts.length !== 2) throw describeRangeError(text, "expected 'min,max'");
  const [minText = '', maxText = ''] = parts;
  const min = parseBound(minText, text);
  const max = parseBound(maxText, text);
  if (min === undefined && max === undefined) throw describeRangeError(text, 'both ends are open');
  if (min !== undefined && max !== undefined && min > max) throw describeRangeError(text, 'min is above max');
  return { min, max };
}

/** Whether a text is a valid amount range string (for validators that must not throw). */
export function isAmountRangeText(text: string): boolean {
  try {
    parseAmountRange(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes an amount range as 'min,max', leaving an open end empty.
 * @throws RangeError when both ends are open, an end is negative, not finite or only writable with an
 *   exponent, or min is above max.
 */
export function formatAmountRange(range: AmountRange): string {
  const { min, max } = range;
  for (const bound of [min, max]) {
    // String() of a very large or tiny number uses an exponent, which parseAmountRange rightly refuses
    if (bound !== undefined && !AMOUNT_TEXT.test(String(bound))) {
      throw new RangeError(`Amount range ends must be plain decimal amounts ≥ 0, got ${String(bound)}`);
    }
  }
  if (min === undefined && max === undefined) throw new RangeError('Amount range needs at least one end');
  if (min !== undefined && max !== undefined && min > max) {
    throw new RangeError(`Amount range min ${min} is above max ${max}`);
  }
  return `${min ?? ''},${max ?? ''}`;
}
