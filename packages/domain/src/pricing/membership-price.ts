import { WHOLE_COUNTRY } from '../area/area';

/**
 * Membership prices (docs/business-rules.md Products and prices). Every amount is integer fen; the prices
 * themselves are data (seeded per brand, edited in the database), these are only the rules that combine them.
 */

/** One product's prices: the whole country, and one province for the same duration (null: 全国 only). */
export interface ProductPrices {
  wholeCountryFen: number;
  provinceFen: number | null;
}

function assertFen(name: string, fen: number): void {
  if (!Number.isSafeInteger(fen) || fen < 0) {
    throw new RangeError(`${name} must be a whole number of fen ≥ 0, got ${String(fen)}`);
  }
}

const FEN_PER_YUAN = 100;

/**
 * Prices end in whole yuan (docs/payments.md Prices): an amount in fen rounded to the nearest yuan, half up —
 * a scaled price of 523.14 is sold at 523, and its "save N yuan" is a whole number too.
 */
function roundToWholeYuanFen(fen: number): number {
  return Math.round(fen / FEN_PER_YUAN) * FEN_PER_YUAN;
}

/**
 * business-rules "scaled by duration": the one-province price of a shorter (or longer) duration is the
 * reference duration's one-province price scaled as the whole-country price scales between the two durations,
 * rounded to the whole yuan. With the defaults, toubiaotong's 1,980 a year becomes 198 for the month whose
 * whole-country price is 598 of the year's 5,980, and 523 (not 523.14) for the 3 months of 1,580.
 * @throws RangeError on a negative or fractional amount, or a zero reference whole-country price.
 */
export function provincePriceForDuration(
  reference: { wholeCountryFen: number; provinceFen: number },
  wholeCountryFen: number,
): number {
  assertFen('reference.wholeCountryFen', reference.wholeCountryFen);
  assertFen('reference.provinceFen', reference.provinceFen);
  assertFen('wholeCountryFen', wholeCountryFen);
  if (reference.wholeCountryFen === 0) throw new RangeError('reference.wholeCountryFen must be above 0');
  return roundToWholeYuanFen((reference.provinceFen * wholeCountryFen) / reference.wholeCountryFen);
}

/**
 * business-rules: the price of a product for a set of areas — the whole country's price for '全国' (or no
 * area), otherwise min(one-province price × number of provinces, whole-country price). A product without a
 * one-province price is sold for the whole country only, at the whole-country price. Duplicate names count once.
 * The result is in whole yuan even when an operator stored a price with fen ({@link roundToWholeYuanFen}).
 * @throws RangeError on a negative or fractional amount.
 */
export function membershipPriceFen(prices: ProductPrices, areas: readonly string[]): number {
  assertFen('wholeCountryFen', prices.wholeCountryFen);
  if (prices.provinceFen !== null) assertFen('provinceFen', prices.provinceFen);
  const provinces = new Set(areas.map((area) => area.trim()).filter((area) => area !== ''));
  if (provinces.size === 0 || provinces.has(WHOLE_COUNTRY) || prices.provinceFen === null) {
    return roundToWholeYuanFen(prices.wholeCountryFen);
  }
  return roundToWholeYuanFen(Math.min(prices.provinceFen * provinces.size, prices.wholeCountryFen));
}

/**
 * The undiscounted price a product is compared with (the membership modal's "save N yuan"): the one-month
 * price of the same areas × the months bought. Without a one-month product, or when that would be cheaper,
 * the product's own price (no saving is claimed).
 */
export function listPriceFen(priceFen: number, months: number, monthlyPriceFen: number | null): number {
  assertFen('priceFen', priceFen);
  if (!Number.isSafeInteger(months) || months < 1) {
    throw new RangeError(`months must be a whole number ≥ 1, got ${String(months)}`);
  }
  if (monthlyPriceFen === null) return priceFen;
  assertFen('monthlyPriceFen', monthlyPriceFen);
  return Math.max(priceFen, monthlyPriceFen * months);
}

/**
 * business-rules: discountRate = 1 − discountFee / originalFee, rounded to 4 decimals; 0 when nothing is saved
 * (the modal shows "save N yuan" only when it is above 0). Amounts in any one unit (fen or yuan).
 */
export function discountRate(discountFee: number, originalFee: number): number {
  if (!Number.isFinite(discountFee) || !Number.isFinite(originalFee) || originalFee <= 0) return 0;
  if (discountFee >= originalFee) return 0;
  const rate = 1 - Math.max(0, discountFee) / originalFee;
  return Math.round(rate * 10_000) / 10_000;
}
