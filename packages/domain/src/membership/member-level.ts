/** Member level codes, lowest rank first (spec §3 User.memberCode, docs/business-rules.md Levels). */
export const MEMBER_CODES = ['putong', 'toubiaotong', 'qiyetong', 'qiye'] as const;

export type MemberCode = (typeof MEMBER_CODES)[number];

/** The levels a user can buy: every level except the unpaid putong. */
export const PAID_MEMBER_CODES = ['toubiaotong', 'qiyetong', 'qiye'] as const satisfies readonly MemberCode[];

export type PaidMemberCode = (typeof PAID_MEMBER_CODES)[number];

export function isMemberCode(value: unknown): value is MemberCode {
  return typeof value === 'string' && (MEMBER_CODES as readonly string[]).includes(value);
}

export function isPaidMemberCode(value: unknown): value is PaidMemberCode {
  return typeof value === 'string' && (PAID_MEMBER_CODES as readonly string[]).includes(value);
}

/**
 * Rank of a level, 0 for putong up to 3 for qiye.
 * business-rules.md Levels: putong < toubiaotong < qiyetong < qiye; "highest first" uses this rank.
 */
export function memberLevelRank(code: MemberCode): number {
  return MEMBER_CODES.indexOf(code);
}

/** Comparator ordering levels lowest rank first; use `(a, b) => compareMemberLevels(b, a)` for highest first. */
export function compareMemberLevels(a: MemberCode, b: MemberCode): number {
  return memberLevelRank(a) - memberLevelRank(b);
}

/** Whether `code` is at least `minimum` (e.g. viewing a purchase intention needs qiyetong). */
export function isAtLeastMemberLevel(code: MemberCode, minimum: MemberCode): boolean {
  return memberLevelRank(code) >= memberLevelRank(minimum);
}
