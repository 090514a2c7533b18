import type { Queryable } from '../db/database';
import type { TenderParty, TenderRecord } from '../ingest/record';
import { PROJECT_TYPES } from '../ingest/record';
import type { NewItem } from '../matching/service';
import { filterAmountFen } from '../search/document';
import {
  insertSourceLinks,
  projectOf,
  repeatedNotice,
  setProjectKeys,
  storedCandidates,
} from './cross-source';
import type { NoticeFacts } from './duplicates';
import { dedupKey, derivedProjectKey, normalizeCompanyName } from './normalize';
import {
  type CompanyRow,
  existingDedupKeys,
  existingSourceIds,
  type ItemCompanyRow,
  insertItemCompanies,
  insertProjectDetails,
  insertTenderItems,
  type ProjectDetailRow,
  type TenderItemRow,
  upsertCompanies,
} from './queries';

export interface WriteOutcome {
  inserted: number;
  /** Skipped: an item with the same source id exists (or came earlier in the batch). */
  duplicatesBySource: number;
  /** Skipped: same normalised title, project code, purchaser and publish date. */
  duplicatesByContent: number;
  /** Company ids resolved in this write; valid for later batches only once the transaction commits. */
  companyIds: Map<string, number>;
  /** The items written, with their ids and company links: what the subscription matcher reads (src/matching). */
  items: NewItem[];
}

/**
 * What a batch being written on another connection, not committed yet, has claimed: a batch written beside it
 * must count these items as duplicates and take these companies as known (docs/adr/0021-two-import-writers.md).
 */
export interface ClaimedByBatch {
  /** Source ids and de-duplication keys of the items it inserted. */
  sourceIds: ReadonlySet<string>;
  dedupKeys: ReadonlySet<string>;
  /** The companies it upserted, by normalised name. */
  companyIds: ReadonlyMap<string, number>;
}

export interface WriteOptions {
  /** Normalised name → id, from committed batches: saves the company lookups of names seen before. */
  knownCompanies?: ReadonlyMap<string, number>;
  /**
   * The batch before this one, when it is written on another connection: its claims (settled once its items
   * are inserted, so item ids follow the file's order) and its commit, awaited before this batch links to a
   * company it upserted (the link's foreign key must see the company).
   */
  previous?: { claims: Promise<ClaimedByBatch>; committed: Promise<unknown> };
  /** Called once this batch's items are inserted, with what it claims. */
  onClaimed?: (claims: ClaimedByBatch) => void;
}

interface Candidate {
  record: TenderRecord;
  row: TenderItemRow;
}

/** A notice the ones after it are compared with: stored (with its id) or earlier in the batch (with its row). */
interface Earlier extends NoticeFacts {
  projectKey: string | null;
  itemId?: number;
  row?: TenderItemRow;
}

function factsOf({ record, row }: Candidate): NoticeFacts {
  return {
    title: row.title,
    docType: row.docType,
    procurementMethod: row.procurementMethod,
    projectCode: row.projectCode,
    projectName: row.projectName,
    purchaser: purchaserOf(record)?.name ?? null,
    amountFen: row.budgetFen ?? row.awardFen,
    publishDate: row.publishDate,
  };
}

/** Where an earlier notice is filed for the comparison: its project code and its purchaser. */
function lookupKeys(notice: NoticeFacts): string[] {
  return [
    ...(notice.projectCode ? [`code:${notice.projectCode}`] : []),
    ...(notice.purchaser ? [`purchaser:${normalizeCompanyName(notice.purchaser)}`] : []),
  ];
}

/**
 * Drops the candidates that repeat a stored notice or an earlier one of the batch from another source (ADR 0041),
 * answering where each repeat's source is to be kept, and chains the others to an earlier notice of their project:
 * the project key of the newest such notice, or theirs given to it when it has none.
 */
