import { purchaseContent } from './purchase-content';
import { normalizeForSearch, VectorBuilder } from './tokens';

/** What the search index needs of an item; written beside it in the same transaction. */
export interface IndexableItem {
  itemId: number;
  docType: string;
  procurementMethod: string | null;
  title: string;
  body: string;
  projectName: string | null;
  /** 'YYYY-MM-DD' */
  publishDate: string;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  industryCode: string | null;
  budgetFen: number | null;
  awardFen: number | null;
}

/** One row of `search_document` (migrations/0006_search.sql). */
export interface SearchDocumentRow {
  itemId: number;
  docType: string;
  procurementMethod: string | null;
  publishDate: string;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  industryCode: string | null;
  amountFen: number | null;
  titleTokens: VectorValue;
  contentTokens: VectorValue;
  fullTokens: VectorValue;
  lossyTitle: string | null;
  lossyContent: string | null;
  lossyFull: string | null;
}

/**
 * A tsvector column's value: its literal, or — the importer on PostgreSQL (`prepareSearchTokens`) — its binary
 * form (`VectorBuilder.binary()`), which only `withBinaryVectors` (src/ingest/binary-vectors.ts) sends.
 */
export type VectorValue = string | Buffer;

/**
 * The amount the amount filter compares (spec §3 amount ranges): a result's award, else the budget. Projects
 * (拟建/审批) have neither; their total investment is set with their project facts (`setProjectAmounts`).
 */
export function filterAmountFen(
  item: Pick<IndexableItem, 'docType' | 'budgetFen' | 'awardFen'>,
): number | null {
  return item.docType === 'jg' ? (item.awardFen ?? item.budgetFen) : (item.budgetFen ?? item.awardFen);
}

/** The vectors of an item's three scopes: what `searchDocument` spends nearly all its time on. */
interface ScopeTokens {
  titleTokens: VectorValue;
  contentTokens: VectorValue;
  fullTokens: VectorValue;
  lossyTitle: string | null;
  lossyContent: string | null;
  lossyFull: string | null;
}

/**
 * The tokens of an item's three search scopes: title, purchase content (`purchase-content.ts`) and full text
 * (title, project name and body, which together hold the purchase content). A scope past tsvector's limits
 * keeps its normalized text for verification.
 */
function scopeTokens(
  item: Pick<IndexableItem, 'title' | 'body' | 'projectName'>,
  binary = false,
): ScopeTokens {
  const content = purchaseContent(item.projectName, item.body);
  const title = new VectorBuilder().add(item.title);
  const contentVector = new VectorBuilder().add(content);
  // The purchase content is the project name and lines of the body: the full text holds it once the project
  // name is there (it nearly always is, in the title or the body). Not repeating it keeps the largest vector
  // — the cost of every import — smaller.
  const projectName =
    item.projectName && !item.title.includes(item.projectName) && !item.body.includes(item.projectName)
      ? item.projectName
      : '';
  const full = new VectorBuilder().add(item.title).add(projectName).add(item.body);
  const value = (vector: VectorBuilder) => (binary ? vector.binary() : vector.literal());
  return {
    titleTokens: value(title),
    contentTokens: value(contentVector),
    fullTokens: value(full),
    lossyTitle: title.lossy ? normalizeForSearch(item.title) : null,
    lossyContent: contentVector.lossy ? normalizeForSearch(content) : null,
    // Fields joined by a line break: a search term never holds one, so no match spans two fields.
    lossyFull: full.lossy ? normalizeForSearch(`${item.title}\n${projectName}\n${item.body}`) : null,
  };
}

/** Tokens made ahead by `prepareSearchTokens`, by body; each is taken once. */
const prepared = new Map<string, { title: string; projectName: string | null; tokens: ScopeTokens }>();
/** A bound on what waits there: a batch or two of an import. */
const MAX_PREPARED = 5_000;

/**
 * Makes the tokens of items about to be written, so that an importer can do it while the database writes the
 * previous batch (src/ingest/service.ts): `searchDocument` then takes them instead of making them again.
 * `binary`: in PostgreSQL's binary format, for a writer that sends them so (`withBinaryVectors`).
 * Yields to the event loop between items, so the replies of the write in flight are read as they come.
 */
export async function prepareSearchTokens(
  items: readonly Pick<IndexableItem, 'title' | 'body' | 'projectName'>[],
  options: { binary?: boolean } = {},
): Promise<void> {
  for (const [index, item] of items.entries()) {
    // What is left over belongs to batches written already (their duplicates): dropped.
    if (prepared.size >= MAX_PREPARED) prepared.clear();
    const tokens = scopeTokens(item, options.binary);
    prepared.set(item.body, { title: item.title, projectName: item.projectName, tokens });
    if (index % 16 === 15) await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Forgets the tokens made ahead and not taken (duplicates): the end of an import. */
export function dropPreparedSearchTokens(): void {
  prepared.clear();
}

function takePrepared(item: IndexableItem): ScopeTokens | undefined {
  const entry = prepared.get(item.body);
  if (!entry || entry.title !== item.title || entry.projectName !== item.projectName) return undefined;
  prepared.delete(item.body);
  return entry.tokens;
}

/** The row of an item in `search_document`; the filter lexemes are generated there (migration 0013). */
export function searchDocument(item: IndexableItem): SearchDocumentRow {
  return {
    itemId: item.itemId,
    docType: item.docType,
    procurementMethod: item.procurementMethod,
    publishDate: item.publishDate,
    provinceCode: item.provinceCode,
    cityCode: item.cityCode,
    districtCode: item.districtCode,
    industryCode: item.industryCode,
    amountFen: filterAmountFen(item),
    ...(takePrepared(item) ?? scopeTokens(item)),
  };
}
