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
  titleTokens: string;
  contentTokens: string;
  fullTokens: string;
  lossyTitle: string | null;
  lossyContent: string | null;
  lossyFull: string | null;
}

/**
 * The amount the amount filter compares (spec §3 amount ranges): a result's award, else the budget. Projects
 * (拟建/审批) have neither; their total investment is set with their project facts (`setProjectAmounts`).
 */
export function filterAmountFen(
  item: Pick<IndexableItem, 'docType' | 'budgetFen' | 'awardFen'>,
): number | null {
  return item.docType === 'jg' ? (item.awardFen ?? item.budgetFen) : (item.budgetFen ?? item.awardFen);
}

/**
 * The tokens of an item's three search scopes: title, purchase content (`purchase-content.ts`) and full text
 * (title, project name and body, which together hold the purchase content). A scope past tsvector's limits keeps its normalized text for verification.
 */
export function searchDocument(item: IndexableItem): SearchDocumentRow {
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
    titleTokens: title.literal(),
    contentTokens: contentVector.literal(),
    fullTokens: full.literal(),
    lossyTitle: title.lossy ? normalizeForSearch(item.title) : null,
    lossyContent: contentVector.lossy ? normalizeForSearch(content) : null,
    // Fields joined by a line break: a search term never holds one, so no match spans two fields.
    lossyFull: full.lossy ? normalizeForSearch(`${item.title}\n${projectName}\n${item.body}`) : null,
  };
}