async function crossSource(tx: Queryable, candidates: readonly Candidate[]) {
  const byKey = new Map<string, Earlier[]>();
  const file = (earlier: Earlier) => {
    for (const key of lookupKeys(earlier)) byKey.set(key, [earlier, ...(byKey.get(key) ?? [])]);
  };
  const facts = candidates.map(factsOf);
  const stored = await storedCandidates(tx, facts);
  for (const item of [...stored].reverse()) file({ ...item, itemId: item.id });
  const unique: Candidate[] = [];
  const repeats: { of: Earlier; row: TenderItemRow }[] = [];
  const storedKeys = new Map<number, string>();
  candidates.forEach((candidate, index) => {
    const notice = facts[index] as NoticeFacts;
    const near = [...new Set(lookupKeys(notice).flatMap((key) => byKey.get(key) ?? []))];
    // Approval and planning items (sp, nj) are facts of a project, not notices an aggregator reposts.
    const repeated = PROJECT_TYPES.has(notice.docType) ? undefined : repeatedNotice(notice, near);
    if (repeated) {
      repeats.push({ of: repeated, row: candidate.row });
      return;
    }
    const project = candidate.record.projectKey ? undefined : projectOf(notice, near);
    if (project) {
      const key =
        project.projectKey ??
        candidate.row.projectKey ??
        (project.itemId !== undefined ? `item:${project.itemId}` : `notice:${project.row?.dedupKey}`);
      candidate.row.projectKey = key;
      if (project.projectKey === null) {
        project.projectKey = key;
        if (project.row) project.row.projectKey = key;
        if (project.itemId !== undefined) storedKeys.set(project.itemId, key);
      }
    }
    unique.push(candidate);
    file({ ...notice, projectKey: candidate.row.projectKey, row: candidate.row });
  });
  await setProjectKeys(tx, storedKeys);
  return { unique, repeats };
}

function purchaserOf(record: TenderRecord): TenderParty | undefined {
  return record.parties?.find((party) => party.role === 'purchaser');
}

/** Result notices often state amounts per lot only: their total is the item's award amount. */
function awardFenOf(record: TenderRecord): number | null {
  if (record.award) return record.award.fen;
  const lotAwards = (record.parties ?? []).flatMap((party) =>
    party.role === 'winner' && party.award ? [party.award.fen] : [],
  );
  return lotAwards.length ? lotAwards.reduce((sum, fen) => sum + fen, 0) : null;
}

function itemRow(record: TenderRecord): TenderItemRow {
  const purchaser = purchaserOf(record)?.name ?? null;
  const projectCode = record.projectCode ?? null;
  return {
    docType: record.announcementType,
    procurementMethod: record.procurementMethod ?? null,
    noticeKind: record.noticeKind ?? null,
    title: record.title,
    body: record.body,
    projectKey: record.projectKey ?? derivedProjectKey(projectCode, purchaser) ?? null,
    projectCode,
    projectName: record.projectName ?? null,
    provinceCode: record.region?.provinceCode ?? null,
    cityCode: record.region?.cityCode ?? null,
    districtCode: record.region?.districtCode ?? null,
    industryCode: record.industryCode ?? null,
    budgetFen: record.budget?.fen ?? null,
    budgetRaw: record.budget?.raw ?? null,
    awardFen: awardFenOf(record),
    awardRaw: record.award?.raw ?? null,
    publishDate: record.publishDate,
    documentsFrom: record.deadlines?.documentsFrom ?? null,
    documentsUntil: record.deadlines?.documentsUntil ?? null,
    bidDeadline: record.deadlines?.bidDeadline ?? null,
    openingTime: record.deadlines?.openingTime ?? null,
    expectedPurchaseMonth: record.expectedPurchaseMonth ?? null,
    sourceId: record.sourceId ?? null,
    sourceUrl: record.sourceUrl ?? null,
    sourceName: record.sourceName ?? null,
    dedupKey: dedupKey({ title: record.title, projectCode, purchaser, publishDate: record.publishDate }),
  };
}

