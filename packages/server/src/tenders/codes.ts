/**
 * Codes of the tender data that the catalog does not define (migrations/0004_tenders.sql checks the same
 * lists). Announcement types, procurement methods and approval stages are the catalog's (src/catalog).
 */

/** What kind of 更正/变更/终止 (bg) or result (jg) notice an item is. */
export const NOTICE_KINDS = {
  /** 更正公告, 变更公告, 终止公告 */
  bg: ['correction', 'change', 'termination'],
  /** 中标结果 (tenders), 成交结果 (谈判、磋商、询价、单一来源), 废标/流标 */
  jg: ['award', 'deal', 'failed'],
} as const;

export type NoticeKind = (typeof NOTICE_KINDS)[keyof typeof NOTICE_KINDS][number];

/**
 * A company's part in an item: purchaser 采购人/招标人/建设单位 (owner), agency 采购/招标代理机构, winner 中标/成交
 * 供应商, candidate 中标候选人 (not, or not yet, the winner).
 */
export const PARTY_ROLES = ['purchaser', 'agency', 'winner', 'candidate'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];
