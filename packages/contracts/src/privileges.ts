import { z } from 'zod';

/**
 * The privilege keys of a member type, with the spec's wire spelling (spec §3 Member privileges).
 * The `…Keyword` keys are the words allowed per subscription group.
 */
export const PRIVILEGE_KEYS = [
  'watchZhaobiao',
  'watchDesignedProject',
  'shenPiProject',
  'purchaseDetail',
  'preProjectDetail',
  'subscribeZhaobiao',
  'subscribeZhaobiaoKeyword',
  'subscribeZhongbiao',
  'subscribeZhongbiaoKeyword',
  'preProjectSubscribe',
  'preProjectSubscribeKeyword',
  'subscribeDesignedProject',
  'companyMonitor',
  'projectMonitor',
  'downloadExpansion',
  'detailLink',
  'havePcLogin',
  'downloadAnnouncement',
  'watchDesignedProjectConnector',
  'downloadProject',
  'projectAnalyzer',
  'toubiaoPredict',
  'watchCompanyDetail',
  'bussinessAnalyzer',
  'watchCompanyPhoneBook',
  /** Calls of the open data API and the MCP server per day (docs/open-api.md). */
  'apiAccess',
] as const;

export type PrivilegeKey = (typeof PRIVILEGE_KEYS)[number];

/** -1 or true: unlimited; 0 or false: not allowed; another number: a quota (spec §3). */
export const privilegeValueSchema = z.union([z.boolean(), z.number().int().min(-1)]);

export const memberPrivilegesSchema = z.object(
  Object.fromEntries(PRIVILEGE_KEYS.map((key) => [key, privilegeValueSchema])) as Record<
    PrivilegeKey,
    typeof privilegeValueSchema
  >,
);

export type MemberPrivileges = z.infer<typeof memberPrivilegesSchema>;
