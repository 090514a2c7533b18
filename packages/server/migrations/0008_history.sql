-- Browsing history (我的浏览历史, spec §2 /BrowsingHistory) and follows (我的关注, spec §3 collectMap, §7
-- saveBrowseCollection, user-browse-collection/add|del/collection). Per account: user_account rows belong to one
-- brand, so nothing here is shared between brands. The item's type is copied from tender_item.doc_type (it never
-- changes) so the per-type tabs and counts read one table. Times come from the server's clock (a parameter).

-- One line per account, item and Asia/Shanghai day: viewing the same item again that day moves the line to the top
-- (last_viewed_at) and counts the view, it does not add a line.
CREATE TABLE browse_history (
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  item_id bigint NOT NULL REFERENCES tender_item (id) ON DELETE CASCADE,
  item_type text NOT NULL CHECK (item_type IN ('zb', 'bg', 'jg', 'yg', 'yx', 'nj', 'sp')),
  day date NOT NULL,
  first_viewed_at timestamptz NOT NULL,
  last_viewed_at timestamptz NOT NULL,
  views integer NOT NULL DEFAULT 1 CHECK (views > 0),
  PRIMARY KEY (user_id, item_id, day)
);
-- The list, newest first (all types, or one type's tab).
CREATE INDEX browse_history_newest ON browse_history (user_id, last_viewed_at DESC, item_id DESC);
CREATE INDEX browse_history_type_newest ON browse_history (user_id, item_type, last_viewed_at DESC, item_id DESC);

-- An item an account follows; following again keeps the first time.
CREATE TABLE item_follow (
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  item_id bigint NOT NULL REFERENCES tender_item (id) ON DELETE CASCADE,
  item_type text NOT NULL CHECK (item_type IN ('zb', 'bg', 'jg', 'yg', 'yx', 'nj', 'sp')),
  followed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, item_id)
);
CREATE INDEX item_follow_newest ON item_follow (user_id, followed_at DESC, item_id DESC);
CREATE INDEX item_follow_type_newest ON item_follow (user_id, item_type, followed_at DESC, item_id DESC);
