/**
 * When a profile is complete: the real name and the company name are filled (blank counts as empty). Until
 * then every endpoint of access `user` answers 430 and the client sends the user to /perfect (spec §2, §8);
 * endpoints of access `session` (checkPerfectInfo, perfect, avatar upload, freezing) still work.
 */
export const REQUIRED_PROFILE_FIELDS = ['realUserName', 'companyName'] as const;

export type RequiredProfileField = (typeof REQUIRED_PROFILE_FIELDS)[number];

export function missingProfileFields(
  user: Record<RequiredProfileField, string | null | undefined>,
): RequiredProfileField[] {
  return REQUIRED_PROFILE_FIELDS.filter((field) => !user[field]?.trim());
}

export function isProfileComplete(user: Record<RequiredProfileField, string | null | undefined>): boolean {
  return missingProfileFields(user).length === 0;
}
