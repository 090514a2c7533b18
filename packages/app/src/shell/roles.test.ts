import { describe, expect, it } from 'vitest';
import { holdsAnyRole, rolesMayOpen, rolesOf } from './roles';

describe('roles (spec §2 route guard step 6, §5, §6)', () => {
  it('are the member code, primary for the buying account, qiyePrimary for a qiye main account', () => {
    expect(rolesOf({ memberCode: 'putong', primaryUser: true })).toEqual(['putong', 'primary']);
    expect(rolesOf({ memberCode: 'qiye', primaryUser: false })).toEqual(['qiye']);
    expect(rolesOf({ memberCode: 'qiye', primaryUser: true })).toEqual(['qiye', 'primary', 'qiyePrimary']);
  });

  it('the permission check needs one of the roles, and refuses an empty list as misuse', () => {
    expect(holdsAnyRole(['toubiaotong', 'primary'], ['qiyetong', 'toubiaotong'])).toBe(true);
    expect(holdsAnyRole(['toubiaotong', 'primary'], ['qiye'])).toBe(false);
    expect(() => holdsAnyRole(['qiye'], [])).toThrow(/非空的角色列表/);
    expect(() => holdsAnyRole(['qiye'], undefined as unknown as string[])).toThrow(/非空的角色列表/);
  });

  it('the route guard lets only a qiye main account open /dataStatistics; other routes are open', () => {
    expect(rolesMayOpen(rolesOf({ memberCode: 'qiye', primaryUser: true }), '/dataStatistics')).toBe(true);
    expect(rolesMayOpen(rolesOf({ memberCode: 'qiye', primaryUser: false }), '/dataStatistics')).toBe(false);
    expect(rolesMayOpen(rolesOf({ memberCode: 'qiyetong', primaryUser: true }), '/dataStatistics')).toBe(
      false,
    );
    expect(rolesMayOpen(rolesOf({ memberCode: 'putong', primaryUser: true }), '/dashboard')).toBe(true);
  });
});
