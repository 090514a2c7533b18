-- The matches of the members' 即将到期 subscriptions (src/renewal/matches.ts): a contract is recorded once per member
-- and brand when its predicted end first falls within the subscription's window, and pushed from here through the
-- same channels as the keyword subscriptions' feed (websocket, group robot, the API keys' webhooks).
CREATE TABLE renewal_match (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  item_id bigint NOT NULL REFERENCES tender_item (id) ON DELETE CASCADE,
  predicted_end_date date NOT NULL,
  matched_at timestamptz NOT NULL,
  UNIQUE (user_id, brand_id, item_id)
);

-- An API key's webhook also sends the renewal matches: its own cursor (the last renewal_match.id queued), and a
-- delivery names either a feed line or a renewal match.
ALTER TABLE api_key ADD COLUMN renewal_cursor bigint NOT NULL DEFAULT 0;
ALTER TABLE api_webhook_delivery ALTER COLUMN feed_id DROP NOT NULL;
ALTER TABLE api_webhook_delivery ADD COLUMN renewal_match_id bigint;
ALTER TABLE api_webhook_delivery ADD CONSTRAINT api_webhook_delivery_renewal UNIQUE (api_key_id, renewal_match_id);
ALTER TABLE api_webhook_delivery ADD CONSTRAINT api_webhook_delivery_source
  CHECK ((feed_id IS NULL) <> (renewal_match_id IS NULL));
