import type { GlobalParams } from '@tender/contracts';

type QueryValue = string | number | boolean | bigint | Date | null | undefined | object;

function queryText(value: Exclude<QueryValue, null | undefined>): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The query of a GET (spec §7, architecture §7): the input's fields, arrays as repeated keys, null and undefined
 * left out, then the global parameters `brand` and `version`, which always win over an input field of the same
 * name.
 */
export function queryWithGlobalParams(input: unknown, globalParams: GlobalParams): URLSearchParams {
  const query = new URLSearchParams();
  if (input !== null && typeof input === 'object') {
    for (const [key, value] of Object.entries(input as Record<string, QueryValue>)) {
      if (key === 'brand' || key === 'version') continue;
      const values = Array.isArray(value) ? (value as QueryValue[]) : [value];
      for (const item of values) {
        if (item !== null && item !== undefined) query.append(key, queryText(item));
      }
    }
  }
  query.set('brand', globalParams.brand);
  query.set('version', String(globalParams.version));
  return query;
}

/** The JSON body of a POST: the input's fields with the global parameters merged in (they win). */
export function bodyWithGlobalParams(input: unknown, globalParams: GlobalParams): Record<string, unknown> {
  const fields = input !== null && typeof input === 'object' && !Array.isArray(input) ? input : {};
  return { ...fields, brand: globalParams.brand, version: globalParams.version };
}
