import type { Database, Queryable } from '../db/database';
import { exactTsquery, splitKeywords } from './query';
import type { SearchIndex } from './search-index';
import { normalizeForSearch, wordTokens } from './tokens';

/** Titles read for suggestions: the newest that contain the typed text. */
const TITLES_READ = 200;

/**
 * Names read for company suggestions: a fragment as common as 有限 or 公司 matches most of the company table, and
 * sorting every match by length on each keystroke would read it all. The shortest of the first this many found
 * are offered; a rarer fragment's matches are all read.
 */
const COMPANY_NAMES_READ = 2_000;

/**
 * Company names containing the typed text (searchWordList type 0), shortest first — the company itself before
 * its branches. Found through the names' bigram tokens, then checked as substrings.
 */
export async function suggestCompanies(
  db: Queryable,
  typed: string,
  limit: number,
): Promise<{ word: string; source: 'company' }[]> {
  const [keyword] = splitKeywords(typed.replace(/\s+/g, ''));
  const tsquery = keyword ? exactTsquery([keyword], 'all') : undefined;
  if (!keyword || !tsquery) return [];
  const rows = await db.query<{ name: string }>(
    `SELECT name FROM (SELECT id, name FROM company WHERE name_tokens @@ $1::tsquery LIMIT $3) found
     ORDER BY length(name), id LIMIT $2`,
    [tsquery, limit * 3, COMPANY_NAMES_READ],
  );
  return rows
    .filter((row) => normalizeForSearch(row.name).includes(keyword))
    .slice(0, limit)
    .map((row) => ({ word: row.name, source: 'company' }));
}

/**
 * Words of recent titles that extend the typed text, most frequent first: the jieba words that contain it
 * (医院 → 人民医院, 中医医院) and the text followed by the next word (医院 → 医院设备). What people are about to
 * search is what is being published.
 */
export async function suggestTitleWords(
  db: Database,
  index: SearchIndex,
  typed: string,
  limit: number,
): Promise<{ word: string; source: 'title' }[]> {
  const keywords = splitKeywords(typed.replace(/\s+/g, ''));
  const [keyword] = keywords;
  if (!keyword) return [];
  const result = await index.search(db, {
    keywords,
    mode: 'precise',
    scope: 'title',
    offset: 0,
    limit: TITLES_READ,
    countCap: TITLES_READ,
  });
  if (result.itemIds.length === 0) return [];
  const titles = await db.query<{ title: string }>(
    'SELECT title FROM tender_item WHERE id = ANY($1::bigint[])',
    [result.itemIds],
  );
  const counts = new Map<string, number>();
  const count = (word: string) => counts.set(word, (counts.get(word) ?? 0) + 1);
  for (const { title } of titles) {
    const words = wordTokens(title).map((token) => token.lexeme);
    words.forEach((word, position) => {
      if (word !== keyword && word.includes(keyword)) count(word);
      const next = words[position + 1];
      if (word.endsWith(keyword) && next && next.length >= 2)
        count(`${word === keyword ? keyword : word}${next}`);
    });
  }
  return [...counts.entries()]
    .filter(([, times]) => times >= 2 || counts.size < limit)
    .sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)
    .slice(0, limit)
    .map(([word]) => ({ word, source: 'title' }));
}
