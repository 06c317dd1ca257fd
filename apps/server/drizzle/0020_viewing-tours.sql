CREATE TYPE "public"."tour_canceller" AS ENUM('buyer', 'agent', 'system');--> statement-breakpoint
CREATE TYPE "public"."tour_kind" AS ENUM('in-person', 'video');--> statement-breakpoint
CREATE TYPE "public"."tour_status" AS ENUM('pending', 'confirmed', 'rescheduled', 'declined', 'cancelled', 'completed');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'tour_requested';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'tour_confirmed';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'tour_rescheduled';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'tour_declined';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'tour_cancelled';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'tour_reminder';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'tour_completed';--> statement-breakpoint
CREATE TABLE "tour_availability" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text,
	"slot_minutes" integer DEFAULT 30 NOT NULL,
	"weekly" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"days_off" date[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_availability_slot_minutes" CHECK ("tour_availability"."slot_minutes" in (30, 45, 60, 90, 120))
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid,
	"agent_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"property_title" text NOT NULL,
	"property_location" text NOT NULL,
	"kind" "tour_kind" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" "tour_status" DEFAULT 'pending' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"proposed_starts_at" timestamp with time zone,
	"proposed_ends_at" timestamp with time zone,
	"cancel_reason" text,
	"cancelled_by" "tour_canceller",
	"decline_reason" text,
	"answered_at" timestamp with time zone,
	"reminded_24h_at" timestamp with time zone,
	"reminded_1h_at" timestamp with time zone,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tours_starts_before_ends" CHECK ("tours"."starts_at" < "tours"."ends_at"),
	CONSTRAINT "tours_proposal_complete" CHECK (("tours"."proposed_starts_at" is null) = ("tours"."proposed_ends_at" is null))
);
--> statement-breakpoint
ALTER TABLE "tour_availability" ADD CONSTRAINT "tour_availability_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tours_one_per_listing_slot_idx" ON "tours" USING btree ("property_id",coalesce(proposed_starts_at, starts_at)) WHERE "tours"."status" in ('pending', 'confirmed', 'rescheduled');--> statement-breakpoint
CREATE UNIQUE INDEX "tours_one_open_per_buyer_listing_idx" ON "tours" USING btree ("buyer_id","property_id") WHERE "tours"."status" in ('pending', 'confirmed', 'rescheduled');--> statement-breakpoint
CREATE INDEX "tours_agent_starts_idx" ON "tours" USING btree ("agent_id","starts_at");--> statement-breakpoint
CREATE INDEX "tours_buyer_starts_idx" ON "tours" USING btree ("buyer_id","starts_at");--> statement-breakpoint
CREATE INDEX "tours_property_idx" ON "tours" USING btree ("property_id");