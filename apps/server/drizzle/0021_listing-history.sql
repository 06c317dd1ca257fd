CREATE TYPE "public"."listing_event_kind" AS ENUM('created', 'listed', 'price_changed', 'under_offer', 'back_on_market', 'sold', 'approved', 'rejected', 'sent_for_review', 'open_house');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'saved_home_price_changed';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'saved_home_under_offer';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'saved_home_back_on_market';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'saved_home_sold';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'saved_home_open_house';--> statement-breakpoint
CREATE TABLE "listing_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"property_id" uuid NOT NULL,
	"kind" "listing_event_kind" NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"min_price_cents" bigint,
	"max_price_cents" bigint,
	"previous_min_price_cents" bigint,
	"previous_max_price_cents" bigint,
	"sale_price_cents" bigint,
	"open_house_id" uuid,
	"announced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "sold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "sold_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_events_property_idx" ON "listing_events" USING btree ("property_id","id");--> statement-breakpoint
CREATE INDEX "listing_events_unannounced_idx" ON "listing_events" USING btree ("id") WHERE "listing_events"."announced_at" is null;--> statement-breakpoint
-- Written by hand:
-- The homes already sold keep what their sale said: the paid payment's amount and time, or, for
-- a home its agent marked sold without a sale here, no price and the time of its last change.
UPDATE "properties" AS p SET "sold_at" = s."paid_at", "sold_price_cents" = s."amount_cents"
  FROM (
    SELECT DISTINCT ON ("property_id") "property_id", coalesce("paid_at", "created_at") AS "paid_at", "amount_cents"
      FROM "payments" WHERE "status" = 'paid' AND "property_id" IS NOT NULL
      ORDER BY "property_id", "paid_at" DESC NULLS LAST
  ) AS s
  WHERE s."property_id" = p."id" AND p."availability" = 'Sold';
--> statement-breakpoint
UPDATE "properties" SET "sold_at" = "updated_at" WHERE "availability" = 'Sold' AND "sold_at" IS NULL;
--> statement-breakpoint
-- The history before this migration, from what was kept: each listing's creation, its first
-- approval (the audit trail's, else its creation), accepted offers (under offer, and back on the
-- market when the sale then fell through) and sales. Written in time order and marked as already
-- told, so nobody is alerted of the past.
INSERT INTO "listing_events" ("property_id", "kind", "occurred_at", "min_price_cents", "max_price_cents", "sale_price_cents", "announced_at")
SELECT "property_id", "kind", "occurred_at", "min_price_cents", "max_price_cents", "sale_price_cents", now()
  FROM (
    SELECT p."id" AS "property_id", 'created'::listing_event_kind AS "kind", p."created_at" AS "occurred_at",
           p."min_price_cents", p."max_price_cents", NULL::bigint AS "sale_price_cents", 1 AS "ord"
      FROM "properties" p
    UNION ALL
    SELECT p."id", 'listed', coalesce(
             (SELECT min(a."created_at") FROM "audit_log" a
               WHERE a."target_type" = 'property' AND a."target_id" = p."id"::text
                 AND a."action" = 'property.approval_changed' AND a."details"->>'to' = 'approved'),
             p."created_at"),
           (p."published"->>'minPriceCents')::bigint, (p."published"->>'maxPriceCents')::bigint, NULL, 2
      FROM "properties" p WHERE p."published" IS NOT NULL
    UNION ALL
    SELECT o."property_id", 'under_offer', o."accepted_at", NULL, NULL, NULL, 3
      FROM "offers" o WHERE o."accepted_at" IS NOT NULL
    UNION ALL
    SELECT o."property_id", 'back_on_market', o."updated_at", NULL, NULL, NULL, 4
      FROM "offers" o WHERE o."accepted_at" IS NOT NULL AND o."status"::text IN ('lapsed', 'released')
    UNION ALL
    SELECT p."id", 'sold', p."sold_at", NULL, NULL, p."sold_price_cents", 5
      FROM "properties" p WHERE p."availability" = 'Sold'
  ) AS "history"
  ORDER BY "occurred_at", "ord", "property_id";
