-- PIPL consents (docs/operations.md "Personal information"): each time a person ticks the consent box before a
-- code is texted to them (channel 'sms') or before a mini-program QR sign-in binds their phone (channel 'qr'),
-- the version of the brand's 隐私政策 they accepted, when, and from where. Rows are only ever inserted; an account
-- cancellation masks the phone (the record of consent stays, as the law asks, without identifying anyone).
CREATE TABLE personal_information_consent (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  mobile text NOT NULL,
  policy_version text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('sms', 'qr')),
  -- The caller's address (behind a proxy only with TRUST_PROXY).
  ip text NOT NULL,
  -- The account the phone belongs to, when it has one at the time of consent.
  user_id bigint,
  consented_at timestamptz NOT NULL
);
CREATE INDEX personal_information_consent_by_mobile ON personal_information_consent (brand_id, mobile, consented_at);
CREATE INDEX personal_information_consent_by_user ON personal_information_consent (user_id) WHERE user_id IS NOT NULL;
