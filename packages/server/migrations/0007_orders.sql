-- Products, orders, payments, activities and coupons (docs/architecture.md §4 Orders and payment;
-- docs/business-rules.md Products and prices, Coupons; docs/payments.md). Money is integer fen. Products and
-- activities are data per brand, seeded from src/orders/defaults.ts and src/coupons/defaults.ts and then owned by
-- the operators. Times are written by the server's clock (a parameter), never by now().

-- What the membership modal sells (spec §3 Product option): one row per brand, level and duration.
-- province_fen: the price of one province for this duration (NULL: sold for 全国 only). The price of a set of
-- provinces is min(province_fen × count, whole_country_fen) (@tender/domain membershipPriceFen).
CREATE TABLE member_product (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL,
  member_code text NOT NULL CHECK (member_code IN ('toubiaotong', 'qiyetong', 'qiye')),
  months integer NOT NULL CHECK (months BETWEEN 1 AND 120),
  -- spec §3 productTypeStr, the duration as the modal shows it ('12个月').
  label text NOT NULL,
  whole_country_fen integer NOT NULL CHECK (whole_country_fen > 0),
  province_fen integer CHECK (province_fen > 0),
  on_sale boolean NOT NULL DEFAULT true,
  -- spec §3 isSelect: the product the modal preselects for its level.
  preselected boolean NOT NULL DEFAULT false,
  UNIQUE (brand_id, member_code, months),
  FOREIGN KEY (brand_id, member_code) REFERENCES member_type (brand_id, member_code) ON DELETE CASCADE
);

-- Per-brand order settings. docs/business-rules.md: orders not paid within 2 hours close.
CREATE TABLE order_setting (
  brand_id text PRIMARY KEY REFERENCES brand (id) ON DELETE CASCADE,
  unpaid_ttl_minutes integer NOT NULL DEFAULT 120 CHECK (unpaid_ttl_minutes BETWEEN 5 AND 1440)
);

-- Coupon activities (spec §7 activity/joinActivity, activity detail): joining grants the activity's coupons,
-- once per account.
CREATE TABLE activity (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  -- A stable name for the seed ('first-login'); operators may add others.
  code text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  starts_at timestamptz,
  ends_at timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  UNIQUE (brand_id, code)
);

-- The coupons an activity grants: spec §3 Coupon terms and how long each stays valid after joining.
CREATE TABLE activity_coupon (
  activity_id bigint NOT NULL REFERENCES activity (id) ON DELETE CASCADE,
  position integer NOT NULL,
  -- A member name ('投标通'), or one of the all-level types VIP会员 / 高级会员 / 全品类 (spec §5).
  use_goods_type text NOT NULL,
  order_fee_fen integer NOT NULL CHECK (order_fee_fen >= 0),
  face_value_fen integer NOT NULL CHECK (face_value_fen > 0),
  valid_days integer NOT NULL CHECK (valid_days > 0),
  PRIMARY KEY (activity_id, position)
);

