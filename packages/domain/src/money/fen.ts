/**
 * Money arrives on the wire as yuan numbers (spec §3 Coupon, Product option) but is computed in integer
 * fen so that 0.1 + 0.2 style float error never reaches a price.
 */

/**
 * Converts a yuan amount to integer fen, rounding to the nearest fen.
 * @throws RangeError when the amount is not a finite number.
 */
export function yuanToFen(yuan: number): number {
  if (!Number.isFinite(yuan)) {
    throw new RangeError(`Amount must be a finite number of yuan, got ${String(yuan)}`);
  }
  // 1.005 * 100 is 100.49999… in binary; 15 significant digits recover the decimal value before rounding.
  const fen = Math.round(Number((Math.abs(yuan) * 100).toPrecision(15)));
  return yuan < 0 ? -fen : fen;
}

/** Converts integer fen back to a yuan number (exact to the fen). */
export function fenToYuan(fen: number): number {
  if (!Number.isSafeInteger(fen)) {
    throw new RangeError(`Fen must be a safe integer, got ${String(fen)}`);
  }
  return fen / 100;
}

/**
 * Yuan amount as display text: no float noise and no trailing zeros (`3000`, `99.5`, `0.01`).
 */
export function formatYuan(yuan: number): string {
  return String(fenToYuan(yuanToFen(yuan)));
}
