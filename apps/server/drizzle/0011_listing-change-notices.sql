-- Every change to what public listing pages show is announced on one channel, with the writer's
-- application name, once its transaction commits: each server process empties its caches when
-- another process (or anyone at all, by SQL) changed listings, rather than trusting them only for
-- SEARCH_CACHE_SECONDS. PostgreSQL sends one notice per transaction for the same channel and text.
CREATE FUNCTION "announce_listing_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('keyhaven_listing_changes', current_setting('application_name'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "listing_added_or_removed" AFTER INSERT OR DELETE ON "properties" FOR EACH ROW EXECUTE FUNCTION "announce_listing_change"();
--> statement-breakpoint
CREATE TRIGGER "listing_changed" AFTER UPDATE ON "properties" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "announce_listing_change"();
--> statement-breakpoint
CREATE TRIGGER "listings_emptied" AFTER TRUNCATE ON "properties" FOR EACH STATEMENT EXECUTE FUNCTION "announce_listing_change"();
--> statement-breakpoint
-- An agent's name and e-mail are on their listings, and a fraud agent's listings leave the public.
CREATE TRIGGER "agent_changed" AFTER UPDATE ON "users" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email" OR OLD."role" IS DISTINCT FROM NEW."role") EXECUTE FUNCTION "announce_listing_change"();
--> statement-breakpoint
CREATE TRIGGER "agent_removed" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "announce_listing_change"();
