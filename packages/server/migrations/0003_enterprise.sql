-- Enterprise accounts (企业版, member code qiye; spec §2 Account management, docs/business-rules.md Enterprise):
-- one main account and up to max_sub_accounts sub-accounts of the same brand. The enterprise's membership
-- (its qiye level) arrives with the memberships; these tables only say who belongs to which enterprise.
-- Times are written by the server's clock (a parameter), never by now(), so tests can move time.

CREATE TABLE enterprise (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- Seats for sub-accounts, besides the main account; 5 by default (docs/business-rules.md), editable here.
  max_sub_accounts integer NOT NULL DEFAULT 5 CHECK (max_sub_accounts >= 0),
  -- Whether a valid invite lets a user join (spec §7 enterprise/account/allowJoin).
  allow_join boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- The target of enterprise_member's brand-checking foreign key.
  UNIQUE (id, brand_id)
);

-- Who belongs to which enterprise. The primary key makes a user a member of at most one enterprise, whether as
-- its main account ('primary') or as a sub-account ('sub'); the partial index allows one main account each.
CREATE TABLE enterprise_member (
  user_id bigint PRIMARY KEY REFERENCES user_account (id) ON DELETE CASCADE,
  enterprise_id bigint NOT NULL,
  brand_id text NOT NULL,
  role text NOT NULL CHECK (role IN ('primary', 'sub')),
  -- The main account's note about a sub-account.
  remark text NOT NULL DEFAULT '',
  joined_at timestamptz NOT NULL,
  FOREIGN KEY (enterprise_id, brand_id) REFERENCES enterprise (id, brand_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX enterprise_member_one_primary ON enterprise_member (enterprise_id) WHERE role = 'primary';
CREATE INDEX enterprise_member_by_enterprise ON enterprise_member (enterprise_id, joined_at);

-- Secrets the server makes for itself, created once by whichever node needs one first and then shared by every
-- API node through the database: the HMAC key of enterprise invites ('enterprise-invite'). Back it up with the
-- database; replacing a row invalidates what was signed with it.
CREATE TABLE server_secret (
  name text PRIMARY KEY,
  secret text NOT NULL,
  created_at timestamptz NOT NULL
);