--> statement-breakpoint
-- A home's sale is kept on its row as availability becomes Sold, by whichever writer: when and
-- for how much (the paid offer's amount; none when its agent marked it sold without a sale here).
-- A home offered again forgets it.
CREATE FUNCTION "stamp_listing_sale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."availability" <> 'Sold' THEN
    NEW."sold_at" := NULL;
    NEW."sold_price_cents" := NULL;
  ELSIF TG_OP = 'INSERT' OR OLD."availability" <> 'Sold' THEN
    NEW."sold_at" := coalesce(NEW."sold_at", now());
    NEW."sold_price_cents" := coalesce(
      NEW."sold_price_cents",
      (SELECT "amount_cents" FROM "offers" WHERE "property_id" = NEW."id" AND "status" = 'paid' LIMIT 1)
    );
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "listing_sale_stamped_on_insert" BEFORE INSERT ON "properties" FOR EACH ROW EXECUTE FUNCTION "stamp_listing_sale"();
--> statement-breakpoint
CREATE TRIGGER "listing_sale_stamped" BEFORE UPDATE OF "availability" ON "properties" FOR EACH ROW EXECUTE FUNCTION "stamp_listing_sale"();
--> statement-breakpoint
-- Every change of a listing's price as buyers see it (its last approved content), availability or
-- approval is written as one event each, in the statement that makes it: whoever writes (a route,
-- a job, a person by SQL), the history has it, and two edits of one listing are written in the
-- order their row locks let them commit. One statement that changes several of these writes
-- approval, then price, then availability. A listing inserted is created (and listed, under offer
-- or sold when it is inserted so, as seeds and imports do); nobody has saved it yet, so those are
-- marked told.
CREATE FUNCTION "record_listing_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "listing_events" ("property_id", "kind", "occurred_at", "min_price_cents", "max_price_cents", "sale_price_cents", "announced_at")
    SELECT n."id", e."kind", e."occurred_at", e."min_price", e."max_price", e."sale_price", now()
      FROM new_rows n CROSS JOIN LATERAL (VALUES
        (1, 'created'::listing_event_kind, n."created_at", n."min_price_cents", n."max_price_cents", NULL::bigint),
        (2, CASE WHEN n."approval" = 'approved' THEN 'listed'::listing_event_kind END, n."created_at",
            coalesce((n."published"->>'minPriceCents')::bigint, n."min_price_cents"),
            coalesce((n."published"->>'maxPriceCents')::bigint, n."max_price_cents"), NULL),
        (3, CASE n."availability" WHEN 'Pending' THEN 'under_offer'::listing_event_kind
                                  WHEN 'Sold' THEN 'sold'::listing_event_kind END,
            coalesce(n."sold_at", n."created_at"), NULL, NULL, n."sold_price_cents")
      ) AS e("ord", "kind", "occurred_at", "min_price", "max_price", "sale_price")
      WHERE e."kind" IS NOT NULL
      ORDER BY n."created_at", n."id", e."ord";
  ELSE
    INSERT INTO "listing_events" ("property_id", "kind", "min_price_cents", "max_price_cents", "previous_min_price_cents", "previous_max_price_cents", "sale_price_cents")
    SELECT n."id", e."kind", e."min_price", e."max_price", e."previous_min", e."previous_max", e."sale_price"
      FROM new_rows n JOIN old_rows o USING ("id") CROSS JOIN LATERAL (VALUES
        (1, CASE WHEN o."published" IS NULL AND n."published" IS NOT NULL THEN 'listed'::listing_event_kind
                 WHEN o."approval" = n."approval" THEN NULL
                 WHEN n."approval" = 'approved' THEN 'approved'::listing_event_kind
                 WHEN n."approval" = 'rejected' THEN 'rejected'::listing_event_kind
                 ELSE 'sent_for_review'::listing_event_kind END,
            (n."published"->>'minPriceCents')::bigint, (n."published"->>'maxPriceCents')::bigint, NULL::bigint, NULL::bigint, NULL::bigint),
        (2, CASE WHEN o."published" IS NOT NULL AND n."published" IS NOT NULL
                  AND ((o."published"->>'minPriceCents')::bigint, (o."published"->>'maxPriceCents')::bigint)
                      IS DISTINCT FROM ((n."published"->>'minPriceCents')::bigint, (n."published"->>'maxPriceCents')::bigint)
                 THEN 'price_changed'::listing_event_kind END,
            (n."published"->>'minPriceCents')::bigint, (n."published"->>'maxPriceCents')::bigint,
            (o."published"->>'minPriceCents')::bigint, (o."published"->>'maxPriceCents')::bigint, NULL),
        (3, CASE WHEN o."availability" = n."availability" THEN NULL
                 WHEN n."availability" = 'Pending' THEN 'under_offer'::listing_event_kind
                 WHEN n."availability" = 'Sold' THEN 'sold'::listing_event_kind
                 ELSE 'back_on_market'::listing_event_kind END,
            NULL, NULL, NULL, NULL, n."sold_price_cents")
      ) AS e("ord", "kind", "min_price", "max_price", "previous_min", "previous_max", "sale_price")
      WHERE e."kind" IS NOT NULL
      ORDER BY n."id", e."ord";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "listing_events_on_insert" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_listing_events"();
--> statement-breakpoint
CREATE TRIGGER "listing_events_on_update" AFTER UPDATE ON "properties" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_listing_events"();
--> statement-breakpoint
-- An open house added is an event of its listing too: the buyers who saved the home hear of it.
CREATE FUNCTION "record_open_house_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "listing_events" ("property_id", "kind", "open_house_id")
  SELECT "property_id", 'open_house', "id" FROM new_rows ORDER BY "starts_at", "id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "open_house_events" AFTER INSERT ON "open_houses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_open_house_events"();
