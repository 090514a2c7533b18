-- Brands as tenants (docs/architecture.md §3): every user, setting and price belongs to one brand.
-- Seeded from the built brand manifests on start, then owned by the database (operators edit it here).
CREATE TABLE brand (
  id text PRIMARY KEY,
  name text NOT NULL,
  title text NOT NULL,
  interface_version integer NOT NULL,
  register_type integer NOT NULL,
  show_analysis boolean NOT NULL,
  show_export boolean NOT NULL,
  -- Company configuration (spec §1, §6): online payment, the enterprise-management "new demand" mode.
  allow_pay boolean NOT NULL,
  new_demand_mode boolean NOT NULL,
  support_phone text,
  customer_image text,
  customer_wechat_image text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Dictionaries per brand (spec §3 Dictionary): entries keyed by dict_name, with optional children.
CREATE TABLE dictionary_entry (
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  dict_name text NOT NULL,
  value text NOT NULL,
  label text NOT NULL,
  parent_value text,
  sort_order integer NOT NULL DEFAULT 0,
  PRIMARY KEY (brand_id, dict_name, value)
);
