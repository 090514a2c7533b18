-- Members' holdings as one version number (src/db/data-versions.ts): every transaction that changes a membership
-- event or an enterprise's members moves it on when it commits. Each API process caches what `loadMembership`
-- reads per member and reads this number with the request's session, so a purchase, a grant or a new sub-account
-- applies from the next request without reading the holdings on every call.
--
-- The version row is locked only at commit (deferred triggers), as search_data_version is (migration 0016): a
-- payment's transaction does not hold it while it locks its order and coupon rows, so two confirmations cannot
-- wait on each other through it.
CREATE TABLE membership_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL
);
INSERT INTO membership_version (version) VALUES (1);

CREATE FUNCTION bump_membership_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE membership_version SET version = version + 1;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER membership_event_version AFTER INSERT OR UPDATE OR DELETE ON membership_event
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_membership_version();
CREATE CONSTRAINT TRIGGER enterprise_member_version AFTER INSERT OR UPDATE OR DELETE ON enterprise_member
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_membership_version();
CREATE TRIGGER membership_event_truncated AFTER TRUNCATE ON membership_event
  FOR EACH STATEMENT EXECUTE FUNCTION bump_membership_version();
CREATE TRIGGER enterprise_member_truncated AFTER TRUNCATE ON enterprise_member
  FOR EACH STATEMENT EXECUTE FUNCTION bump_membership_version();
