import type { ReactNode } from 'react';
import { useUserStore } from '../stores/user-store';
import { holdsAnyRole } from './roles';

/** spec §5 permission directive as a hook: whether the signed-in user holds one of `roles` (non-empty). */
export function useHasRole(roles: readonly string[]): boolean {
  const held = useUserStore((state) => state.roles);
  return holdsAnyRole(held, roles);
}

/**
 * spec §5 permission directive: renders its children only for a user holding one of `roles`; an empty list is a
 * programming error and throws.
 */
export function Permission({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  return useHasRole(roles) ? children : null;
}
