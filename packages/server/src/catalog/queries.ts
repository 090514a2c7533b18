import type { Queryable } from '../db/database';

export interface DictionaryRow {
  dictName: string;
  value: string;
  label: string;
  parentValue: string | null;
}

export function dictionaryQueries(db: Queryable) {
  return {
    async page(brandId: string, dictName: string, page: number, size: number) {
      const rows = await db.query<{ value: string; label: string; total: number }>(
        `SELECT value, label, count(*) OVER () AS total FROM dictionary_entry
         WHERE brand_id = $1 AND dict_name = $2 AND parent_value IS NULL
         ORDER BY sort_order, value LIMIT $3 OFFSET $4`,
        [brandId, dictName, size, page * size],
      );
      return {
        content: rows.map(({ value, label }) => ({ value, label })),
        totalElements: rows[0]?.total ?? 0,
      };
    },

    /** Every entry of the named dictionaries of one brand, children included, in display order. */
    async entries(brandId: string, dictNames: readonly string[]): Promise<DictionaryRow[]> {
      return db.query<DictionaryRow>(
        `SELECT dict_name AS "dictName", value, label, parent_value AS "parentValue" FROM dictionary_entry
         WHERE brand_id = $1 AND dict_name = ANY($2::text[])
         ORDER BY dict_name, sort_order, value`,
        [brandId, [...dictNames]],
      );
    },
  };
}