/** A party's company; a purchaser without its own region is placed where its item is. */
function companyRow(party: TenderParty, record: TenderRecord): CompanyRow {
  const own = party.provinceCode ? party : party.role === 'purchaser' ? record.region : undefined;
  return {
    name: party.name,
    normalizedName: normalizeCompanyName(party.name),
    creditCode: party.creditCode ?? null,
    provinceCode: own?.provinceCode ?? null,
    cityCode: own?.cityCode ?? null,
    districtCode: own?.districtCode ?? null,
  };
}

function projectDetailRow(itemId: number, record: TenderRecord): ProjectDetailRow {
  const { approval, construction } = record;
  return {
    itemId,
    stageCode: approval?.stage ?? null,
    approvalAuthority: approval?.authority ?? null,
    approvalCode: approval?.approvalCode ?? null,
    documentNumber: approval?.documentNumber ?? null,
    approvalResult: approval?.result ?? null,
    approvalDate: approval?.date ?? null,
    totalInvestmentFen: construction?.totalInvestment?.fen ?? null,
    totalInvestmentRaw: construction?.totalInvestment?.raw ?? null,
    constructionSite: construction?.site ?? null,
    constructionScale: construction?.scale ?? null,
    plannedStart: construction?.plannedStart ?? null,
    plannedEnd: construction?.plannedEnd ?? null,
  };
}

/**
 * Writes validated records in the caller's transaction: companies first (one row per normalised name), then
 * the items that are not duplicates, their project facts and their company links. De-duplication, in order:
 * the source id, then the normalised title + project code + purchaser + publish date — against the database,
 * the batch written beside this one (`options.previous`) and earlier records of the same batch. A duplicate is
 * skipped, never merged: the first copy wins.
 */
