ALTER TYPE "public"."offer_status" ADD VALUE 'withdrawn';--> statement-breakpoint
ALTER TYPE "public"."offer_status" ADD VALUE 'lapsed';--> statement-breakpoint
ALTER TYPE "public"."offer_status" ADD VALUE 'released';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'refund_due';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'refunded';--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "published" jsonb;--> statement-breakpoint
-- Offers accepted before deadlines existed get the full time to pay from now.
UPDATE "offers" SET "accepted_at" = "updated_at", "pay_by" = now() + interval '7 days' WHERE "status" = 'accepted';--> statement-breakpoint
-- What buyers see today of an approved listing is its approved version.
UPDATE "properties" SET "published" = jsonb_build_object('title', "title", 'description', "description", 'location', "location", 'image', "image", 'propertyType', "property_type", 'minPriceCents', "min_price_cents", 'maxPriceCents', "max_price_cents", 'bedrooms', "bedrooms", 'bathrooms', "bathrooms", 'areaSize', "area_size", 'features', to_jsonb("features")) WHERE "approval" = 'approved';--> statement-breakpoint
-- Only the newest open checkout of an offer stays payable.
UPDATE "payments" SET "status" = 'expired' WHERE "status" = 'open' AND "id" NOT IN (SELECT DISTINCT ON ("offer_id") "id" FROM "payments" WHERE "status" = 'open' AND "offer_id" IS NOT NULL ORDER BY "offer_id", "created_at" DESC, "id");--> statement-breakpoint
-- A buyer's newest website review is the one that stays.
DELETE FROM "reviews" WHERE "review_for" = 'website' AND "id" NOT IN (SELECT DISTINCT ON ("reviewer_id") "id" FROM "reviews" WHERE "review_for" = 'website' ORDER BY "reviewer_id", "posted_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "offers_pay_by_idx" ON "offers" USING btree ("pay_by") WHERE "offers"."status" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_offer_idx" ON "payments" USING btree ("offer_id") WHERE "payments"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_website_per_reviewer_idx" ON "reviews" USING btree ("reviewer_id") WHERE "reviews"."review_for" = 'website';