CREATE TYPE "public"."report_reason" AS ENUM('suspected_fraud', 'wrong_information', 'already_sold', 'offensive_content', 'other');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('open', 'dismissed', 'correction_requested', 'listing_removed', 'agent_marked_fraud');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'report_outcome';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'correction_requested';--> statement-breakpoint
CREATE TABLE "listing_daily_stats" (
	"property_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"saves" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_daily_stats_property_id_day_pk" PRIMARY KEY("property_id","day")
);
--> statement-breakpoint
CREATE TABLE "listing_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid,
	"property_title" text NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" "report_reason" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" "report_status" DEFAULT 'open' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_reports_note_length" CHECK (char_length("listing_reports"."note") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "listing_view_keys" (
	"day" date NOT NULL,
	"property_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	CONSTRAINT "listing_view_keys_day_property_id_visitor_key_pk" PRIMARY KEY("day","property_id","visitor_key")
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "held_by_reports" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "correction_note" text;--> statement-breakpoint
ALTER TABLE "listing_daily_stats" ADD CONSTRAINT "listing_daily_stats_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_reports_one_open_idx" ON "listing_reports" USING btree ("property_id","reporter_id") WHERE "listing_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "listing_reports_open_idx" ON "listing_reports" USING btree ("property_id","created_at") WHERE "listing_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "listing_reports_reporter_idx" ON "listing_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_trgm_idx" ON "audit_log" USING gin ("actor_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offers_created_idx" ON "offers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "offers_accepted_at_idx" ON "offers" USING btree ("accepted_at") WHERE "offers"."accepted_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "properties_pending_since_idx" ON "properties" USING btree ("updated_at","id") WHERE "properties"."approval" = 'pending';--> statement-breakpoint
CREATE INDEX "properties_created_location_idx" ON "properties" USING btree ("created_at","location");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","role");--> statement-breakpoint
UPDATE "audit_log" SET "before" = jsonb_build_object('role', "details"->'from'), "after" = jsonb_build_object('role', "details"->'to') WHERE "action" = 'user.role_changed';--> statement-breakpoint
UPDATE "audit_log" SET "before" = jsonb_build_object('approval', "details"->'from'), "after" = jsonb_build_object('approval', "details"->'to') WHERE "action" = 'property.approval_changed';--> statement-breakpoint
UPDATE "audit_log" SET "before" = "details" WHERE "action" IN ('user.deleted', 'property.deleted', 'review.deleted', 'message.removed');--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
