CREATE TABLE "open_houses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"local_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_houses_starts_before_ends" CHECK ("open_houses"."starts_at" < "open_houses"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "open_houses" ADD CONSTRAINT "open_houses_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_houses_property_starts_idx" ON "open_houses" USING btree ("property_id","starts_at");--> statement-breakpoint
CREATE INDEX "open_houses_local_date_idx" ON "open_houses" USING btree ("local_date","property_id");--> statement-breakpoint
-- Hand-written below: an open house added or removed changes its listing's card (the badge, the
-- "Open house this weekend" filter), so the listing's change is announced as the listings' own
-- changes are (0014), naming the listings, and every server process forgets their cards.
CREATE FUNCTION "announce_open_house_listings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  named text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(property_id::text) INTO named FROM (SELECT DISTINCT property_id FROM new_rows LIMIT 101) AS changed;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(property_id::text) INTO named FROM (SELECT DISTINCT property_id FROM old_rows LIMIT 101) AS changed;
  ELSE
    SELECT array_agg(property_id::text) INTO named FROM (
      SELECT DISTINCT property_id FROM (SELECT property_id FROM new_rows UNION SELECT property_id FROM old_rows) AS both_sides LIMIT 101
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
CREATE TRIGGER "open_houses_added" AFTER INSERT ON "open_houses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_open_house_listings_changed"();
--> statement-breakpoint
CREATE TRIGGER "open_houses_removed" AFTER DELETE ON "open_houses" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_open_house_listings_changed"();
--> statement-breakpoint
CREATE TRIGGER "open_houses_changed" AFTER UPDATE ON "open_houses" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_open_house_listings_changed"();
