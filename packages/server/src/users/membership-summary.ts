import type { User } from '@tender/contracts';
import type { Queryable } from '../db/database';
import type { UserRecord } from './queries';

export type MembershipSummary = Pick<
  User,
  'memberCode' | 'memberName' | 'isOpenMember' | 'primaryUser' | 'upgradeList' | 'isUsePc'
>;

/**
 * The membership facts of a user as the User answer carries them (spec §3). Memberships arrive with their
 * own issue, which replaces this one function; until then every user is what a user without any membership
 * is: putong, '未开通', not an open member, the primary account of themselves (so they may buy), no service
 * periods, and PC use allowed (putong's havePcLogin is true, docs/business-rules.md).
 */
export async function membershipSummary(
  _db: Queryable,
  _user: Pick<UserRecord, 'id' | 'brandId'>,
): Promise<MembershipSummary> {
  return {
    memberCode: 'putong',
    memberName: '未开通',
    isOpenMember: false,
    primaryUser: true,
    upgradeList: [],
    isUsePc: 1,
  };
}
