import type { CollectMapEntry, ItemType } from '@tender/contracts';
import { formatDateTime, RESPONSE_CODES } from '@tender/domain';
import { batcher } from '../db/batcher';
import type { Queryable } from '../db/database';
import { amountView, regionView, typeName } from '../details/present';
import { quotaDay } from '../gates/quota';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';
import { type BrowseView, historyQueries, type ListedItemRow, type Page } from './queries';

/** An item a user browses or follows: its id and type (tender_item.doc_type). */
export interface HistoryItem {
  id: number;
  type: ItemType;
}

export interface PageRequest {
  pageNumber: number;
  pageSize: number;
  type?: ItemType | undefined;
}

/** The item as the personal lists show it (itemSummarySchema of @tender/contracts). */
export function summary(row: ListedItemRow) {
  const amount =
    amountView(row.budgetFen, row.budgetRaw) ??
    amountView(row.awardFen, row.awardRaw) ??
    amountView(row.totalInvestmentFen, row.totalInvestmentRaw);
  return {
    id: row.id,
    type: row.docType as ItemType,
    typeName: typeName(row.docType),
    title: row.title,
    regionText: regionView(row.provinceCode, row.cityCode, null).regionText,
    provinceCode: row.provinceCode,
    publishDate: row.publishDate,
    amount,
    purchaserName: row.purchaserName,
    isCollect: row.isCollect,
  };
}

/** Per-type counts in the catalog's type order, types without lines left out. */
function typeCounts(counts: Map<string, number>) {
  return [...counts]
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => TYPE_ORDER.indexOf(a) - TYPE_ORDER.indexOf(b))
    .map(([type, count]) => ({ type: type as ItemType, typeName: typeName(type), count }));
}

const TYPE_ORDER = ['zb', 'bg', 'jg', 'yg', 'yx', 'nj', 'sp'];

function toPage(request: PageRequest): Page {
  return {
    limit: request.pageSize,
    offset: (request.pageNumber - 1) * request.pageSize,
    type: request.type,
  };
}

/**
 * Browsing history (我的浏览历史) and follows (我的关注) of one account (docs: src/history/README.md). A detail view
 * records itself through {@link HistoryService.recordBrowse}; the lists are newest first.
 */
export function historyService(db: Queryable) {
  const queries = historyQueries(db);
  // Every detail view records itself: the views that arrive together are written in one statement (ADR 0027).
  const recordView = batcher<BrowseView, void>(async (views) => {
    await queries.recordBrowses(views);
    return views.map(() => undefined);
  });

  /** The item's type, checked against the one the client named (404 when it does not exist or differs). */
  async function itemOf(id: number, claimedType?: ItemType): Promise<HistoryItem> {
    const type = (await queries.itemTypes([id])).get(id);
    if (!type || (claimedType !== undefined && claimedType !== type)) {
      throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.gates.itemNotFound);
    }
    return { id, type: type as ItemType };
  }

  return {
    itemOf,

    /** Records a view: one line per item per China day, the latest view on top. */
    async recordBrowse(userId: number, item: HistoryItem, now: Date): Promise<void> {
      await recordView({ userId, itemId: item.id, itemType: item.type, day: quotaDay(now), at: now });
    },

    async isFollowing(userId: number, itemId: number): Promise<boolean> {
      return (await queries.followed(userId, [itemId])).has(itemId);
    },

    async follow(userId: number, item: HistoryItem, now: Date): Promise<CollectMapEntry> {
      await queries.follow(userId, item, now);
      return { type: item.type, id: item.id, isCollect: true };
    },

    async unfollow(userId: number, item: HistoryItem): Promise<CollectMapEntry> {
      await queries.unfollow(userId, item.id);
      return { type: item.type, id: item.id, isCollect: false };
    },

    /** spec §3 collectMap: the items that exist, in the order asked, each once. */
    async collectMap(userId: number, ids: readonly number[]): Promise<CollectMapEntry[]> {
      const unique = [...new Set(ids)];
      const [types, followed] = await Promise.all([
        queries.itemTypes(unique),
        queries.followed(userId, unique),
      ]);
      return unique.flatMap((id) => {
        const type = types.get(id);
        return type ? [{ type: type as ItemType, id, isCollect: followed.has(id) }] : [];
      });
    },

    async browseList(userId: number, request: PageRequest) {
      const [rows, counts] = await Promise.all([
        queries.browsePage(userId, toPage(request)),
        queries.browseCounts(userId),
      ]);
      return {
        records: rows.map((row) => ({
          ...summary(row),
          browseDate: row.day,
          browsedAt: formatDateTime(row.lastViewedAt),
          views: row.views,
        })),
        total: totalOf(counts, request.type),
        typeCounts: typeCounts(counts),
      };
    },

    async removeBrowse(userId: number, itemId: number | undefined): Promise<number> {
      return queries.removeBrowse(userId, itemId);
    },

    async collectionList(userId: number, request: PageRequest) {
      const [rows, counts] = await Promise.all([
        queries.followPage(userId, toPage(request)),
        queries.followCounts(userId),
      ]);
      return {
        records: rows.map((row) => ({ ...summary(row), collectedAt: formatDateTime(row.followedAt) })),
        total: totalOf(counts, request.type),
        typeCounts: typeCounts(counts),
      };
    },
  };
}

function totalOf(counts: Map<string, number>, type: string | undefined): number {
  if (type !== undefined) return counts.get(type) ?? 0;
  return [...counts.values()].reduce((sum, count) => sum + count, 0);
}

export type HistoryService = ReturnType<typeof historyService>;
