ALTER TABLE "properties" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "placeholder" text;--> statement-breakpoint
-- Uploads made until now have WebP at two widths only: they are redone in the background.
ALTER TABLE "uploads" ADD COLUMN "variant_set" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "variant_set" SET DEFAULT 2;--> statement-breakpoint
-- A listing's one picture becomes its first photo (its cover), with the size its upload records.
-- A picture that is not one of our uploads was never shown to buyers, so it becomes no photo.
UPDATE "properties" SET "photos" = jsonb_build_array(jsonb_build_object(
  'url', "properties"."image", 'alt', null, 'caption', null,
  'width', "uploads"."width", 'height', "uploads"."height", 'placeholder', null))
FROM "uploads"
WHERE "uploads"."storage_key" = substring("properties"."image" from '^/uploads/([a-z0-9]+)-1600\.webp$');--> statement-breakpoint
UPDATE "properties" SET "image" = null WHERE "photos" = '[]'::jsonb AND "image" IS NOT NULL;--> statement-breakpoint
-- What buyers last saw approved gets the same photos.
UPDATE "properties" SET "published" = "published" || jsonb_build_object('photos', coalesce((
  SELECT jsonb_build_array(jsonb_build_object(
    'url', "properties"."published"->>'image', 'alt', null, 'caption', null,
    'width', "uploads"."width", 'height', "uploads"."height", 'placeholder', null))
  FROM "uploads"
  WHERE "uploads"."storage_key" = substring("properties"."published"->>'image' from '^/uploads/([a-z0-9]+)-1600\.webp$')),
  '[]'::jsonb))
WHERE "published" IS NOT NULL;--> statement-breakpoint
UPDATE "properties" SET "published" = jsonb_set("published", '{image}', 'null'::jsonb)
WHERE "published" IS NOT NULL AND "published"->'photos' = '[]'::jsonb
  AND "published"->>'image' IS NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_photos_count" CHECK (jsonb_array_length("properties"."photos") <= 30);
