import type { Queryable } from '../db/database';
import { filterLexemeQuery, type LexemeFilters } from './filter-lexemes';
import type { MatchSpec, SearchScope } from './query';
import { termLexemesTsquery } from './tokens';

/** Per vector column: the frequency (share of documents) of each lexeme in the planner's statistics. */
type Frequencies = Map<string, { byLexeme: Map<string, number>; floor: number }>;

const COLUMNS: Record<SearchScope, string> = {
  title: 'title_tokens',
  content: 'content_tokens',
  full: 'full_tokens',
};

/** The statistics, as last read (ANALYZE changes them rarely; read once a minute). */
const statistics = new WeakMap<Queryable, { frequencies: Frequencies; at: number }>();

async function frequencies(db: Queryable): Promise<Frequencies> {
  const cached = statistics.get(db);
  if (cached && Date.now() - cached.at < 60_000) return cached.frequencies;
  const rows = await db.query<{ attname: string; lexemes: string[] | null; shares: number[] | null }>(
    `SELECT attname::text, most_common_elems::text::text[] AS lexemes, most_common_elem_freqs::float8[] AS shares
     FROM pg_stats WHERE tablename = 'search_document' AND attname = ANY($1::text[])`,
    [[...Object.values(COLUMNS), 'filter_tokens']],
  );
  const result: Frequencies = new Map();
  for (const row of rows) {
    const lexemes = row.lexemes ?? [];
    const shares = row.shares ?? [];
    const byLexeme = new Map(lexemes.map((lexeme, index) => [lexeme, shares[index] ?? 0]));
    // After the lexemes' shares come their minimum and maximum: a lexeme not listed is rarer than the minimum.
    result.set(row.attname, { byLexeme, floor: shares[lexemes.length] ?? 0 });
  }
  statistics.set(db, { frequencies: result, at: Date.now() });
  return result;
}

const QUOTED = /'((?:[^']|'')*)'(:\*)?/g;

/** The share of documents holding every lexeme of the tsquery text (its least common one), or undefined. */
function shareOfAll(query: string, column: Frequencies extends Map<string, infer V> ? V : never) {
  let share = 1;
  for (const [, lexeme, prefix] of query.matchAll(QUOTED)) {
    // A prefix matches lexemes the statistics do not list one by one.
    if (prefix) return undefined;
    const text = (lexeme ?? '').replaceAll("''", "'");
    share = Math.min(share, column.byLexeme.get(text) ?? column.floor);
  }
  return share;
}

/**
 * About how many documents a search matches, from the planner's statistics of the lexemes (each needle's least
 * common lexeme, any of the words for fuzzy search, each filter group's share), needles and groups taken as
 * independent, as the planner takes them. Undefined where the statistics cannot tell (no statistics, a one-character prefix). Used
 * only to choose how to count and page, never for what is counted.
 */
export async function estimatedMatches(
  db: Queryable,
  scope: SearchScope,
  spec: MatchSpec,
  filters: LexemeFilters,
  documents: number,
): Promise<number | undefined> {
  const stats = await frequencies(db);
  const column = stats.get(COLUMNS[scope]);
  if (!column) return undefined;
  let share = 1;
  for (const needle of spec.all) {
    const needleShare = shareOfAll(termLexemesTsquery(needle) ?? '', column);
    if (needleShare === undefined) return undefined;
    share *= needleShare;
  }
  if (spec.any.length) {
    let any = 0;
    for (const needle of spec.any) {
      const needleShare = shareOfAll(termLexemesTsquery(needle) ?? '', column);
      if (needleShare === undefined) return undefined;
      any += needleShare;
    }
    share *= Math.min(1, any);
  }
  const filterQuery = filterLexemeQuery(filters).tsquery;
  const filterColumn = stats.get('filter_tokens');
  if (filterQuery && filterColumn) {
    // Groups are ANDed, the lexemes of a group ORed.
    for (const group of filterQuery.split(' & ')) {
      let groupShare = 0;
      for (const [, lexeme] of group.matchAll(QUOTED)) {
        groupShare += filterColumn.byLexeme.get((lexeme ?? '').replaceAll("''", "'")) ?? filterColumn.floor;
      }
      share *= Math.min(1, groupShare);
    }
  }
  return share * documents;
}

/**
 * Which lexemes of a needle checked by its chain the index looks up: its rarest, and any other in less than
 * `commonShare` of the documents (more than `commonFactor` times as common as the rarest is left out). The rest
 * are left to the chain check: a needle's bigrams come together (程项 nearly always inside 工程项目, 目公 inside
 * 项目公开), so they remove few of the rows the rarest finds, while GIN decodes a common lexeme's long posting
 * tree on every candidate — at a million items 项目公开招标 设计 采购项目公开招标 人民政府 with an industry and a
 * quarter took 92 ms in the index scan with every lexeme, 27 ms with the rarest of each needle (the same rows);
 * the whole mix's p95 (each query's best of five runs) was 41–42 ms with 1 %, 47–49 ms with 5 % (ADR 0029).
 * Settings, so that a benchmark can compare.
 */
export const indexLexemePlanning = { commonFactor: 1, commonShare: 0.01 };

/**
 * The spec with `indexLexemes`: for each needle checked by its chain, the lexemes `indexLexemePlanning` keeps,
 * when it leaves some out. Unchanged without statistics of the scope, and for a needle with a prefix lexeme (the
 * statistics do not tell its share).
 */
export async function withIndexLexemes(
  db: Queryable,
  scope: SearchScope,
  spec: MatchSpec,
): Promise<MatchSpec> {
  const column = (await frequencies(db)).get(COLUMNS[scope]);
  if (!column) return spec;
  const indexLexemes = new Map<string, string>();
  for (const needle of [...spec.all, ...spec.any]) {
    const lexemes = [...(termLexemesTsquery(needle) ?? '').matchAll(QUOTED)];
    if (lexemes.length < 2 || lexemes.some(([, , prefix]) => prefix)) continue;
    const shares = lexemes.map(
      ([, lexeme]) => column.byLexeme.get((lexeme ?? '').replaceAll("''", "'")) ?? column.floor,
    );
    const limit = Math.min(...shares) * indexLexemePlanning.commonFactor;
    const kept = lexemes.filter((_, index) => {
      const share = shares[index] as number;
      return share <= limit || share < indexLexemePlanning.commonShare;
    });
    if (kept.length < lexemes.length) indexLexemes.set(needle, kept.map(([quoted]) => quoted).join(' & '));
  }
  return indexLexemes.size ? { ...spec, indexLexemes } : spec;
}
