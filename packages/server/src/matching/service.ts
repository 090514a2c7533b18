import type { Database, Queryable } from '../db/database';
import { CompiledRules, type GroupKind, type MatchItem, type MatchRule } from './matcher';

/** A freshly written item as the matcher sees it (src/tenders/service.ts `writeTenderRecords` answers these). */
export interface NewItem extends MatchItem {
  id: number;
  projectKey: string | null;
  companies: readonly { companyId: number; role: 'purchaser' | 'agency' | 'winner' | 'candidate' }[];
}

/** Company roles as monitors name them: 业主 owner, 对手 rival (winner or candidate), 代理 agent. */
const MONITOR_ROLE = { purchaser: 'owner', agency: 'agent', winner: 'rival', candidate: 'rival' } as const;

/** Bumps the rules' version in the caller's transaction: every matcher rebuilds before its next item. */
export async function touchMatchingRules(tx: Queryable): Promise<void> {
  await tx.query('UPDATE matching_rules_version SET version = version + 1');
}

interface GroupRow {
  id: number;
  userId: number;
  brandId: string;
  kind: GroupKind;
  includeWords: string[];
  excludeWords: string[];
  scope: 10 | 20 | 30;
  areaCodes: string[];
  types: string[];
  minAmountFen: number | null;
  maxAmountFen: number | null;
}

export async function loadRules(db: Queryable): Promise<MatchRule[]> {
  const rows = await db.query<GroupRow>(
    `SELECT id, user_id AS "userId", brand_id AS "brandId", kind, include_words AS "includeWords",
            exclude_words AS "excludeWords", scope, area_codes AS "areaCodes", types,
            min_amount_fen AS "minAmountFen", max_amount_fen AS "maxAmountFen"
       FROM subscription_group ORDER BY id`,
  );
  return rows.map((row) => ({ ...row, groupId: row.id, scope: Number(row.scope) as 10 | 20 | 30 }));
}

/** Per database handle: the compiled rules and the version they were compiled at. */
const compiled = new WeakMap<object, { version: number; rules: CompiledRules }>();

/** The compiled rules, rebuilt when any process changed groups since the last call. */
export async function currentRules(db: Queryable): Promise<CompiledRules> {
  const [row] = await db.query<{ version: number }>('SELECT version FROM matching_rules_version');
  const version = row?.version ?? 0;
  const cached = compiled.get(db);
  if (cached && cached.version === version) return cached.rules;
  const rules = new CompiledRules(await loadRules(db));
  compiled.set(db, { version, rules });
  return rules;
}

/** Map.groupBy arrived after Node 20. */
function groupBy<T, K>(values: readonly T[], key: (value: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const value of values) {
    const k = key(value);
    const group = groups.get(k);
    if (group) group.push(value);
    else groups.set(k, [value]);
  }
  return groups;
}

export interface FeedRow {
  userId: number;
  brandId: string;
  itemId: number;
  feed: 'bidding' | 'upfront';
  docType: string;
  groupIds: number[];
  monitorKinds: string[];
  words: string[];
}

export const feedOf = (docType: string): 'bidding' | 'upfront' =>
  docType === 'nj' || docType === 'sp' ? 'upfront' : 'bidding';

/**
 * Matches freshly committed items against every group and monitor and writes the users' feed rows (one per
 * user and item, whatever matched it). Called by the ingest after each batch commits; answers the rows written.
 */
export async function matchNewItems(db: Database, items: readonly NewItem[], now: Date): Promise<number> {
  if (items.length === 0) return 0;
  const rules = await currentRules(db);
  const rows = new Map<string, FeedRow>();
  const rowFor = (userId: number, brandId: string, item: NewItem) => {
    const key = `${userId}:${item.id}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        userId,
        brandId,
        itemId: item.id,
        feed: feedOf(item.docType),
        docType: item.docType,
        groupIds: [],
        monitorKinds: [],
        words: [],
      };
      rows.set(key, row);
    }
    return row;
  };

  for (const item of items) {
    for (const index of rules.match(item)) {
      const rule = rules.rules[index] as MatchRule;
      const row = rowFor(rule.userId, rule.brandId, item);
      row.groupIds.push(rule.groupId);
      for (const word of rules.foundWords(index)) if (!row.words.includes(word)) row.words.push(word);
    }
  }

  const companyIds = [...new Set(items.flatMap((item) => item.companies.map((link) => link.companyId)))];
  if (companyIds.length) {
    const monitors = await db.query<{ userId: number; brandId: string; companyId: number; role: string }>(
      `SELECT user_id AS "userId", brand_id AS "brandId", company_id AS "companyId", role
         FROM company_monitor WHERE company_id = ANY($1::bigint[])`,
      [companyIds],
    );
    const byCompany = groupBy(monitors, (monitor) => monitor.companyId);
    for (const item of items) {
      for (const link of item.companies) {
        for (const monitor of byCompany.get(link.companyId) ?? []) {
          if (monitor.role !== MONITOR_ROLE[link.role]) continue;
          const row = rowFor(monitor.userId, monitor.brandId, item);
          if (!row.monitorKinds.includes(monitor.role)) row.monitorKinds.push(monitor.role);
        }
      }
    }
  }

  const projectKeys = [...new Set(items.flatMap((item) => (item.projectKey ? [item.projectKey] : [])))];
  if (projectKeys.length) {
    const monitors = await db.query<{ userId: number; brandId: string; projectKey: string; itemId: number }>(
      `SELECT user_id AS "userId", brand_id AS "brandId", project_key AS "projectKey", item_id AS "itemId"
         FROM project_monitor WHERE project_key = ANY($1::text[])`,
      [projectKeys],
    );
    const byKey = groupBy(monitors, (monitor) => monitor.projectKey);
    for (const item of items) {
      for (const monitor of item.projectKey ? (byKey.get(item.projectKey) ?? []) : []) {
        if (monitor.itemId === item.id) continue;
        const row = rowFor(monitor.userId, monitor.brandId, item);
        if (!row.monitorKinds.includes('project')) row.monitorKinds.push('project');
      }
    }
  }

  return writeFeedRows(db, [...rows.values()], now);
}

/** Writes feed rows; a row for a user's item already there gains the new groups, monitors and words. */
export async function writeFeedRows(db: Queryable, rows: readonly FeedRow[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  await db.query(
    `INSERT INTO subscription_feed (user_id, brand_id, item_id, feed, doc_type, group_ids, monitor_kinds, words, matched_at)
     SELECT r."userId", r."brandId", r."itemId", r.feed, r."docType", r."groupIds", r."monitorKinds", r.words, $2
       FROM jsonb_to_recordset($1::jsonb) AS r("userId" bigint, "brandId" text, "itemId" bigint, feed text,
            "docType" text, "groupIds" bigint[], "monitorKinds" text[], words text[])
     ON CONFLICT (user_id, item_id) DO UPDATE SET
       group_ids = ARRAY(SELECT DISTINCT unnest(subscription_feed.group_ids || EXCLUDED.group_ids)),
       monitor_kinds = ARRAY(SELECT DISTINCT unnest(subscription_feed.monitor_kinds || EXCLUDED.monitor_kinds)),
       words = ARRAY(SELECT DISTINCT unnest(subscription_feed.words || EXCLUDED.words))`,
    [JSON.stringify(rows), now],
  );
  return rows.length;
}
