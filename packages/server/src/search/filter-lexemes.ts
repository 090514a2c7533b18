/**
 * The filter lexemes of a document (`search_filter_tokens`, migrations/0013_search_filter_tokens.sql) and the
 * tsquery that selects a search's filters among them, so the filters narrow inside the GIN index together with
 * the search term. A range (amounts, dates) becomes the buckets it covers; when a bucket is cut by an edge of
 * the range, `rowCheck` says the row's own column must still be compared.
 */

/** One "any of" group of lexemes; a query is every group. */
type Group = string[];

export interface FilterLexemeQuery {
  /** The tsquery on `filter_tokens`, or undefined when no filter has lexemes. */
  tsquery: string | undefined;
  /** The amount bounds still to compare on the row (a bucket at the range's edge holds amounts outside it). */
  amountRowCheck: boolean;
  /** The date bounds still to compare on the row. */
  dateRowCheck: boolean;
}

export interface LexemeFilters {
  docTypes?: readonly string[];
  procurementMethods?: readonly string[];
  regionCodes?: readonly string[];
  industryCodes?: readonly string[];
  amountMinFen?: number;
  amountMaxFen?: number;
  dateFrom?: string;
  dateTo?: string;
}

const quote = (lexeme: string) => `'${lexeme.replaceAll("'", "''")}'`;

/** The largest amount a bigint holds has 19 digits. */
const MAX_EXPONENT = 18;

/**
 * The amount buckets of [min, max] fen (either side open): `~a:z` (zero or less), `~a:e` (e + 1 digits) where
 * the whole decade is inside, else `~a:e:d` (leading digit d) for each digit bucket that meets the range — or
 * `~a:e:d:0`, the round amount d × 10^e alone (migration 0025), where the range meets the bucket only there, as
 * every range of the item_amount dictionary meets the bucket its round end opens.
 */
export function amountGroup(
  min: number | undefined,
  max: number | undefined,
): { group: Group; cut: boolean } {
  const lo = min === undefined ? undefined : BigInt(min);
  const hi = max === undefined ? undefined : BigInt(max);
  const group: Group = [];
  let cut = false;
  // A bucket [from, to] (to undefined: no upper end) against the range.
  const inside = (from: bigint | undefined, to: bigint) =>
    (lo === undefined || (from !== undefined && from >= lo)) && (hi === undefined || to <= hi);
  const meets = (from: bigint | undefined, to: bigint) =>
    (hi === undefined || from === undefined || from <= hi) && (lo === undefined || to >= lo);
  if (meets(undefined, 0n)) {
    group.push('~a:z');
    if (!inside(undefined, 0n)) cut = true;
  }
  for (let e = 0; e <= MAX_EXPONENT; e += 1) {
    const unit = 10n ** BigInt(e);
    const from = unit;
    const to = unit * 10n - 1n;
    if (!meets(from, to)) continue;
    if (inside(from, to)) {
      group.push(`~a:${e}`);
      continue;
    }
    for (let digit = 1n; digit <= 9n; digit += 1n) {
      const start = digit * unit;
      const end = start + unit - 1n;
      if (!meets(start, end)) continue;
      if (hi === start) {
        group.push(`~a:${e}:${digit}:0`);
        continue;
      }
      group.push(`~a:${e}:${digit}`);
      if (!inside(start, end)) cut = true;
    }
  }
  return { group, cut };
}

/** Ranges longer than this many years stay row checks (their lexeme lists would be long and cover nearly all). */
const MAX_DATE_YEARS = 30;

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * The year and month buckets of the publish days [from, to] ('YYYY-MM-DD', both given): `~y:YYYY` for whole
 * years, else `~mo:YYYYMM` for each month the range meets. Undefined for an over-long range.
 */
