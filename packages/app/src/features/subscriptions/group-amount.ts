import { formatAmountRange, parseAmountRange, withMinAmountRule } from '@tender/domain';

/** The two ends of a group's amount filter as the form holds them, in 万元; undefined is open. */
export interface AmountBounds {
  min: number | undefined;
  max: number | undefined;
}

/**
 * The group's `amount` as the server takes it: 'min,max' in 万元, '' for no filter, with spec §5's rule that a
 * minimum of 0 with a maximum is sent as 0.01 (so items without an amount stay out of a "0 to N" range).
 * @throws RangeError when min is above max.
 */
export function groupAmountText({ min, max }: AmountBounds): string {
  if (min === undefined && max === undefined) return '';
  const { minAmount, maxAmount } = withMinAmountRule({ minAmount: min, maxAmount: max });
  return formatAmountRange({ min: minAmount, max: maxAmount });
}

/** A saved group's amount back into the form's two ends ('' is no filter). */
export function amountBoundsOf(amount: string): AmountBounds {
  if (amount === '') return { min: undefined, max: undefined };
  return parseAmountRange(amount);
}
