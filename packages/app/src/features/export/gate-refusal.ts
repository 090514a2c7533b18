import { isApiError } from '@tender/api-client';
import { type GateRefusal, gateRefusalSchema } from '@tender/contracts';

/** A gate's refusal (code 403 with the permission dialog's data) out of a failed call, or null. */
export function gateRefusalOf(error: unknown): GateRefusal | null {
  if (!isApiError(error) || error.code !== 403) return null;
  const parsed = gateRefusalSchema.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}

/** What to tell the user about a failure the api-client did not already show; '' when it did. */
export function unshownMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.handled ? '' : error.message || fallback;
  return fallback;
}
