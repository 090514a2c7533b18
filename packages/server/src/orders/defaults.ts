import { type PaidMemberCode, provincePriceForDuration, yuanToFen } from '@tender/domain';
import type { Queryable } from '../db/database';

/** A product as a new brand starts with it (docs/business-rules.md Products and prices), in yuan. */
interface DefaultProduct {
  memberCode: PaidMemberCode;
  months: number;
  label: string;
  wholeCountryYuan: number;
  /** The reference one-province price (12 months); shorter durations are scaled from it. Null: 全国 only. */
  provinceYearYuan: number | null;
  preselected: boolean;
}

/** The yearly whole-country prices the one-province prices are scaled against. */
const YEAR_WHOLE_COUNTRY_YUAN: Record<PaidMemberCode, number> = {
  toubiaotong: 5980,
  qiyetong: 9800,
  qiye: 19_800,
};

/**
 * The products every brand starts with. Seed data only: after the first start the database is the truth
 * (member_product), and no rule reads these constants.
 */
export const DEFAULT_PRODUCTS: readonly DefaultProduct[] = [
  {
    memberCode: 'toubiaotong',
    months: 1,
    label: '1个月',
    wholeCountryYuan: 598,
    provinceYearYuan: 1980,
    preselected: false,
  },
  {
    memberCode: 'toubiaotong',
    months: 3,
    label: '3个月',
    wholeCountryYuan: 1580,
    provinceYearYuan: 1980,
    preselected: false,
  },
  {
    memberCode: 'toubiaotong',
    months: 12,
    label: '12个月',
    wholeCountryYuan: 5980,
    provinceYearYuan: 1980,
    preselected: true,
  },
  {
    memberCode: 'qiyetong',
    months: 1,
    label: '1个月',
    wholeCountryYuan: 980,
    provinceYearYuan: 3980,
    preselected: false,
  },
  {
    memberCode: 'qiyetong',
    months: 3,
    label: '3个月',
    wholeCountryYuan: 2680,
    provinceYearYuan: 3980,
    preselected: false,
  },
  {
    memberCode: 'qiyetong',
    months: 12,
    label: '12个月',
    wholeCountryYuan: 9800,
    provinceYearYuan: 3980,
    preselected: true,
  },
  {
    memberCode: 'qiye',
    months: 12,
    label: '12个月',
    wholeCountryYuan: 19_800,
    provinceYearYuan: null,
    preselected: true,
  },
];

/** The one-province price of a default product, scaled by duration (@tender/domain provincePriceForDuration). */
function provinceFen(product: DefaultProduct): number | null {
  if (product.provinceYearYuan === null) return null;
  return provincePriceForDuration(
    {
      wholeCountryFen: yuanToFen(YEAR_WHOLE_COUNTRY_YUAN[product.memberCode]),
      provinceFen: yuanToFen(product.provinceYearYuan),
    },
    yuanToFen(product.wholeCountryYuan),
  );
}

/**
 * Adds the products and order settings a brand is missing; rows already there are the operators' and stay as
 * they are. Runs on every start for every brand (tenantService.seed), after the member levels exist.
 */
export async function seedOrderDefaults(db: Queryable, brandId: string): Promise<void> {
  await db.query('INSERT INTO order_setting (brand_id) VALUES ($1) ON CONFLICT DO NOTHING', [brandId]);
  const products = DEFAULT_PRODUCTS;
  await db.query(
    `INSERT INTO member_product (brand_id, member_code, months, label, whole_country_fen, province_fen, preselected)
     SELECT $1::text, code, months, label, whole, province, preselected
     FROM unnest($2::text[], $3::integer[], $4::text[], $5::integer[], $6::integer[], $7::boolean[])
       AS p (code, months, label, whole, province, preselected)
     WHERE EXISTS (SELECT 1 FROM member_type t WHERE t.brand_id = $1 AND t.member_code = p.code)
     ON CONFLICT DO NOTHING`,
    [
      brandId,
      products.map((product) => product.memberCode),
      products.map((product) => product.months),
      products.map((product) => product.label),
      products.map((product) => yuanToFen(product.wholeCountryYuan)),
      products.map(provinceFen),
      products.map((product) => product.preselected),
    ],
  );
}
