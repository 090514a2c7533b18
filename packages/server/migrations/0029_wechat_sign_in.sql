-- Mini-program sign-in (src/auth/qr-login.ts, docs/operations.md "WeChat mini-program sign-in"). A sign-in now has
-- a short public id (the QR code's scene, or the confirm page's ?id=) and a separate claim secret that only the
-- browser holds: the table keeps the secret's SHA-256, so seeing the QR code (a screen share) no longer lets anyone
-- claim the session. Sign-ins live five minutes; the rows of the old scheme are dropped (a browser showing one
-- fetches a new code).
DELETE FROM qr_login_ticket;
ALTER TABLE qr_login_ticket RENAME COLUMN ticket_hash TO claim_secret_hash;
ALTER TABLE qr_login_ticket
  -- 22 base64url characters: WeChat's scene allows at most 32 visible characters of a set that includes these.
  ADD COLUMN sign_in_id text NOT NULL UNIQUE,
  -- 'sandbox' (our confirm page) or 'wechat' (the mini-program).
  ADD COLUMN provider text NOT NULL CHECK (provider IN ('sandbox', 'wechat')),
  -- The 隐私政策 version the person accepted in the browser, and the browser's address: the consent record written
  -- when the phone is bound (personal_information_consent, channel 'qr').
  ADD COLUMN consent_version text NOT NULL,
  ADD COLUMN ip text NOT NULL,
  -- The WeChat user (jscode2session's openid) who scanned first; only they may confirm. WeChat's session_key is
  -- not kept: nothing here decrypts mini-program data.
  ADD COLUMN openid text,
  -- SHA-256 of the secret handed to that mini-program session, sent back with the phone-number code.
  ADD COLUMN mini_program_secret_hash text;
-- Expired sign-ins are deleted in small batches as new ones are created.
CREATE INDEX qr_login_ticket_expiry ON qr_login_ticket (expires_at);

-- The mini-program's access token (stable_token), shared by every API node: one node refreshes it under an
-- advisory lock before it expires, the others read it here.
CREATE TABLE wechat_access_token (
  appid text PRIMARY KEY,
  access_token text NOT NULL,
  expires_at timestamptz NOT NULL,
  refreshed_at timestamptz NOT NULL
);
