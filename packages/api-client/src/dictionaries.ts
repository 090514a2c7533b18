import { type DictionaryTreeEntry, dictDetailEndpoint, selDictDetailEndpoint } from '@tender/contracts';
import { DICTIONARY_PAGE_SIZE } from '@tender/domain';
import type { ApiClient } from './create-api-client';

/** One dictionary entry (spec §3 Dictionary). */
export interface DictionaryEntry {
  value: string;
  label: string;
}

/**
 * One dictionary's entries (spec §7 `api/dictDetail`: page 0, size 9999); an empty list when the call fails
 * (spec §8 "Dictionary-load failure returns an empty list"), without a message.
 */
export async function loadDictionary(
  client: ApiClient,
  dictName: string,
  options?: { signal?: AbortSignal },
): Promise<DictionaryEntry[]> {
  try {
    const answer = await client.call(
      dictDetailEndpoint,
      { dictName, page: 0, size: DICTIONARY_PAGE_SIZE },
      { silent: true, ...options },
    );
    return answer.content;
  } catch {
    return [];
  }
}

/**
 * Several dictionaries at once with their children (spec §7 `common/selDictDetail`), keyed by name; every name asked
 * for is present, with an empty list when the call fails. Throws 'need Dict names' without a name (spec §5).
 */
export async function loadDictionaries(
  client: ApiClient,
  dictNames: readonly string[],
  options?: { signal?: AbortSignal },
): Promise<Record<string, DictionaryTreeEntry[]>> {
  const names = dictNames.map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) throw new Error('need Dict names');
  const empty = Object.fromEntries(names.map((name) => [name, [] as DictionaryTreeEntry[]]));
  try {
    const answer = await client.call(
      selDictDetailEndpoint,
      { dictNames: names.join(',') },
      { silent: true, ...options },
    );
    return { ...empty, ...answer };
  } catch {
    return empty;
  }
}
