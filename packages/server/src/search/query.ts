import { isSingleLexeme, normalizeForSearch, termLexemesTsquery, termTsquery, wordTokens } from './tokens';

/** spec §3 Fixed filter options, search pattern: 30 precise, 20 smart, 10 fuzzy. */
export type SearchMode = 'precise' | 'smart' | 'fuzzy';
/** spec §3 Fixed filter options, search type: 10 full text, 20 title, 30 purchase content. */
export type SearchScope = 'full' | 'title' | 'content';

/** The most keywords one search takes; more are ignored (a search box, not a document). */
export const MAX_KEYWORDS = 10;
/** Longer keywords are cut: a 50-character phrase is already more precise than any user needs. */
export const MAX_KEYWORD_LENGTH = 50;

const SEPARATORS = /[\s,，、;；|｜]+/u;

/**
 * The keywords of a search box: split at spaces and list separators (`医院 设备`, `医院，设备`), normalized as the
 * index is (NFKC, lower case), without repeats and without those holding nothing searchable (`，`).
 */
export function splitKeywords(text: string | readonly string[] | undefined): string[] {
  const parts = (typeof text === 'string' ? [text] : (text ?? [])).flatMap((part) => part.split(SEPARATORS));
  const keywords: string[] = [];
  for (const part of parts) {
    const keyword = Array.from(normalizeForSearch(part).trim()).slice(0, MAX_KEYWORD_LENGTH).join('');
    if (keyword && termTsquery(keyword) && !keywords.includes(keyword)) keywords.push(keyword);
    if (keywords.length >= MAX_KEYWORDS) break;
  }
  return keywords;
}

/**
 * The needles of a keyword in smart and fuzzy modes: its jieba words (`医院设备采购` → 医院, 设备, 采购), each
 * then found as an exact substring; a keyword without a word of two characters (`院`) is its own needle.
 */
export function keywordWords(keyword: string): string[] {
  const words = wordTokens(keyword)
    .map((token) => token.lexeme)
    .filter((word) => termTsquery(word));
  return words.length ? [...new Set(words)] : [keyword];
}

/**
 * What a search matches, as exact substrings ("needles") of the chosen field:
 * - precise: every keyword;
 * - smart: every word of every keyword;
 * - fuzzy: any word of any keyword (ranked: all words first);
 * and in every mode every keyword of the secondary search (search within results), precisely.
 */
export interface MatchSpec {
  all: string[];
  any: string[];
  /**
   * Per needle of several lexemes, the ones the index looks up when not all of them (`withIndexLexemes`
   * in match-estimate.ts): the needle's chain, checked on every row the index finds, implies the others.
   */
  indexLexemes?: ReadonlyMap<string, string>;
  /**
   * The filters compared on the row instead of looked up in the index (`withRowFilters` in search-index.ts):
   * common ones, when the needles alone find few documents.
   */
  rowFilters?: ReadonlySet<FilterKind>;
}

/** The filters of a search, as the index groups their lexemes. */
export type FilterKind = 'types' | 'regions' | 'industries' | 'amount' | 'dates';

export function matchSpec(
  keywords: readonly string[],
  mode: SearchMode,
  within: readonly string[],
): MatchSpec {
  const words = mode === 'precise' ? [...keywords] : [...new Set(keywords.flatMap(keywordWords))];
  const all = mode === 'fuzzy' ? [...within] : [...new Set([...words, ...within])];
  const any = mode === 'fuzzy' && words.length > 1 ? words : [];
  // A fuzzy search of one word is a search for that word.
  if (mode === 'fuzzy' && words.length === 1) all.unshift(...words);
  return { all: [...new Set(all)], any };
}

/** The needles to highlight in results, longest first (so 医院设备 wins over 医院 where both match). */
export function highlightNeedles(spec: MatchSpec): string[] {
  return [...new Set([...spec.all, ...spec.any])].sort((a, b) => b.length - a.length);
}

/** Needles to match: all of them, or any of them. */
export type Combine = 'all' | 'any';

/**
 * The GIN part of a match: every lexeme of each needle, positions ignored — exact for the index, so the rows it
 * finds need no recheck and cheap filters run before any phrase check.
 */
export function lexemesTsquery(
  needles: readonly string[],
  combine: Combine,
  indexLexemes?: ReadonlyMap<string, string>,
): string | undefined {
  const parts = needles.map((needle) => {
    const query = indexLexemes?.get(needle) ?? termLexemesTsquery(needle);
    if (!query) throw new RangeError(`nothing searchable in ${JSON.stringify(needle)}`);
    return query;
  });
  if (!parts.length) return undefined;
  return combine === 'all' ? parts.join(' & ') : `(${parts.join(' | ')})`;
}

/**
 * The positional part of a match: the bigram chain of each needle of more than one lexeme, checked on the rows
 * the lexemes found. Undefined when every needle is one lexeme (two-character terms): the lexemes are the match.
 */
export function chainsTsquery(needles: readonly string[], combine: Combine): string | undefined {
  if (needles.every(isSingleLexeme)) return undefined;
  const chains = (combine === 'all' ? needles.filter((needle) => !isSingleLexeme(needle)) : needles).map(
    (needle) => termTsquery(needle) as string,
  );
  return combine === 'all' ? chains.join(' & ') : `(${chains.join(' | ')})`;
}

/** The tsquery of needles matched exactly (chains), for checks outside the index (titles in fuzzy ranking). */
export function exactTsquery(needles: readonly string[], combine: Combine): string | undefined {
  const chains = needles.map((needle) => termTsquery(needle) as string);
  if (!chains.length) return undefined;
  return combine === 'all' ? chains.join(' & ') : `(${chains.join(' | ')})`;
}
