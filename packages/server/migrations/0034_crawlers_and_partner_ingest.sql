-- Crawlers and partner ingest (docs/adr/0040-crawlers-and-partner-ingest.md).

-- A crawl or a partner's post is an import like a file: the same run row and report.
ALTER TABLE ingest_run DROP CONSTRAINT ingest_run_kind_check;
ALTER TABLE ingest_run ADD CONSTRAINT ingest_run_kind_check CHECK (kind IN ('file', 'demo', 'crawl', 'partner'));

-- The detail pages a source's crawler has imported (or found to be duplicates): a rerun never fetches them
-- again. A page it could not read is not here, so it is tried again once the adapter is fixed.
CREATE TABLE crawl_seen_page (
  source text NOT NULL,
  url text NOT NULL,
  seen_at timestamptz NOT NULL,
  PRIMARY KEY (source, url)
);

-- Per source: where the last run ended, for the operator and the incremental stop.
CREATE TABLE crawl_source_state (
  source text PRIMARY KEY,
  last_run_at timestamptz NOT NULL,
  -- The newest publish date the source's list pages showed in the last run.
  last_published date,
  last_report jsonb NOT NULL
);

-- A partner's key for POST /partner/v1/notices, made by an operator (`tender-server partner create`). Only the
-- secret's SHA-256 is kept; the secret is printed once.
CREATE TABLE partner_key (
  id bigserial PRIMARY KEY,
  partner text NOT NULL,
  prefix text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);
