-- Two statements that read a whole table on every call, each for one user's or one order's few rows.
--
-- A user's sessions: the enterprise sub-account list reads each sub-account's newest session use ("last active",
-- src/enterprise/queries.ts), and freezing an account revokes all of its sessions (src/auth/sessions.ts); the only
-- index by user held live sessions alone, so both scanned every session of every brand. Indexed by user alone —
-- `last_used_at` left out — so the sliding touch of a session stays a HOT update.
DROP INDEX user_session_live_by_user;
CREATE INDEX user_session_by_user ON user_session (user_id);

-- The coupons an order holds, released when the order closes (src/coupons/queries.ts `release`): replacing an open
-- order scanned every coupon of every brand.
CREATE INDEX coupon_reserved ON coupon (reserved_order_id) WHERE reserved_order_id IS NOT NULL;