-- Who joined which activity: the primary key makes joining (and so the coupons) once per account, also when
-- two joins race.
CREATE TABLE activity_participation (
  activity_id bigint NOT NULL REFERENCES activity (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  joined_at timestamptz NOT NULL,
  PRIMARY KEY (activity_id, user_id)
);

-- A user's coupon (spec §3 Coupon). Usable while unused and before effective_until; an unpaid order holds it
-- (reserved_order_id) so no second order can use it, and its payment consumes it (used_order_id, used_at).
CREATE TABLE coupon (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  activity_id bigint REFERENCES activity (id) ON DELETE SET NULL,
  use_goods_type text NOT NULL,
  order_fee_fen integer NOT NULL CHECK (order_fee_fen >= 0),
  face_value_fen integer NOT NULL CHECK (face_value_fen > 0),
  effective_from timestamptz NOT NULL,
  effective_until timestamptz NOT NULL,
  reserved_order_id bigint,
  used_order_id bigint,
  used_at timestamptz,
  created_at timestamptz NOT NULL,
  CHECK ((used_order_id IS NULL) = (used_at IS NULL)),
  CHECK (used_order_id IS NULL OR reserved_order_id IS NULL)
);
CREATE INDEX coupon_by_user ON coupon (user_id, effective_until);

-- A membership order (spec §3 Order, §4 Membership order flow). Every figure is the server's: the price of the
-- product for the areas, the coupon taken off, the amount to pay. Status: unpaid → paid (one conditional update,
-- src/orders/paid-state.ts) or closed (expired after 2 hours, or superseded by the user's next order).
CREATE TABLE member_order (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The merchant order number sent to the payment provider (out_trade_no).
  order_no text NOT NULL UNIQUE,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES user_account (id),
  product_id bigint REFERENCES member_product (id) ON DELETE SET NULL,
  -- What was bought, copied from the product so later price edits never change an order.
  member_code text NOT NULL CHECK (member_code IN ('toubiaotong', 'qiyetong', 'qiye')),
  months integer NOT NULL CHECK (months BETWEEN 1 AND 120),
  product_label text NOT NULL,
  pay_areas text[] NOT NULL,
  list_price_fen integer NOT NULL CHECK (list_price_fen > 0),
  price_fen integer NOT NULL CHECK (price_fen > 0),
  coupon_id bigint REFERENCES coupon (id),
  coupon_fen integer NOT NULL DEFAULT 0 CHECK (coupon_fen >= 0),
  amount_fen integer NOT NULL CHECK (amount_fen > 0),
  pay_type text NOT NULL,
  provider text NOT NULL,
  activity_id bigint REFERENCES activity (id) ON DELETE SET NULL,
  status text NOT NULL CHECK (status IN ('unpaid', 'paid', 'closed')),
  code_url text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- The last active query at the provider (the status poll asks it at most every few seconds).
  queried_at timestamptz,
  paid_at timestamptz,
  paid_via text CHECK (paid_via IN ('notification', 'query', 'reconcile')),
  transaction_id text,
  paid_amount_fen integer,
  closed_at timestamptz,
  close_reason text CHECK (close_reason IN ('expired', 'superseded')),
  CHECK ((status = 'paid') = (paid_at IS NOT NULL)),
  CHECK ((status = 'closed') = (closed_at IS NOT NULL)),
  CHECK (amount_fen = price_fen - coupon_fen)
);
CREATE INDEX member_order_by_user ON member_order (user_id, created_at DESC);
CREATE INDEX member_order_unpaid ON member_order (expires_at) WHERE status = 'unpaid';
CREATE UNIQUE INDEX member_order_transaction ON member_order (provider, transaction_id)
  WHERE transaction_id IS NOT NULL;

ALTER TABLE coupon ADD FOREIGN KEY (reserved_order_id) REFERENCES member_order (id);
ALTER TABLE coupon ADD FOREIGN KEY (used_order_id) REFERENCES member_order (id);

-- Belt and braces under the conditional update: one order grants at most one membership period.
CREATE UNIQUE INDEX membership_event_one_grant_per_order ON membership_event (brand_id, order_ref)
  WHERE source = 'order' AND kind = 'grant';

-- Every payment signal and what became of it: notifications (genuine, forged, replayed), active queries,
-- reconciliation, closes. Kept for the books and for support; never read by a rule.
CREATE TABLE payment_event (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no text,
  provider text NOT NULL,
  source text NOT NULL CHECK (source IN ('notification', 'query', 'reconcile', 'close', 'prepay')),
  outcome text NOT NULL,
  detail jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX payment_event_by_order ON payment_event (order_no, created_at) WHERE order_no IS NOT NULL;

-- spec §7 data/buyPoint: the purchase funnel as the client reports it (modal opened, product chosen, QR shown …).
CREATE TABLE buy_point (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  user_id bigint REFERENCES user_account (id) ON DELETE SET NULL,
  event text NOT NULL,
  member_code text,
  product_id bigint,
  order_no text,
  detail jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX buy_point_by_brand ON buy_point (brand_id, created_at);
