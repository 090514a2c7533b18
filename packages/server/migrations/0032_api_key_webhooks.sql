-- A webhook per API key (docs/open-api.md "Webhook"): each new match of the key owner's subscriptions is POSTed,
-- signed, to the member's https endpoint, with retries; every attempt's outcome is kept for the delivery log.

-- The signing secret is kept in clear: the server must compute the signature with it (HMAC-SHA256). It is shown to
-- the member once, when the endpoint is set. The cursor is the last feed line (subscription_feed.id) queued.
ALTER TABLE api_key ADD COLUMN webhook_url text;
ALTER TABLE api_key ADD COLUMN webhook_secret text;
ALTER TABLE api_key ADD COLUMN webhook_cursor bigint NOT NULL DEFAULT 0;

CREATE TABLE api_webhook_delivery (
  id bigserial PRIMARY KEY,
  api_key_id bigint NOT NULL REFERENCES api_key (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  feed_id bigint NOT NULL,
  -- What is sent, fixed when queued: a retry sends the same body (a receiver de-duplicates by delivery id).
  payload jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz,
  UNIQUE (api_key_id, feed_id)
);
CREATE INDEX api_webhook_delivery_due ON api_webhook_delivery (next_attempt_at) WHERE status = 'pending';
CREATE INDEX api_webhook_delivery_key ON api_webhook_delivery (api_key_id, id DESC);
