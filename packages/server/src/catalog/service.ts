import type { CustomerContact, DictionaryTreeEntry } from '@tender/contracts';
import type { Queryable } from '../db/database';
import type { Tenant } from '../tenants/queries';
import { type DictionaryRow, dictionaryQueries } from './queries';

/** The dictionary whose entries add contact ways to the brand's configuration (spec §3 Dictionary). */
export const CUSTOMER_INFO_DICTIONARY = 'customer_info';
const CONTACT_LABELS = new Set<string>(['mobile', 'qrcode', 'image']);

/**
 * Nests a dictionary's rows by `parentValue` (spec §3: entries may have a subList of children). A row whose
 * parent is not in the dictionary is shown at the top level rather than lost.
 */
function dictionaryTree(rows: readonly DictionaryRow[]): DictionaryTreeEntry[] {
  const values = new Set(rows.map((row) => row.value));
  const childrenOf = new Map<string, DictionaryRow[]>();
  for (const row of rows) {
    if (row.parentValue !== null && values.has(row.parentValue) && row.parentValue !== row.value) {
      childrenOf.set(row.parentValue, [...(childrenOf.get(row.parentValue) ?? []), row]);
    }
  }
  const build = (row: DictionaryRow, seen: ReadonlySet<string>): DictionaryTreeEntry => {
    const children = (childrenOf.get(row.value) ?? []).filter((child) => !seen.has(child.value));
    const next = new Set([...seen, row.value]);
    return children.length > 0
      ? { value: row.value, label: row.label, subList: children.map((child) => build(child, next)) }
      : { value: row.value, label: row.label };
  };
  return rows
    .filter(
      (row) => row.parentValue === null || !values.has(row.parentValue) || row.parentValue === row.value,
    )
    .map((row) => build(row, new Set()));
}

export function catalogService(db: Queryable) {
  const dictionaries = dictionaryQueries(db);

  async function dictionariesByName(
    brandId: string,
    dictNames: readonly string[],
  ): Promise<Record<string, DictionaryTreeEntry[]>> {
    const rows = await dictionaries.entries(brandId, dictNames);
    return Object.fromEntries(
      dictNames.map((name) => [name, dictionaryTree(rows.filter((row) => row.dictName === name))]),
    );
  }

  return {
    dictionaryPage: dictionaries.page,
    dictionariesByName,

    /**
     * spec §3 Server contact info entries: the brand's company configuration first (support phone, customer
     * WeChat QR image, customer image), then what operators added to its `customer_info` dictionary; each
     * label/value pair once. Dictionary entries with other labels are not contact ways and are left out.
     */
    async customerContacts(tenant: Tenant): Promise<CustomerContact[]> {
      const configured: CustomerContact[] = [
        ...(tenant.supportPhone ? [{ label: 'mobile' as const, value: tenant.supportPhone }] : []),
        ...(tenant.customerWechatImage
          ? [{ label: 'qrcode' as const, value: tenant.customerWechatImage }]
          : []),
        ...(tenant.customerImage ? [{ label: 'image' as const, value: tenant.customerImage }] : []),
      ];
      const { [CUSTOMER_INFO_DICTIONARY]: entries = [] } = await dictionariesByName(tenant.id, [
        CUSTOMER_INFO_DICTIONARY,
      ]);
      const fromDictionary = entries
        .filter((entry) => CONTACT_LABELS.has(entry.label) && entry.value.trim() !== '')
        .map((entry) => ({ label: entry.label as CustomerContact['label'], value: entry.value }));
      const seen = new Set<string>();
      return [...configured, ...fromDictionary].filter((contact) => {
        const key = `${contact.label}\u0000${contact.value}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
  };
}

export type CatalogService = ReturnType<typeof catalogService>;
