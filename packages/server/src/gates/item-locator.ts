import type { Queryable } from '../db/database';

/**
 * What a gate needs to know about the item a call is about: its kind (the announcement type, docchnnel: zb, bg,
 * jg, yg, yx, nj, sp), its id (the once-per-day key together with the kind) and the province it is in (GB/T 2260
 * 'xx0000'), which the region rule reads. No province: the item is not region-restricted.
 */
export interface GateItem {
  kind: string;
  id: string;
  provinceCode: string | null;
}

/** Finds the item a permission check names by id; undefined when there is none. */
export interface ItemLocator {
  find(id: number): Promise<GateItem | undefined>;
}

/** Items of the tender data (migrations/0004_tenders.sql `tender_item`: one id space for every type). */
export function tenderItemLocator(db: Queryable): ItemLocator {
  return {
    async find(id) {
      const [row] = await db.query<{ id: number; docType: string; provinceCode: string | null }>(
        'SELECT id, doc_type AS "docType", province_code AS "provinceCode" FROM tender_item WHERE id = $1',
        [id],
      );
      return row ? { kind: row.docType, id: String(row.id), provinceCode: row.provinceCode } : undefined;
    },
  };
}
