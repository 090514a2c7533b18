import type { PrivilegeKey } from '@tender/contracts';
import type { Queryable } from '../db/database';
import { sanitiseAnnouncementText } from '../security/announcement-text';
import type { PartyRole } from '../tenders/codes';

/** The SQL of the detail screens: one item with its project facts and companies (migrations/0004_tenders.sql). */

export interface ItemRecord {
  id: number;
  docType: string;
  procurementMethod: string | null;
  noticeKind: string | null;
  title: string;
  body: string;
  projectKey: string | null;
  projectCode: string | null;
  projectName: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  industryCode: string | null;
  budgetFen: number | null;
  budgetRaw: string | null;
  awardFen: number | null;
  awardRaw: string | null;
  /** 'YYYY-MM-DD' */
  publishDate: string;
  documentsFrom: Date | null;
  documentsUntil: Date | null;
  bidDeadline: Date | null;
  openingTime: Date | null;
  /** 'YYYY-MM-01' */
  expectedPurchaseMonth: string | null;
  sourceUrl: string | null;
  sourceName: string | null;
  /** The sites that published the same notice too (tender_item_source), in the order they were found. */
  otherSources: { url: string | null; name: string | null }[];
}

export interface ProjectDetailRecord {
  stageCode: string | null;
  approvalAuthority: string | null;
  approvalCode: string | null;
  documentNumber: string | null;
  approvalResult: string | null;
  approvalDate: string | null;
  totalInvestmentFen: number | null;
  totalInvestmentRaw: string | null;
  constructionSite: string | null;
  constructionScale: string | null;
  plannedStart: string | null;
  plannedEnd: string | null;
}

export interface PartyRecord {
  companyId: number;
  name: string;
  role: PartyRole;
  lot: string;
  rank: number | null;
  awardFen: number | null;
  awardRaw: string | null;
  contactName: string | null;
  contactPhone: string | null;
  address: string | null;
}

export interface TimelineRecord {
  id: number;
  docType: string;
  noticeKind: string | null;
  title: string;
  publishDate: string;
}

/** The most items of one project a detail lists: a real procurement has a handful, a bad project key thousands. */
export const TIMELINE_LIMIT = 50;

/** An item and everything its detail screen shows: its companies, its project's items, its project facts. */
export interface ItemViewRecord extends ItemRecord {
  parties: PartyRecord[];
  timeline: TimelineRecord[];
  /** The 拟建/审批 facts (project_detail); undefined for an announcement. */
  project: ProjectDetailRecord | undefined;
  /** Whether the account follows the item. */
  isCollect: boolean;
  /** The view's privilege today, as this read found it: whether the item was spent on, and the day's count. */
  viewSpend: { recorded: boolean; used: number };
}

const ITEM_COLUMNS = `t.id, t.doc_type AS "docType", t.procurement_method AS "procurementMethod",
  t.notice_kind AS "noticeKind", t.title, t.body, t.project_key AS "projectKey", t.project_code AS "projectCode",
  t.project_name AS "projectName", t.province_code AS "provinceCode", t.city_code AS "cityCode",
  t.district_code AS "districtCode", t.industry_code AS "industryCode", t.budget_fen AS "budgetFen",
  t.budget_raw AS "budgetRaw", t.award_fen AS "awardFen", t.award_raw AS "awardRaw",
  t.publish_date AS "publishDate", t.documents_from AS "documentsFrom", t.documents_until AS "documentsUntil",
  t.bid_deadline AS "bidDeadline", t.opening_time AS "openingTime",
  t.expected_purchase_month AS "expectedPurchaseMonth", t.source_url AS "sourceUrl", t.source_name AS "sourceName",
  (SELECT coalesce(json_agg(json_build_object('url', o.source_url, 'name', o.source_name) ORDER BY o.added_at, o.source_url), '[]')
     FROM tender_item_source o WHERE o.item_id = t.id) AS "otherSources"`;

