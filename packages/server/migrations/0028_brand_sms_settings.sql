-- What a real SMS vendor (SMS_PROVIDER=aliyun|tencent) needs to text a brand's verification codes: the sign (签名)
-- and one template per purpose, each approved by the vendor for that brand's account. Set by operators with
-- `tender-server sms-settings set` (audited); nothing is seeded, since a sign works only once the vendor approved it.
CREATE TABLE brand_sms_settings (
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  -- 'aliyun' or 'tencent': a brand keeps its settings for each vendor, so switching SMS_PROVIDER needs no re-entry.
  provider text NOT NULL,
  sign_name text NOT NULL,
  -- The vendor's template id by SMS purpose: {"login": "SMS_123456789", "updatePhone": "SMS_…"}.
  templates jsonb NOT NULL,
  -- The template variable that receives the code (Aliyun's ${code}); Tencent's templates take the code as {1}.
  template_param text NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (brand_id, provider)
);
