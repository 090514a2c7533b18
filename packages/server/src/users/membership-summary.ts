import type { User } from '@tender/contracts';
import { formatDateTime } from '@tender/domain';
import type { Queryable } from '../db/database';
import { levelCatalog, loadMembership, memberNameOf } from '../membership/service';
import type { UserRecord } from './queries';

export type MembershipSummary = Pick<
  User,
  'memberCode' | 'memberName' | 'isOpenMember' | 'primaryUser' | 'upgradeList' | 'isUsePc'
>;

/**
 * The membership facts of a user as the User answer carries them (spec §3), at `now`: the level in use (its own
 * memberships and its enterprise's, stacked by the service-period rule), '未开通' without a paid level, the
 * service periods in the order they are used (the first is the expiry the popover shows), PC use from the
 * level's havePcLogin, and `primaryUser` false exactly for an enterprise's sub-accounts.
 */
export async function membershipSummary(
  db: Queryable,
  user: Pick<UserRecord, 'id' | 'brandId'>,
  now: Date,
): Promise<MembershipSummary> {
  const [membership, levels] = await Promise.all([
    loadMembership(db, user.brandId, user.id, now),
    levelCatalog(db, user.brandId),
  ]);
  return {
    memberCode: membership.level,
    memberName: memberNameOf(membership, levels),
    isOpenMember: membership.paidLevel !== undefined,
    primaryUser: membership.primaryUser,
    upgradeList: membership.periods.map((period) => ({
      memberCode: period.level,
      memberName: levels.get(period.level)?.memberName ?? period.level,
      expireDate: formatDateTime(period.expiresAt, 'YYYY-MM-DD'),
    })),
    isUsePc: levels.privilege(membership.level, 'havePcLogin').kind === 'none' ? -1 : 1,
  };
}
