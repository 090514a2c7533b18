import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { amountViewSchema, detailItemIdSchema, itemTypeSchema } from './details';

/**
 * Browsing history (spec §2 /BrowsingHistory, 我的浏览历史) and follows (我的关注): per user, newest first. A
 * detail view records itself; `common/saveBrowseCollection` records a browse or a collection explicitly (spec §7
 * Common), `spxm/user-browse-collection/add|del/collection` follow and unfollow (spec §7 Search).
 */

/** spec §3 Info-type counts: a `collectMap` entry, whether the caller follows an item. */
export const collectMapEntrySchema = z
  .object({
    type: itemTypeSchema,
    id: z.number().int(),
    isCollect: z.boolean(),
  })
  .meta({ id: 'CollectMapEntry' });

export type CollectMapEntry = z.infer<typeof collectMapEntrySchema>;

const followRequest = z.object({
  id: detailItemIdSchema,
  type: itemTypeSchema.optional().describe('信息类型；给出时须与该信息的类型一致'),
});

const followErrors = [{ code: 404, when: 'id 对应的信息不存在，或 type 与该信息的类型不符' }];

/** spec §7 `spxm/user-browse-collection/add/collection`: follow an item (我的关注). Following twice is one follow. */
export const addCollectionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/spxm/user-browse-collection/add/collection',
  summary: '关注（收藏）一条信息，任何类型均可；重复关注不重复记录；返回 collectMap 条目',
  access: 'user',
  request: followRequest,
  response: collectMapEntrySchema,
  errors: followErrors,
});

/** spec §7 `spxm/user-browse-collection/del/collection`: stop following an item. */
export const delCollectionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/spxm/user-browse-collection/del/collection',
  summary: '取消关注一条信息；未关注时同样成功；返回 collectMap 条目',
  access: 'user',
  request: followRequest,
  response: collectMapEntrySchema,
  errors: followErrors,
});

export const BROWSE_COLLECTION_ACTIONS = ['browse', 'collect', 'uncollect'] as const;

/**
 * spec §7 `common/saveBrowseCollection`: records a browse (the browsing history, once per item per day, the newest
 * view on top) or a collection (follow / unfollow). Recording a browse opens nothing: it costs no privilege.
 */
export const saveBrowseCollectionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/common/saveBrowseCollection',
  summary:
    '保存浏览或收藏：action = browse 记入浏览历史（同一信息每天一条，最新浏览在前，不计次），collect 关注，uncollect 取消关注；返回 collectMap 条目',
  access: 'user',
  request: z.object({
    id: detailItemIdSchema,
    type: itemTypeSchema.optional().describe('信息类型；给出时须与该信息的类型一致'),
    action: z
      .enum(BROWSE_COLLECTION_ACTIONS, {
        error: 'action 只能是 browse（浏览）、collect（关注）或 uncollect（取消关注）',
      })
      .default('browse')
      .describe('browse 浏览（默认），collect 关注，uncollect 取消关注'),
  }),
  response: collectMapEntrySchema,
  errors: followErrors,
});

/** spec §3 Info-type counts `collectMap`: which of these items the caller follows (for a list page's stars). */
export const collectMapEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/user-browse-collection/collectMap',
  summary:
    '批量查询关注状态（collectMap）：按 ids 的顺序返回每条存在的信息的 {type, id, isCollect}，不存在的 id 略去',
  access: 'user',
  request: z.object({
    ids: z
      .array(detailItemIdSchema, { error: 'ids 须为信息编号的数组' })
      .min(1, '请至少提供 1 个信息编号')
      .max(100, '一次最多查询 100 条')
      .describe('信息编号，至多 100 个'),
  }),
  response: z.array(collectMapEntrySchema),
});

/** One line of 我的浏览历史 / 我的关注: the item as a list shows it. */
export const itemSummarySchema = z.object({
  id: z.number().int(),
  type: itemTypeSchema,
  typeName: z.string(),
  title: z.string(),
  /** '广东省 深圳市'; '' without a region. */
  regionText: z.string(),
  provinceCode: z.string().nullable(),
  publishDate: z.string(),
  /** The budget, else the award, else a project's total investment. */
  amount: amountViewSchema.nullable(),
  /** 采购人 / 建设单位. */
  purchaserName: z.string().nullable(),
  isCollect: z.boolean(),
});

/** spec §3 Info-type counts: how many lines of the list each type has (the tabs), types without any left out. */
export const typeCountSchema = z.object({
  type: itemTypeSchema,
  typeName: z.string(),
  count: z.number().int(),
});

const pageRequest = {
  pageNumber: z.coerce
    .number({ error: '页码须为整数' })
    .int('页码须为整数')
    .min(1, '页码从 1 开始')
    .default(1)
    .describe('页码，从 1 开始'),
  pageSize: z.coerce
    .number({ error: '每页条数须为整数' })
    .int('每页条数须为整数')
    .min(1, '每页至少 1 条')
    .max(50, '每页最多 50 条')
    .default(20)
    .describe('每页条数（spec §9 默认 20）'),
  type: itemTypeSchema.optional().describe('只看这一类型'),
};

/** spec §2 /BrowsingHistory (我的浏览历史): the caller's views, newest first, one line per item per day. */
export const browseHistoryListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/user-browse-collection/browse/list',
  summary:
    '我的浏览历史：分页，最新浏览在前；同一信息每天一条（当天再次浏览移到最前）；可按类型筛选，附各类型条数',
  access: 'user',
  request: z.object(pageRequest),
  response: z.object({
    records: z.array(
      itemSummarySchema.extend({
        /** The China day of the views ('YYYY-MM-DD'). */
        browseDate: z.string(),
        /** The latest view that day, China time 'YYYY-MM-DD HH:mm:ss'. */
        browsedAt: z.string(),
        /** Views that day. */
        views: z.number().int(),
      }),
    ),
    total: z.number().int(),
    typeCounts: z.array(typeCountSchema),
  }),
});

/** Removes lines from the browsing history: one item's (every day), or all of it. */
export const delBrowseHistoryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/user-browse-collection/del/browse',
  summary: '删除浏览历史：给出 id 删除该信息的全部浏览记录，不给 id 清空全部；返回删除的条数',
  access: 'user',
  request: z.object({ id: detailItemIdSchema.optional() }),
  response: z.object({ removed: z.number().int() }),
});

/** 我的关注: the items the caller follows, newest follow first. */
export const collectionListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/user-browse-collection/collection/list',
  summary: '我的关注：分页，最新关注在前；可按类型筛选，附各类型条数',
  access: 'user',
  request: z.object(pageRequest),
  response: z.object({
    records: z.array(
      itemSummarySchema.extend({
        /** When it was followed, China time 'YYYY-MM-DD HH:mm:ss'. */
        collectedAt: z.string(),
      }),
    ),
    total: z.number().int(),
    typeCounts: z.array(typeCountSchema),
  }),
});
