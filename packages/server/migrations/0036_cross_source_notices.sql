-- One notice from several sources, and the notices of one project chained (docs/adr/0041-cross-source-duplicates-and-project-chains.md).

-- The other sources of an item: the same notice reposted by another site (an aggregator, a provincial mirror) is
-- not a second item; its link is kept here beside the item's own source_id / source_url.
CREATE TABLE tender_item_source (
  item_id bigint NOT NULL REFERENCES tender_item (id) ON DELETE CASCADE,
  source_id text,
  source_url text,
  source_name text,
  added_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tender_item_source_by_source_id ON tender_item_source (source_id);
CREATE UNIQUE INDEX tender_item_source_link ON tender_item_source (item_id, source_url);

-- The importer looks up earlier notices of the same project code (the cross-source match and the project chain).
CREATE INDEX tender_item_project_code ON tender_item (project_code) WHERE project_code IS NOT NULL;
