ALTER TYPE "public"."review_target" ADD VALUE 'agent';--> statement-breakpoint
CREATE TABLE "agent_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"service_areas" text[] DEFAULT '{}' NOT NULL,
	"show_email" boolean DEFAULT true NOT NULL,
	"show_phone" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_profiles_bio_length" CHECK (char_length("agent_profiles"."bio") <= 1000),
	CONSTRAINT "agent_profiles_areas_count" CHECK (coalesce(array_length("agent_profiles"."service_areas", 1), 0) <= 10)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "agent_id" text;--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD CONSTRAINT "agent_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_property_paid_idx" ON "payments" USING btree ("property_id","paid_at") WHERE "payments"."status" = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_buyer_agent_idx" ON "reviews" USING btree ("reviewer_id","agent_id") WHERE "reviews"."agent_id" is not null;--> statement-breakpoint
CREATE INDEX "reviews_agent_idx" ON "reviews" USING btree ("agent_id","posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."agent_id" is not null;--> statement-breakpoint
CREATE INDEX "users_agents_name_idx" ON "users" USING btree ("name","id") WHERE "users"."role" = 'agent';--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_target_matches_agent" CHECK (("reviews"."review_for"::text = 'agent') = ("reviews"."agent_id" is not null));