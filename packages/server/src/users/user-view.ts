import type { User } from '@tender/contracts';
import { avatarUrl, displayModeOrDefault } from '@tender/domain';
import type { Queryable } from '../db/database';
import { membershipSummary } from './membership-summary';
import { isProfileComplete } from './profile';
import type { UserRecord } from './queries';

/**
 * The User answer (spec §3) of a stored account at `now` (its membership depends on the time); `baseUrl` turns a
 * relative headimgurl into an absolute one.
 */
export async function userView(db: Queryable, user: UserRecord, baseUrl: string, now: Date): Promise<User> {
  return {
    userId: user.id,
    userName: user.userName,
    realUserName: user.realUserName,
    mobile: user.mobile,
    headimgurl: avatarUrl(user.headimgurl, baseUrl),
    companyName: user.companyName,
    industry: user.industry,
    jobTitle: user.jobTitle,
    email: user.email,
    displayMode: displayModeOrDefault(user.displayMode),
    isPerfect: isProfileComplete(user),
    ...(await membershipSummary(db, user, now)),
  };
}
