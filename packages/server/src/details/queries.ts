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

export function detailQueries(db: Queryable) {
  return {
    async findItem(id: number): Promise<ItemRecord | undefined> {
      const [row] = await db.query<ItemRecord>(
        `SELECT id, doc_type AS "docType", procurement_method AS "procurementMethod", notice_kind AS "noticeKind",
                title, body, project_key AS "projectKey", project_code AS "projectCode",
                project_name AS "projectName", province_code AS "provinceCode", city_code AS "cityCode",
                district_code AS "districtCode", industry_code AS "industryCode", budget_fen AS "budgetFen",
                budget_raw AS "budgetRaw", award_fen AS "awardFen", award_raw AS "awardRaw",
                publish_date AS "publishDate", documents_from AS "documentsFrom",
                documents_until AS "documentsUntil", bid_deadline AS "bidDeadline", opening_time AS "openingTime",
                expected_purchase_month AS "expectedPurchaseMonth", source_url AS "sourceUrl",
                source_name AS "sourceName"
           FROM tender_item WHERE id = $1`,
        [id],
      );
      // Stored text is served without markup, whatever an import let through (src/security).
      return (
        row && {
          ...row,
          title: sanitiseAnnouncementText(row.title),
          body: sanitiseAnnouncementText(row.body),
          projectName: row.projectName && sanitiseAnnouncementText(row.projectName),
        }
      );
    },

    async projectDetail(itemId: number): Promise<ProjectDetailRecord | undefined> {
      const [row] = await db.query<ProjectDetailRecord>(
        `SELECT stage_code AS "stageCode", approval_authority AS "approvalAuthority",
                approval_code AS "approvalCode", document_number AS "documentNumber",
                approval_result AS "approvalResult", approval_date AS "approvalDate",
                total_investment_fen AS "totalInvestmentFen", total_investment_raw AS "totalInvestmentRaw",
                construction_site AS "constructionSite", construction_scale AS "constructionScale",
                planned_start AS "plannedStart", planned_end AS "plannedEnd"
           FROM project_detail WHERE item_id = $1`,
        [itemId],
      );
      return row;
    },

    /** The item's companies: purchasers, agencies, then winners and candidates by lot and rank. */
    async parties(itemId: number): Promise<PartyRecord[]> {
      return db.query<PartyRecord>(
        `SELECT c.id AS "companyId", c.name, l.role, l.lot, l.rank, l.award_fen AS "awardFen",
                l.award_raw AS "awardRaw", l.contact_name AS "contactName", l.contact_phone AS "contactPhone",
                l.address
           FROM item_company l JOIN company c ON c.id = l.company_id
          WHERE l.item_id = $1
          ORDER BY CASE l.role WHEN 'purchaser' THEN 0 WHEN 'agency' THEN 1 WHEN 'winner' THEN 2 ELSE 3 END,
                   l.lot, l.rank NULLS LAST, c.id`,
        [itemId],
      );
    },

    /** The items sharing a project key, oldest first; the same-day order follows the procurement's steps. */
    async timeline(projectKey: string): Promise<TimelineRecord[]> {
      const rows = await db.query<TimelineRecord>(
        `SELECT id, doc_type AS "docType", notice_kind AS "noticeKind", title, publish_date AS "publishDate"
           FROM tender_item WHERE project_key = $1
          ORDER BY publish_date,
                   CASE doc_type WHEN 'nj' THEN 0 WHEN 'sp' THEN 1 WHEN 'yx' THEN 2 WHEN 'yg' THEN 3
                                 WHEN 'zb' THEN 4 WHEN 'bg' THEN 5 ELSE 6 END,
                   id
          LIMIT ${TIMELINE_LIMIT}`,
        [projectKey],
      );
      return rows.map((row) => ({ ...row, title: sanitiseAnnouncementText(row.title) }));
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