export async function writeTenderRecords(
  tx: Queryable,
  records: readonly TenderRecord[],
  options: WriteOptions = {},
): Promise<WriteOutcome> {
  const knownCompanies = options.knownCompanies ?? new Map<string, number>();
  const candidates = records.map((record) => ({ record, row: itemRow(record) }));
  const previous = await options.previous?.claims;
  const takenSources = await existingSourceIds(
    tx,
    candidates.flatMap(({ row }) => (row.sourceId ? [row.sourceId] : [])),
  );
  const takenKeys = await existingDedupKeys(
    tx,
    candidates.map(({ row }) => row.dedupKey),
  );
  let duplicatesBySource = 0;
  let duplicatesByContent = 0;
  const fresh: Candidate[] = [];
  const freshByKey = new Map<string, TenderItemRow>();
  // Copies of a notice the batch or the table holds already, as its key says: skipped, their page kept as a source.
  const copies: TenderItemRow[] = [];
  for (const candidate of candidates) {
    const { sourceId, dedupKey: key } = candidate.row;
    if (sourceId && (takenSources.has(sourceId) || previous?.sourceIds.has(sourceId))) {
      duplicatesBySource += 1;
    } else if (takenKeys.has(key) || freshByKey.has(key) || previous?.dedupKeys.has(key)) {
      duplicatesByContent += 1;
      copies.push(candidate.row);
    } else {
      fresh.push(candidate);
      if (sourceId) takenSources.add(sourceId);
      freshByKey.set(key, candidate.row);
    }
  }

  const { unique, repeats } = await crossSource(tx, fresh);
  duplicatesByContent += repeats.length;
  fresh.splice(0, fresh.length, ...unique);

  const companies = new Map<string, CompanyRow>();
  for (const { record } of fresh) {
    for (const party of record.parties ?? []) {
      const company = companyRow(party, record);
      const name = company.normalizedName;
      if (!knownCompanies.has(name) && !previous?.companyIds.has(name) && !companies.has(name)) {
        companies.set(name, company);
      }
    }
  }
  const companyIds = await upsertCompanies(tx, [...companies.values()]);
  const companyId = (name: string) =>
    knownCompanies.get(name) ?? companyIds.get(name) ?? previous?.companyIds.get(name);

  const itemIds = await insertTenderItems(
    tx,
    fresh.map(({ row }) => row),
    (ids) =>
      options.onClaimed?.({
        sourceIds: new Set(
          fresh.flatMap(({ row }) => (row.sourceId && ids.has(row.dedupKey) ? [row.sourceId] : [])),
        ),
        dedupKeys: new Set(ids.keys()),
        companyIds,
      }),
  );
  // Rows another importer wrote meanwhile came back without an id: duplicates by content.
  duplicatesByContent += fresh.length - itemIds.size;

  const details: ProjectDetailRow[] = [];
  const links = new Map<string, ItemCompanyRow>();
  const items: NewItem[] = [];
  for (const { record, row } of fresh) {
    const itemId = itemIds.get(row.dedupKey);
    if (itemId === undefined) continue;
    const item: NewItem = {
      id: itemId,
      docType: row.docType,
      procurementMethod: row.procurementMethod,
      title: row.title,
      projectName: row.projectName,
      body: row.body,
      provinceCode: row.provinceCode,
      cityCode: row.cityCode,
      districtCode: row.districtCode,
      amountFen: PROJECT_TYPES.has(row.docType)
        ? (record.construction?.totalInvestment?.fen ?? null)
        : filterAmountFen(row),
      projectKey: row.projectKey,
      companies: [],
    };
    items.push(item);
    if (PROJECT_TYPES.has(record.announcementType) && (record.approval || record.construction)) {
      details.push(projectDetailRow(itemId, record));
    }
    for (const party of record.parties ?? []) {
      const normalizedName = normalizeCompanyName(party.name);
      const id = companyId(normalizedName);
      if (id === undefined) throw new Error(`公司 ${party.name} 未能写入`);
      const lot = party.lot ?? '';
      const linkKey = `${itemId}\u001f${party.role}\u001f${lot}\u001f${id}`;
      if (links.has(linkKey)) continue;
      (item.companies as { companyId: number; role: typeof party.role }[]).push({
        companyId: id,
        role: party.role,
      });
      links.set(linkKey, {
        itemId,
        companyId: id,
        role: party.role,
        lot,
        rank: party.rank ?? null,
        awardFen: party.award?.fen ?? null,
        awardRaw: party.award?.raw ?? null,
        contactName: party.contactName ?? null,
        contactPhone: party.contactPhone ?? null,
        address: party.address ?? null,
      });
    }
  }
  await insertProjectDetails(tx, details);
  const link = (itemId: number | undefined, row: TenderItemRow) =>
    itemId === undefined
      ? []
      : [{ itemId, sourceId: row.sourceId, sourceUrl: row.sourceUrl, sourceName: row.sourceName }];
  await insertSourceLinks(tx, [
    ...repeats.flatMap(({ of, row }) =>
      link(of.itemId ?? (of.row ? itemIds.get(of.row.dedupKey) : undefined), row),
    ),
    // A key's copy read from another page (the same notice listed twice); a re-read of the item's own page adds none.
    ...copies.flatMap((row) => {
      const kept = takenKeys.get(row.dedupKey) ?? {
        id: itemIds.get(row.dedupKey),
        sourceUrl: freshByKey.get(row.dedupKey)?.sourceUrl ?? null,
      };
      return row.sourceUrl && row.sourceUrl !== kept.sourceUrl ? link(kept.id, row) : [];
    }),
  ]);
  const linked = [...links.values()];
  // A company the batch beside this one upserted is there for the links' foreign key once that batch commits.
  const previousCompanies = new Set(previous?.companyIds.values());
  if (linked.some((link) => previousCompanies.has(link.companyId))) await options.previous?.committed;
  await insertItemCompanies(tx, linked);
  return { inserted: itemIds.size, duplicatesBySource, duplicatesByContent, companyIds, items };
}
