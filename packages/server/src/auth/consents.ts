import { CONSENT_REQUIRED_FIELD } from '@tender/contracts';
import { RESPONSE_CODES } from '@tender/domain';
import type { Queryable } from '../db/database';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';
import type { Tenant } from '../tenants/queries';

/** Where the person gave consent: before an SMS code was sent, or on a mini-program QR sign-in. */
export type ConsentChannel = 'sms' | 'qr';

export interface Consent {
  brandId: string;
  mobile: string;
  /** The version of the brand's 隐私政策 the person accepted (`consentVersion` on the wire). */
  policyVersion: string;
  channel: ConsentChannel;
  ip: string;
  userId: number | null;
}

/** Records one consent (PIPL: the record of who agreed to which policy, when and from where; migration 0027). */
export async function recordConsent(db: Queryable, consent: Consent, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO personal_information_consent (brand_id, mobile, policy_version, channel, ip, user_id, consented_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [consent.brandId, consent.mobile, consent.policyVersion, consent.channel, consent.ip, consent.userId, at],
  );
}

/**
 * Refuses (400, nothing sent) a request made without consent to the brand's current 隐私政策: the version
 * missing, outdated (a page loaded before the policy changed) or of another brand. `data.field` names the wire
 * field for developers; the message speaks to the member.
 */
export function requireCurrentConsent(tenant: Tenant, consentVersion: string | undefined): string {
  const current = tenant.privacyPolicyVersion;
  if (!consentVersion || !current || consentVersion !== current) {
    throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.personalInformation.consentRequired, {
      field: CONSENT_REQUIRED_FIELD,
      currentVersion: current,
    });
  }
  return current;
}
