import type { User } from '@tender/contracts';
import type { Queryable } from '../db/database';
import { enterpriseQueries } from '../enterprise/queries';
import type { UserRecord } from './queries';

export type MembershipSummary = Pick<
  User,
  'memberCode' | 'memberName' | 'isOpenMember' | 'primaryUser' | 'upgradeList' | 'isUsePc'
>;

/**
 * The membership facts of a user as the User answer carries them (spec §3). Memberships arrive with their
 * own issue, which replaces this one function; until then every user is what a user without any membership
 * is: putong, '未开通', not an open member, no service periods, and PC use allowed (putong's havePcLogin is
 * true, docs/business-rules.md). `primaryUser` (the account that may buy) is already real: false for an
 * enterprise's sub-accounts, true for its main account and for every account outside an enterprise.
 */
export async function membershipSummary(
  db: Queryable,
  user: Pick<UserRecord, 'id' | 'brandId'>,
): Promise<MembershipSummary> {
  const enterpriseRole = await enterpriseQueries(db).roleOf(user.brandId, user.id);
  return {
    memberCode: 'putong',
    memberName: '未开通',
    isOpenMember: false,
    primaryUser: enterpriseRole !== 'sub',
    upgradeList: [],
    isUsePc: 1,
  };
}
