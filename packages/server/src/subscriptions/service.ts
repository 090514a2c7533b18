import type { ItemType, PrivilegeKey, SubscriptionKind } from '@tender/contracts';
import {
  formatAmountRange,
  formatDateTime,
  parseAmountRange,
  RESPONSE_CODES,
  withMinAmountRule,
} from '@tender/domain';
import { areaCatalog } from '../catalog/area-catalog';
import { INDUSTRIES } from '../catalog/industries';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/database';
import { gateService } from '../gates/service';
import { ITEM_COLUMNS, type ListedItemRow } from '../history/queries';
import { summary } from '../history/service';
import { BusinessError } from '../http/business-error';
import { backfillGroup } from '../matching/backfill';
import { KIND_DOC_TYPES, normalizeKeyword } from '../matching/matcher';
import { touchMatchingRules } from '../matching/service';
import { levelCatalog, loadMembership } from '../membership/service';
import { messages } from '../messages';
import { searchIndex } from '../search/search-index';
import { suggestTitleWords } from '../search/suggestions';
import { termTsquery, wordTokens } from '../search/tokens';
import type { Tenant } from '../tenants/queries';

const text = messages.subscriptions;

/** The privileges behind each kind: groups allowed, and words per group. 拟建 has no word privilege of its own. */
const KIND_PRIVILEGES: Record<SubscriptionKind, { groups: PrivilegeKey; words: PrivilegeKey }> = {
  tender: { groups: 'subscribeZhaobiao', words: 'subscribeZhaobiaoKeyword' },
  award: { groups: 'subscribeZhongbiao', words: 'subscribeZhongbiaoKeyword' },
  early: { groups: 'preProjectSubscribe', words: 'preProjectSubscribeKeyword' },
  project: { groups: 'subscribeDesignedProject', words: 'subscribeZhaobiaoKeyword' },
};

const KINDS: SubscriptionKind[] = ['tender', 'award', 'early', 'project'];
const METHODS = new Set(['gk', 'yq', 'tp', 'cs', 'dy', 'xj']);

export interface Caller {
  tenant: Tenant;
  userId: number;
}

/** A privilege as a number: -1 unlimited, 0 none, N the total. */
export async function privilegeLimit(
  db: Queryable,
  caller: Caller,
  key: PrivilegeKey,
  now: Date,
): Promise<number> {
  const [membership, levels] = await Promise.all([
    loadMembership(db, caller.tenant.id, caller.userId, now),
    levelCatalog(db, caller.tenant.id),
  ]);
  const privilege = levels.privilege(membership.level, key);
  return privilege.kind === 'unlimited' ? -1 : privilege.kind === 'none' ? 0 : privilege.limit;
}

const withinLimit = (used: number, limit: number) => limit < 0 || used < limit;

export interface GroupInput {
  id?: number | undefined;
  kind: SubscriptionKind;
  name?: string | undefined;
  includeWords: string[];
  excludeWords: string[];
  scope: number;
  areas: string[];
  types: string[];
  amount: string;
}

interface GroupRow {
  id: number;
  kind: SubscriptionKind;
  name: string;
  includeWords: string[];
  excludeWords: string[];
  scope: number;
  areaCodes: string[];
  types: string[];
  minAmountFen: number | null;
  maxAmountFen: number | null;
  createdAt: Date;
  updatedAt: Date;
  unread: number;
}

const GROUP_COLUMNS = `g.id, g.kind, g.name, g.include_words AS "includeWords", g.exclude_words AS "excludeWords",
  g.scope, g.area_codes AS "areaCodes", g.types, g.min_amount_fen AS "minAmountFen",
  g.max_amount_fen AS "maxAmountFen", g.created_at AS "createdAt", g.updated_at AS "updatedAt",
  (SELECT count(*)::int FROM subscription_feed f
    WHERE f.user_id = g.user_id AND f.read_at IS NULL AND g.id = ANY(f.group_ids)) AS unread`;

