-- A change of listings names them (up to 100 a statement), so each server process forgets those
-- listings alone and keeps every other listing it has encoded. A statement that changes more, a
-- change of an agent (on every listing of theirs) and TRUNCATE name none, and every process then
-- forgets every listing, as before. The text is the writer's application name, then a line break
-- (which PostgreSQL never lets into an application name) and the listings' ids, comma-separated.
CREATE FUNCTION "announce_listings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  named text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id::text) INTO named FROM (SELECT id FROM new_rows LIMIT 101) AS changed;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(id::text) INTO named FROM (SELECT id FROM old_rows LIMIT 101) AS changed;
  ELSE
    -- An update that changes nothing is no change.
    SELECT array_agg(id::text) INTO named FROM (
      SELECT new_rows.id FROM new_rows JOIN old_rows USING ("id")
       WHERE ROW(new_rows.*) IS DISTINCT FROM ROW(old_rows.*)
       LIMIT 101
    ) AS changed;
  END IF;
  IF named IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(named) > 100 THEN
    PERFORM pg_notify('keyhaven_listing_changes', current_setting('application_name'));
  ELSE
    PERFORM pg_notify(
      'keyhaven_listing_changes',
      current_setting('application_name') || E'\n' || array_to_string(named, ',')
    );
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "listing_added_or_removed" ON "properties";
--> statement-breakpoint
DROP TRIGGER "listing_changed" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "listings_added" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_listings_changed"();
--> statement-breakpoint
CREATE TRIGGER "listings_removed" AFTER DELETE ON "properties" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_listings_changed"();
--> statement-breakpoint
CREATE TRIGGER "listings_changed" AFTER UPDATE ON "properties" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_listings_changed"();
