import type { Queryable } from '../db/database';

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
  };
}
