-- The operators' configuration as one version number (src/tenants/config-version.ts): every statement that
-- changes a brand row or a brand's levels and privileges moves it on, in the same transaction. Each API process
-- caches brands and level catalogues and reads this number with the request's session, so an edit applies from
-- the next request without reading the brand and the catalogue on every call.
CREATE TABLE config_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL
);
INSERT INTO config_version (version) VALUES (1);

CREATE FUNCTION bump_config_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE config_version SET version = version + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER brand_config_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brand
  FOR EACH STATEMENT EXECUTE FUNCTION bump_config_version();
CREATE TRIGGER member_type_config_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_type
  FOR EACH STATEMENT EXECUTE FUNCTION bump_config_version();
CREATE TRIGGER member_privilege_config_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_privilege
  FOR EACH STATEMENT EXECUTE FUNCTION bump_config_version();