export function dateGroup(from: string, to: string): { group: Group; cut: boolean } | undefined {
  const [fromYear, fromMonth, fromDay] = from.split('-').map(Number) as [number, number, number];
  const [toYear, toMonth, toDay] = to.split('-').map(Number) as [number, number, number];
  if (toYear - fromYear > MAX_DATE_YEARS) return undefined;
  const group: Group = [];
  let cut = false;
  for (let year = fromYear; year <= toYear; year += 1) {
    const firstMonth = year === fromYear ? fromMonth : 1;
    const lastMonth = year === toYear ? toMonth : 12;
    const wholeYear =
      firstMonth === 1 &&
      lastMonth === 12 &&
      (year !== fromYear || fromDay === 1) &&
      (year !== toYear || toDay === 31);
    if (wholeYear) {
      group.push(`~y:${year}`);
      continue;
    }
    for (let month = firstMonth; month <= lastMonth; month += 1) {
      group.push(`~mo:${year}${pad2(month)}`);
      const startsLate = year === fromYear && month === fromMonth && fromDay > 1;
      const endsEarly = year === toYear && month === toMonth && toDay < lastDayOfMonth(year, month);
      if (startsLate || endsEarly) cut = true;
    }
  }
  return { group, cut };
}

/**
 * The filters of a search as a tsquery on `filter_tokens`. Types and procurement methods are one group (spec
 * §3: a type, or a 招标公告 of one of the methods), regions another (a province code is the province; another
 * code is a city or a district), then industries, the amount and the dates. Exact except where `rowCheck` says.
 */
export function filterLexemeQuery(filters: LexemeFilters): FilterLexemeQuery {
  const groups: Group[] = [];
  const types = filters.docTypes ?? [];
  const methods = filters.procurementMethods ?? [];
  if (types.length || methods.length) {
    groups.push([...types.map((type) => `~t:${type}`), ...methods.map((method) => `~m:${method}`)]);
  }
  const regions = filters.regionCodes ?? [];
  if (regions.length) {
    groups.push(
      regions.flatMap((code) => (code.endsWith('0000') ? [`~p:${code}`] : [`~c:${code}`, `~d:${code}`])),
    );
  }
  const industries = filters.industryCodes ?? [];
  if (industries.length) groups.push(industries.map((code) => `~i:${code}`));
  let amountRowCheck = false;
  if (filters.amountMinFen !== undefined || filters.amountMaxFen !== undefined) {
    const amount = amountGroup(filters.amountMinFen, filters.amountMaxFen);
    groups.push(amount.group);
    amountRowCheck = amount.cut;
  }
  let dateRowCheck = filters.dateFrom !== undefined || filters.dateTo !== undefined;
  if (filters.dateFrom && filters.dateTo) {
    const dates = dateGroup(filters.dateFrom, filters.dateTo);
    if (dates) {
      groups.push(dates.group);
      dateRowCheck = dates.cut;
    }
  }
  // A group with no lexeme (a range no bucket meets) matches nothing: a lexeme no document has says so.
  const parts = groups.map((group) =>
    group.length === 0
      ? quote('~none')
      : group.length === 1
        ? quote(group[0] as string)
        : `(${group.map(quote).join(' | ')})`,
  );
  return { tsquery: parts.length ? parts.join(' & ') : undefined, amountRowCheck, dateRowCheck };
}

/** The month lexemes of the `months` months ending with the month of `day` ('YYYY-MM-DD'), as a tsquery. */
export function recentMonthsTsquery(day: string, months: number): string {
  let year = Number(day.slice(0, 4));
  let month = Number(day.slice(5, 7));
  const lexemes: string[] = [];
  for (let i = 0; i < months; i += 1) {
    lexemes.push(quote(`~mo:${year}${pad2(month)}`));
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return lexemes.length === 1 ? (lexemes[0] as string) : `(${lexemes.join(' | ')})`;
}

/** Months from the month of `from` to the month of `to`, both counted ('YYYY-MM-DD'). */
export function monthsSpanned(from: string, to: string): number {
  return (
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
    Number(to.slice(5, 7)) -
    Number(from.slice(5, 7)) +
    1
  );
}
