-- Accounts, sessions and sign-in (docs/architecture.md §4 Auth). Every row belongs to one brand: a phone that
-- signs in to two brands is two accounts, and nothing here is shared between brands.
-- Times are written by the server's clock (a parameter), never by now(), so tests can move time.

-- spec §3 User. The membership facts (memberCode, upgradeList …) live with the memberships, not here.
CREATE TABLE user_account (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  mobile text NOT NULL,
  user_name text NOT NULL,
  -- The profile: complete when real_user_name and company_name are filled (src/users/profile.ts).
  real_user_name text NOT NULL DEFAULT '',
  company_name text NOT NULL DEFAULT '',
  industry text NOT NULL DEFAULT '',
  job_title text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  -- An absolute URL, or a path relative to the server's base address (an uploaded avatar).
  headimgurl text NOT NULL DEFAULT '',
  -- spec §3/§9: 10 list, 20 table.
  display_mode integer NOT NULL DEFAULT 10 CHECK (display_mode IN (10, 20)),
  register_type integer NOT NULL DEFAULT 50,
  -- When the first-login guided tour (spec §2) was finished or skipped; NULL while it is still due.
  guide_seen_at timestamptz,
  -- Set when the user froze the account; cleared by the SMS unfreeze (login/awaken).
  frozen_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (brand_id, mobile)
);

-- A signed-in device. The token itself is never stored, only its SHA-256. The newest sign-in of an account
-- supersedes the older live sessions (they answer 4011); logout and freezing revoke (they answer 401).
CREATE TABLE user_session (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  login_method text NOT NULL CHECK (login_method IN ('sms', 'qr', 'awaken')),
  remember boolean NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  -- Sliding: moved forward when the session is used (24 h, or 30 days when remembered).
  expires_at timestamptz NOT NULL,
  superseded_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX user_session_live_by_user ON user_session (user_id)
  WHERE superseded_at IS NULL AND revoked_at IS NULL;

-- A verification code sent by SMS, kept as a salted SHA-256. Only the newest code of a phone and purpose is
-- accepted; it is valid 5 minutes, used once, and dead after 5 wrong tries.
CREATE TABLE sms_code (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  mobile text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('login', 'updatePhone', 'frozen', 'awaken', 'qr')),
  code_hash text NOT NULL,
  salt text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  consumed_at timestamptz
);
CREATE INDEX sms_code_newest ON sms_code (brand_id, mobile, purpose, created_at DESC);

-- Every code sent, for the send limits (per phone within a brand; per client IP across brands). Counted in the
-- database so that several API nodes share the limits; rows older than a day are pruned as codes are sent.
CREATE TABLE sms_send_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  mobile text NOT NULL,
  ip text NOT NULL,
  purpose text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX sms_send_log_by_mobile ON sms_send_log (brand_id, mobile, sent_at);
CREATE INDEX sms_send_log_by_ip ON sms_send_log (ip, sent_at);

-- A mini-program QR sign-in: WAITING until the confirm page is opened (scanned_at), confirmed on the phone with
-- an SMS code (confirmed_at, user_id), then claimed once by the polling browser, which gets a new session.
CREATE TABLE qr_login_ticket (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  ticket_hash text NOT NULL UNIQUE,
  remember boolean NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  scanned_at timestamptz,
  confirmed_at timestamptz,
  user_id bigint REFERENCES user_account (id) ON DELETE CASCADE,
  claimed_at timestamptz
);