/** Purchasers, agencies, then winners and candidates by lot and rank (`l` item_company, `c` company). */
const PARTY_ORDER = `CASE l.role WHEN 'purchaser' THEN 0 WHEN 'agency' THEN 1 WHEN 'winner' THEN 2 ELSE 3 END,
  l.lot, l.rank NULLS LAST, c.id`;

/** Oldest first; the same-day order follows the procurement's steps (`s` tender_item). */
const TIMELINE_ORDER = `s.publish_date,
  CASE s.doc_type WHEN 'nj' THEN 0 WHEN 'sp' THEN 1 WHEN 'yx' THEN 2 WHEN 'yg' THEN 3
                  WHEN 'zb' THEN 4 WHEN 'bg' THEN 5 ELSE 6 END,
  s.id`;

/** Stored text is served without markup, whatever an import let through (src/security). */
function sanitisedItem<Row extends ItemRecord>(row: Row): Row {
  return {
    ...row,
    title: sanitiseAnnouncementText(row.title),
    body: sanitiseAnnouncementText(row.body),
    projectName: row.projectName && sanitiseAnnouncementText(row.projectName),
  };
}

function sanitisedTimeline(rows: TimelineRecord[]): TimelineRecord[] {
  return rows.map((row) => ({ ...row, title: sanitiseAnnouncementText(row.title) }));
}

/** One detail view to read: the item and who views it on which China day (YYYY-MM-DD). */
export interface ItemViewRequest {
  id: number;
  userId: number;
  day: string;
}