const FEN_PER_WAN = 1_000_000;

function groupView(row: GroupRow) {
  const toWan = (fen: number | null) => (fen === null ? undefined : fen / FEN_PER_WAN);
  const range = { min: toWan(row.minAmountFen), max: toWan(row.maxAmountFen) };
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    includeWords: row.includeWords,
    excludeWords: row.excludeWords,
    scope: Number(row.scope) as 10 | 20 | 30,
    areaCodes: row.areaCodes,
    types: row.types,
    amount: range.min === undefined && range.max === undefined ? '' : formatAmountRange(range),
    unread: row.unread,
    createdAt: formatDateTime(row.createdAt),
    updatedAt: formatDateTime(row.updatedAt),
  };
}

function refuse(field: string, message: string): BusinessError {
  return new BusinessError(RESPONSE_CODES.BAD_REQUEST, `参数 ${field}：${message}`);
}

/** Area codes or '广东省_深圳市' names → GB/T 2260 codes; the whole country is no filter. */
function resolveAreas(areas: readonly string[]): string[] {
  const codes = new Set<string>();
  for (const area of areas) {
    if (area === '全国' || area === '100000') continue;
    const code = areaCatalog().resolveCode(area);
    if (!code) throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, text.unknownArea(area));
    codes.add(code);
  }
  return [...codes];
}

function uniqueWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  return words.filter((word) => {
    const key = normalizeKeyword(word);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function subscriptionService(db: Database, clock: Clock) {
  const gates = gateService(db);

  async function limitsOf(caller: Caller, now: Date) {
    const rows = await db.query<{ kind: SubscriptionKind; count: number }>(
      'SELECT kind, count(*)::int AS count FROM subscription_group WHERE user_id = $1 GROUP BY kind',
      [caller.userId],
    );
    const used = new Map(rows.map((row) => [row.kind, row.count]));
    return Promise.all(
      KINDS.map(async (kind) => ({
        kind,
        maxGroups: await privilegeLimit(db, caller, KIND_PRIVILEGES[kind].groups, now),
        usedGroups: used.get(kind) ?? 0,
        maxWords: await privilegeLimit(db, caller, KIND_PRIVILEGES[kind].words, now),
      })),
    );
  }

  async function group(userId: number, id: number): Promise<GroupRow | undefined> {
    const [row] = await db.query<GroupRow>(
      `SELECT ${GROUP_COLUMNS} FROM subscription_group g WHERE g.id = $1 AND g.user_id = $2`,
      [id, userId],
    );
    return row;
  }

  return {
    async listGroups(caller: Caller, kind: SubscriptionKind | undefined) {
      const groups = await db.query<GroupRow>(
        `SELECT ${GROUP_COLUMNS} FROM subscription_group g
          WHERE g.user_id = $1 ${kind ? 'AND g.kind = $2' : ''} ORDER BY g.id`,
        kind ? [caller.userId, kind] : [caller.userId],
      );
      return { groups: groups.map(groupView), limits: await limitsOf(caller, clock()) };
    },

    /**
     * Creates or replaces a group within the caller's limits. The account row is locked first, so two
     * concurrent saves cannot both take the last free group; the rules' version moves in the same transaction.
     */
    async saveGroup(caller: Caller, input: GroupInput) {
      const now = clock();
      const privileges = KIND_PRIVILEGES[input.kind];
      // No such privilege at all: the permission dialog (member level), as every gate answers it.
      await gates.enforce(
        { tenant: caller.tenant, userId: caller.userId, now },
        { privilege: privileges.groups, mode: 'peek' },
      );
      const kindName = text.kindNames[input.kind];
      const allowedTypes = new Set([
        ...KIND_DOC_TYPES[input.kind],
        ...(input.kind === 'tender' ? METHODS : []),
      ]);
      for (const type of input.types) {
        if (!allowedTypes.has(type)) throw refuse('types', text.typeOutsideKind(type, kindName));
      }
      // A word of emoji or punctuation alone finds nothing and cannot be searched for the new group's backfill.
      for (const [field, words] of [
        ['includeWords', input.includeWords],
        ['excludeWords', input.excludeWords],
      ] as const) {
        const unsearchable = words.find((word) => !termTsquery(normalizeKeyword(word)));
        if (unsearchable !== undefined) throw refuse(field, text.wordNotSearchable(unsearchable));
      }
      const includeWords = uniqueWords(input.includeWords);
      const excludeWords = uniqueWords(input.excludeWords);
      const maxWords = await privilegeLimit(db, caller, privileges.words, now);
      if (maxWords >= 0 && includeWords.length > maxWords) {
        throw new BusinessError(RESPONSE_CODES.FORBIDDEN, text.wordsUsedUp(maxWords));
      }
      const areaCodes = resolveAreas(input.areas);
      let minFen: number | null = null;
      let maxFen: number | null = null;
      if (input.amount) {
        const range = parseAmountRange(input.amount);
        const { minAmount, maxAmount } = withMinAmountRule({ minAmount: range.min, maxAmount: range.max });
        minFen = minAmount === undefined ? null : Math.round(Number(minAmount) * FEN_PER_WAN);
        maxFen = maxAmount === undefined ? null : Math.round(Number(maxAmount) * FEN_PER_WAN);
      }
      const name = input.name || includeWords.slice(0, 3).join('、');
      const maxGroups = await privilegeLimit(db, caller, privileges.groups, now);
      const id = await db.transaction(async (tx) => {
        await tx.query('SELECT id FROM user_account WHERE id = $1 FOR UPDATE', [caller.userId]);
        const values = [
          name,
          includeWords,
          excludeWords,
          input.scope,
          areaCodes,
          input.types,
          minFen,
          maxFen,
          now,
        ];
        if (input.id !== undefined) {
          const updated = await tx.query<{ id: number }>(
            `UPDATE subscription_group SET name = $3, include_words = $4, exclude_words = $5, scope = $6,
                    area_codes = $7, types = $8, min_amount_fen = $9, max_amount_fen = $10, updated_at = $11
              WHERE id = $1 AND user_id = $2 AND kind = $12 RETURNING id`,
            [input.id, caller.userId, ...values, input.kind],
          );
          if (!updated[0]) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, text.groupNotFound);
        } else {
          const [row] = await tx.query<{ count: number }>(
            'SELECT count(*)::int AS count FROM subscription_group WHERE user_id = $1 AND kind = $2',
            [caller.userId, input.kind],
          );
          if (!withinLimit(row?.count ?? 0, maxGroups)) {
            throw new BusinessError(RESPONSE_CODES.FORBIDDEN, text.groupsUsedUp(kindName, maxGroups));
          }
        }
        const [saved] =
          input.id !== undefined
            ? [{ id: input.id }]
            : await tx.query<{ id: number }>(
                `INSERT INTO subscription_group (brand_id, user_id, kind, name, include_words, exclude_words, scope,
                   area_codes, types, min_amount_fen, max_amount_fen, created_at, updated_at)
                 VALUES ($1, $2, $12, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
                [caller.tenant.id, caller.userId, ...values, input.kind],
              );
        await touchMatchingRules(tx);
        return saved?.id as number;
      });
      await backfillGroup(
        db,
        {
          groupId: id,
          userId: caller.userId,
          brandId: caller.tenant.id,
          kind: input.kind,
          includeWords,
          excludeWords,
          scope: input.scope as 10 | 20 | 30,
          areaCodes,
          types: input.types,
          minAmountFen: minFen,
          maxAmountFen: maxFen,
        },
        now,
      );
      return groupView((await group(caller.userId, id)) as GroupRow);
    },

    async deleteGroup(caller: Caller, id: number) {
      return db.transaction(async (tx) => {
        const removed = await tx.query(
          'DELETE FROM subscription_group WHERE id = $1 AND user_id = $2 RETURNING 1',
          [id, caller.userId],
        );
        if (removed.length) await touchMatchingRules(tx);
        return { removed: removed.length > 0 };
      });
    },

    async feedList(
      caller: Caller,
      input: {
        feed: 'bidding' | 'upfront';
        groupId?: number | undefined;
        type?: ItemType | undefined;
        unread?: boolean | undefined;
        monitor?: string | undefined;
        startDate?: string | undefined;
        endDate?: string | undefined;
        secondSearch?: string | undefined;
        pageNumber: number;
        pageSize: number;
      },
    ) {
      const params: unknown[] = [caller.userId, input.feed];
      const where = ['f.user_id = $1', 'f.feed = $2'];
      if (input.groupId !== undefined) {
        params.push(input.groupId);
        where.push(`$${params.length} = ANY(f.group_ids)`);
      }
      if (input.type !== undefined) {
        params.push(input.type);
        where.push(`f.doc_type = $${params.length}`);
      }
      if (input.unread) where.push('f.read_at IS NULL');
      if (input.monitor === 'any') where.push('cardinality(f.monitor_kinds) > 0');
      else if (input.monitor) {
        params.push(input.monitor);
        where.push(`$${params.length} = ANY(f.monitor_kinds)`);
      }
      if (input.startDate) {
        params.push(input.startDate);
        where.push(`t.publish_date >= $${params.length}::date`);
      }
      if (input.endDate) {
        params.push(input.endDate);
        where.push(`t.publish_date <= $${params.length}::date`);
      }
      // A member's feed is small: a substring test of its titles needs no index. Both sides lower-cased by the
      // database: JavaScript's lower case of İ (i + a combining dot) is not PostgreSQL's, nor is it on every locale.
      if (input.secondSearch) {
        params.push(input.secondSearch);
        where.push(`strpos(lower(t.title), lower($${params.length})) > 0`);
      }
      return feedPage(
        db,
        where.join(' AND '),
        params,
        input.pageSize,
        (input.pageNumber - 1) * input.pageSize,
      );
    },

    /** The caller's matches after feed line `afterFeedId`, in the order matched (the open API's feed, src/open-api). */
    async feedAfter(
      caller: Caller,
      input: { feed: 'bidding' | 'upfront'; afterFeedId: number; limit: number },
    ) {
      const { records } = await feedPage(
        db,
        'f.user_id = $1 AND f.feed = $2 AND f.id > $3',
        [caller.userId, input.feed, input.afterFeedId],
        input.limit,
        0,
        'oldest',
      );
      return records;
    },

    async feedCount(caller: Caller) {
      const feeds = await db.query<{ feed: string; total: number; unread: number }>(
        `SELECT feed, count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread
           FROM subscription_feed WHERE user_id = $1 GROUP BY feed`,
        [caller.userId],
      );
      const groups = await db.query<{ groupId: number; unread: number }>(
        `SELECT g.id AS "groupId",
                (SELECT count(*)::int FROM subscription_feed f
                  WHERE f.user_id = g.user_id AND f.read_at IS NULL AND g.id = ANY(f.group_ids)) AS unread
           FROM subscription_group g WHERE g.user_id = $1 ORDER BY g.id`,
        [caller.userId],
      );
      const of = (feed: string) => {
        const row = feeds.find((candidate) => candidate.feed === feed);
        return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
      };
      return { bidding: of('bidding'), upfront: of('upfront'), groups };
    },

    async markRead(
      caller: Caller,
      input: {
        feedIds?: number[] | undefined;
        feed?: string | undefined;
        groupId?: number | undefined;
        monitor?: string | undefined;
      },
    ) {
      const params: unknown[] = [caller.userId, clock()];
      const where = ['user_id = $1', 'read_at IS NULL'];
      if (input.feedIds) {
        params.push(input.feedIds);
        where.push(`id = ANY($${params.length}::bigint[])`);
      }
      if (input.feed) {
        params.push(input.feed);
        where.push(`feed = $${params.length}`);
      }
      if (input.groupId !== undefined) {
        params.push(input.groupId);
        where.push(`$${params.length} = ANY(group_ids)`);
      }
      if (input.monitor === 'any') where.push('cardinality(monitor_kinds) > 0');
      else if (input.monitor) {
        params.push(input.monitor);
        where.push(`$${params.length} = ANY(monitor_kinds)`);
      }
      const rows = await db.query(
        `UPDATE subscription_feed SET read_at = $2 WHERE ${where.join(' AND ')} RETURNING 1`,
        params,
      );
      return { updated: rows.length };
    },

    async verifyKeyword(keyword: string) {
      const normalized = normalizeKeyword(keyword);
      const length = [...normalized].length;
      const problem =
        length < 2
          ? text.keywordTooShort
          : length > 20
            ? text.keywordTooLong
            : !/[\p{L}\p{N}]/u.test(normalized)
              ? text.keywordNotSearchable
              : undefined;
      if (problem) return { keyword: normalized, valid: false, message: problem, recentCount: 0 };
      const since = formatDateTime(new Date(clock().getTime() - 30 * 86_400_000), 'YYYY-MM-DD');
      const result = await searchIndex.search(db, {
        keywords: [normalized],
        mode: 'precise',
        scope: 'title',
        filters: { dateFrom: since },
        offset: 0,
        limit: 1,
        countCap: 999,
      });
      return { keyword: normalized, valid: true, message: text.keywordValid, recentCount: result.total };
    },

    async thinkWords(keyword: string): Promise<string[]> {
      return (await suggestTitleWords(db, searchIndex, keyword, 10)).map((entry) => entry.word);
    },

    recommendKeywords: (size: number) => recommendedKeywords(db, size),
  };
}

/** A page of feed lines with their items, newest match first; `where` may test the feed line `f` and its item `t`. */
export async function feedPage(
  db: Queryable,
  where: string,
  params: unknown[],
  limit: number,
  offset: number,
  /** newest: the latest match first (the screens); oldest: in the order matched (the open API's feed after a cursor). */
  order: 'newest' | 'oldest' = 'newest',
) {
  const direction = order === 'newest' ? 'DESC' : 'ASC';
  type FeedRow = ListedItemRow & {
    feedId: number;
    groupIds: number[];
    monitorKinds: string[];
    words: string[];
    isRead: boolean;
    matchedAt: Date;
  };
  // The page and the count in one statement (one round trip per feed call): a row of NULLs when the page is empty.
  // A count whose conditions test the feed lines alone reads no items: every line has its item (foreign key).
  const counted = /\bt\./.test(where)
    ? 'subscription_feed f JOIN tender_item t ON t.id = f.item_id'
    : 'subscription_feed f';
  const rows = await db.query<FeedRow & { total: number }>(
    `SELECT (SELECT count(*)::int FROM ${counted} WHERE ${where}) AS total, page.*
       FROM (SELECT 1) one
       LEFT JOIN LATERAL (
         SELECT f.id AS "feedId", array_to_json(f.group_ids) AS "groupIds", f.monitor_kinds AS "monitorKinds",
                f.words, f.read_at IS NOT NULL AS "isRead", f.matched_at AS "matchedAt", ${ITEM_COLUMNS},
                EXISTS (SELECT 1 FROM item_follow c WHERE c.user_id = f.user_id AND c.item_id = t.id) AS "isCollect"
           FROM subscription_feed f
           JOIN tender_item t ON t.id = f.item_id
           LEFT JOIN project_detail p ON p.item_id = t.id
          WHERE ${where}
          ORDER BY f.id ${direction}
          LIMIT ${Number(limit)} OFFSET ${Number(offset)}
       ) page ON true
      ORDER BY page."feedId" ${direction}`,
    params,
  );
  const total = rows[0]?.total ?? 0;
  return {
    records: rows
      .filter((row) => row.feedId !== null)
      .map((row) => ({
        ...summary(row),
        feedId: row.feedId,
        groupIds: row.groupIds,
        monitorKinds: row.monitorKinds,
        words: row.words,
        isRead: row.isRead,
        matchedAt: formatDateTime(row.matchedAt),
      })),
    total,
  };
}

/** Announcement boilerplate nobody subscribes to. */
const BOILERPLATE = new Set([
  '公告',
  '项目',
  '采购',
  '招标',
  '中标',
  '成交',
  '结果',
  '公示',
  '更正',
  '变更',
  '终止',
  '意向',
  '预告',
  '公开',
  '邀请',
  '竞争性',
  '磋商',
  '谈判',
  '询价',
  '单一',
  '来源',
  '拟建',
  '审批',
  '工程',
  '服务',
  '有限公司',
  '公司',
  '年度',
  '候选人',
  '一期',
  '二期',
  '批复',
  '核准',
  '备案',
  '标段',
  '第一',
  '包件',
  '年',
  '月',
]);

const RECOMMEND_TITLES = 3000;
const RECOMMEND_TTL_MS = 10 * 60_000;
/** A word in more of the titles than this share is the trade's boilerplate, not a subject. */
const RECOMMEND_MAX_SHARE = 0.08;
/** A subject is concentrated: at least this share of its titles lie in one industry section. */
const RECOMMEND_MIN_CONCENTRATION = 0.5;
const recommendCache = new WeakMap<object, { at: number; words: { word: string; count: number }[] }>();
const SECTION_OF_DIVISION = new Map(
  INDUSTRIES.flatMap((section) => section.children.map((division) => [division.code, section.code] as const)),
);

/**
 * The distinctive words of the newest titles (jieba, 2+ characters, place names and boilerplate left out): words
 * worth a subscription name a subject, and a subject's titles lie mostly in one industry — 医院, 食材, 监控 —
 * while words spread over every industry (人民, 政府, 综合, 中心) only name who buys. So a word is suggested by
 * its document frequency within its main industry section, when that section holds at least half of its titles
 * and the word is in at most 8 % of all titles. Computed at most every 10 minutes per process.
 */
async function recommendedKeywords(db: Queryable, size: number) {
  const cached = recommendCache.get(db);
  if (cached && Date.now() - cached.at < RECOMMEND_TTL_MS) return cached.words.slice(0, size);
  const titles = await db.query<{ title: string; industry_code: string | null }>(
    `SELECT title, industry_code FROM tender_item ORDER BY id DESC LIMIT ${RECOMMEND_TITLES}`,
  );
  /** Per word: its titles in each section ('' for titles without an industry). */
  const bySection = new Map<string, Map<string, number>>();
  for (const { title, industry_code } of titles) {
    const section = (industry_code && SECTION_OF_DIVISION.get(industry_code)) ?? '';
    for (const word of new Set(wordTokens(title).map((token) => token.lexeme))) {
      if ([...word].length < 2 || BOILERPLATE.has(word) || /[省市县区镇乡村]$/.test(word) || /\d/.test(word))
        continue;
      const sections = bySection.get(word) ?? new Map<string, number>();
      sections.set(section, (sections.get(section) ?? 0) + 1);
      bySection.set(word, sections);
    }
  }
  const maxTitles = Math.max(2, titles.length * RECOMMEND_MAX_SHARE);
  const scored: { word: string; count: number; inSection: number }[] = [];
  for (const [word, sections] of bySection) {
    const count = [...sections.values()].reduce((sum, value) => sum + value, 0);
    const inSection = Math.max(...sections.values());
    if (count > maxTitles || inSection < count * RECOMMEND_MIN_CONCENTRATION) continue;
    scored.push({ word, count, inSection });
  }
  const words = scored
    .sort((a, b) => b.inSection - a.inSection || b.count - a.count || a.word.localeCompare(b.word))
    .slice(0, 50)
    .map(({ word, count }) => ({ word, count }));
  recommendCache.set(db, { at: Date.now(), words });
  return words.slice(0, size);
}
