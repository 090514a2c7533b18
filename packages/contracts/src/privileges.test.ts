import { describe, expect, it } from 'vitest';
import { memberPrivilegesSchema, PRIVILEGE_KEYS, privilegeValueSchema } from './privileges';

describe('privilege contract', () => {
  it('lists each of the spec §3 keys once, and apiAccess of the open data API', () => {
    expect(new Set(PRIVILEGE_KEYS).size).toBe(PRIVILEGE_KEYS.length);
    expect(PRIVILEGE_KEYS).toHaveLength(26);
    expect(PRIVILEGE_KEYS).toContain('apiAccess');
    expect(PRIVILEGE_KEYS).toContain('bussinessAnalyzer');
    expect(PRIVILEGE_KEYS).toContain('subscribeZhaobiaoKeyword');
  });

  it('accepts -1, true, 0, false and quotas, and nothing below -1 or fractional', () => {
    for (const value of [-1, true, 0, false, 3, 10_000]) {
      expect(privilegeValueSchema.safeParse(value).success).toBe(true);
    }
    for (const value of [-2, 1.5, '3', null]) {
      expect(privilegeValueSchema.safeParse(value).success).toBe(false);
    }
  });

  it('requires every key in a privilege set', () => {
    const complete = Object.fromEntries(PRIVILEGE_KEYS.map((key) => [key, 0]));
    expect(memberPrivilegesSchema.safeParse(complete).success).toBe(true);
    const { watchZhaobiao: _omitted, ...missing } = complete;
    const result = memberPrivilegesSchema.safeParse(missing);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['watchZhaobiao']);
  });
});
