/** A member privilege value as read from the privilege list (spec §3 Member privileges). */
export type PrivilegeValue = number | boolean;

/** What a privilege value means (spec §3: -1/true unlimited, 0/false not allowed, N a daily quota). */
export type Privilege = { kind: 'unlimited' } | { kind: 'none' } | { kind: 'quota'; limit: number };

/**
 * Reads a privilege value.
 *
 * spec §3: -1 or true → unlimited; 0 or false → not allowed; any other number N → a daily quota of N.
 * Privilege values are seeded configuration, so a bad one is a bug, not user input: it throws.
 * @throws RangeError for negative numbers other than -1, non-integers, NaN and non-number/boolean values.
 */
export function parsePrivilege(value: PrivilegeValue): Privilege {
  if (value === true || value === -1) return { kind: 'unlimited' };
  if (value === false || value === 0) return { kind: 'none' };
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) {
    return { kind: 'quota', limit: value };
  }
  throw new RangeError(
    `Invalid privilege value ${JSON.stringify(value) ?? String(value)}: expected -1, true, false or an integer ≥ 0`,
  );
}

/** Whether the privilege allows the feature at all (a quota of N ≥ 1 does). */
export function isPrivilegeGranted(privilege: Privilege): boolean {
  return privilege.kind !== 'none';
}

function assertUsedCount(usedCount: number): void {
  if (!Number.isSafeInteger(usedCount) || usedCount < 0) {
    throw new RangeError(`Used count must be an integer ≥ 0, got ${String(usedCount)}`);
  }
}

/**
 * Whether one more use is allowed after `usedCount` uses today: unlimited always, none never,
 * a quota of N while fewer than N have been used (the N-th use is allowed, the N+1-th is not).
 * @throws RangeError when usedCount is negative or not an integer.
 */
export function hasPrivilegeLeft(privilege: Privilege, usedCount: number): boolean {
  assertUsedCount(usedCount);
  switch (privilege.kind) {
    case 'unlimited':
      return true;
    case 'none':
      return false;
    case 'quota':
      return usedCount < privilege.limit;
  }
}

/** Uses left today: 'unlimited', or a count that never goes below 0. */
export function remainingPrivilegeUses(privilege: Privilege, usedCount: number): number | 'unlimited' {
  assertUsedCount(usedCount);
  switch (privilege.kind) {
    case 'unlimited':
      return 'unlimited';
    case 'none':
      return 0;
    case 'quota':
      return Math.max(0, privilege.limit - usedCount);
  }
}
