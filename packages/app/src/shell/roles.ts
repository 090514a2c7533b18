import type { User } from '@tender/contracts';

/**
 * Role names the role-based route guard and the permission directive check (spec §2 route guard step 6, §5, §6):
 * the member code (putong, toubiaotong, qiyetong, qiye), `primary` for the account that may buy, and
 * `qiyePrimary` for the main account of an enterprise at level qiye (the server's menu condition of that name).
 */
export function rolesOf(user: Pick<User, 'memberCode' | 'primaryUser'>): string[] {
  return [
    user.memberCode,
    ...(user.primaryUser ? ['primary'] : []),
    ...(user.primaryUser && user.memberCode === 'qiye' ? ['qiyePrimary'] : []),
  ];
}

/**
 * The roles a route needs, any one of them (spec §6: "The enterprise data statistics menu is shown only to a
 * primary user with member code qiye"). Routes not listed are open to every signed-in user the server gave the
 * menu to.
 */
export const ROUTE_ROLES: Readonly<Record<string, readonly string[]>> = {
  '/dataStatistics': ['qiyePrimary'],
};

/** spec §5 permission directive: a non-empty role list; misuse raises an error. */
export function holdsAnyRole(held: readonly string[], required: readonly string[]): boolean {
  if (!Array.isArray(required) || required.length === 0)
    throw new Error('权限判断需要非空的角色列表，例如 roles={["qiye"]}');
  return required.some((role) => held.includes(role));
}

/** spec §2 route guard step 6: whether these roles may open the path. */
export function rolesMayOpen(held: readonly string[], pathname: string): boolean {
  const required = ROUTE_ROLES[pathname];
  return required === undefined || holdsAnyRole(held, required);
}