export function detailQueries(db: Queryable) {
  return {
    async findItem(id: number): Promise<ItemRecord | undefined> {
      const [row] = await db.query<ItemRecord>(`SELECT ${ITEM_COLUMNS} FROM tender_item t WHERE t.id = $1`, [
        id,
      ]);
      return row && sanitisedItem(row);
    },

    /**
     * Items with everything their detail screens show, in one statement (a round trip is most of a view's cost:
     * src/details/README.md), one per request and in their order (undefined where there is no such item): its
     * companies, its project's items (at most {@link TIMELINE_LIMIT}; none without a project key), its project
     * facts, whether the viewer follows it and, for the view's privilege by the item's type (`viewPrivileges`), what
     * the viewer spent on it on `day` (the gate's `seen`). Several views share the statement (ADR 0027).
     */
    async findItemViews(
      views: readonly ItemViewRequest[],
      viewPrivileges: Readonly<Record<string, PrivilegeKey>>,
    ): Promise<(ItemViewRecord | undefined)[]> {
      const rows = await db.query<
        Omit<ItemViewRecord, 'project' | 'viewSpend'> & {
          position: number;
          project: ProjectDetailRecord | null;
          viewRecorded: boolean;
          viewUsed: number | null;
        }
      >(
        `SELECT v.position::int AS position, ${ITEM_COLUMNS},
                (SELECT coalesce(json_agg(json_build_object(
                          'companyId', c.id, 'name', c.name, 'role', l.role, 'lot', l.lot, 'rank', l.rank,
                          'awardFen', l.award_fen, 'awardRaw', l.award_raw, 'contactName', l.contact_name,
                          'contactPhone', l.contact_phone, 'address', l.address) ORDER BY ${PARTY_ORDER}), '[]')
                   FROM item_company l JOIN company c ON c.id = l.company_id
                  WHERE l.item_id = t.id) AS parties,
                (SELECT coalesce(json_agg(json_build_object(
                          'id', s.id, 'docType', s.doc_type, 'noticeKind', s.notice_kind, 'title', s.title,
                          'publishDate', s.publish_date) ORDER BY ${TIMELINE_ORDER}), '[]')
                   FROM (SELECT s.id, s.doc_type, s.notice_kind, s.title, s.publish_date FROM tender_item s
                          WHERE s.project_key = t.project_key
                          ORDER BY ${TIMELINE_ORDER} LIMIT ${TIMELINE_LIMIT}) s) AS timeline,
                (SELECT json_build_object(
                          'stageCode', p.stage_code, 'approvalAuthority', p.approval_authority,
                          'approvalCode', p.approval_code, 'documentNumber', p.document_number,
                          'approvalResult', p.approval_result, 'approvalDate', p.approval_date,
                          'totalInvestmentFen', p.total_investment_fen,
                          'totalInvestmentRaw', p.total_investment_raw, 'constructionSite', p.construction_site,
                          'constructionScale', p.construction_scale, 'plannedStart', p.planned_start,
                          'plannedEnd', p.planned_end)
                   FROM project_detail p WHERE p.item_id = t.id) AS project,
                EXISTS (SELECT 1 FROM item_follow f WHERE f.user_id = v.user_id AND f.item_id = t.id) AS "isCollect",
                EXISTS (SELECT 1 FROM quota_item_use q
                         WHERE q.user_id = v.user_id AND q.privilege_key = $4::json ->> t.doc_type
                           AND q.day = v.day AND q.item_kind = t.doc_type AND q.item_id = t.id::text)
                  AS "viewRecorded",
                (SELECT u.used FROM quota_usage u
                  WHERE u.user_id = v.user_id AND u.privilege_key = $4::json ->> t.doc_type AND u.day = v.day)
                  AS "viewUsed"
           FROM unnest($1::bigint[], $2::bigint[], $3::date[]) WITH ORDINALITY AS v(id, user_id, day, position)
           JOIN tender_item t ON t.id = v.id`,
        [
          views.map((view) => view.id),
          views.map((view) => view.userId),
          views.map((view) => view.day),
          JSON.stringify(viewPrivileges),
        ],
      );
      const byPosition = new Map(
        rows.map(({ position, viewRecorded, viewUsed, ...item }) => [
          position,
          {
            ...sanitisedItem(item),
            timeline: sanitisedTimeline(item.timeline),
            project: item.project ?? undefined,
            viewSpend: { recorded: viewRecorded, used: viewUsed ?? 0 },
          },
        ]),
      );
      return views.map((_, index) => byPosition.get(index + 1));
    },

    /** The item's companies: purchasers, agencies, then winners and candidates by lot and rank. */
    async parties(itemId: number): Promise<PartyRecord[]> {
      return db.query<PartyRecord>(
        `SELECT c.id AS "companyId", c.name, l.role, l.lot, l.rank, l.award_fen AS "awardFen",
                l.award_raw AS "awardRaw", l.contact_name AS "contactName", l.contact_phone AS "contactPhone",
                l.address
           FROM item_company l JOIN company c ON c.id = l.company_id
          WHERE l.item_id = $1
          ORDER BY ${PARTY_ORDER}`,
        [itemId],
      );
    },

    /** The items sharing a project key, oldest first; the same-day order follows the procurement's steps. */
    async timeline(projectKey: string): Promise<TimelineRecord[]> {
      const rows = await db.query<TimelineRecord>(
        `SELECT s.id, s.doc_type AS "docType", s.notice_kind AS "noticeKind", s.title, s.publish_date AS "publishDate"
           FROM tender_item s WHERE s.project_key = $1
          ORDER BY ${TIMELINE_ORDER}
          LIMIT ${TIMELINE_LIMIT}`,
        [projectKey],
      );
      return sanitisedTimeline(rows);
    },

    /**
     * Whether the account spent `privilege` on this item today: the gate service's record of once-per-item-per-day
     * uses (quota_item_use, migrations/0005_memberships.sql), read here so a detail shows the contacts a user
     * unlocked earlier that day (improveInformationAuth) without spending again.
     */
    async spentToday(
      userId: number,
      privilege: PrivilegeKey,
      day: string,
      item: { kind: string; id: string },
    ): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM quota_item_use
          WHERE user_id = $1 AND privilege_key = $2 AND day = $3 AND item_kind = $4 AND item_id = $5`,
        [userId, privilege, day, item.kind, item.id],
      );
      return rows.length > 0;
    },
  };
}

export type DetailQueries = ReturnType<typeof detailQueries>;
