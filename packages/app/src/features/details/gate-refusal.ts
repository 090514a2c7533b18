import { isApiError } from '@tender/api-client';
import { gateRefusalSchema } from '@tender/contracts';
import type { LayoutDialogs } from '../../layout/use-layout-dialogs';

/**
 * A gate's code-403 answer (server src/gates): opens the permission dialog its `data` names, or, when it names
 * none (a feature the brand hides), shows its message. False when `error` is not a refusal.
 */
export function showGateRefusal(
  error: unknown,
  openRefusal: LayoutDialogs['openRefusal'],
  showMessage: (text: string) => void,
  options?: { closePage?: boolean },
): boolean {
  if (!isApiError(error) || error.code !== 403) return false;
  const refusal = gateRefusalSchema.safeParse(error.data);
  if (!refusal.success || !openRefusal(refusal.data, options)) showMessage(error.message);
  return true;
}
