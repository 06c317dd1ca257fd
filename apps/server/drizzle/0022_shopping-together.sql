CREATE TYPE "public"."home_reaction" AS ENUM('up', 'down');--> statement-breakpoint
CREATE TYPE "public"."shared_invitation_status" AS ENUM('pending', 'accepted', 'declined', 'revoked');--> statement-breakpoint
CREATE TYPE "public"."shared_note_visibility" AS ENUM('private', 'shared');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'shared_list_joined';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'shared_list_left';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'shared_home_added';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'shared_home_removed';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'shared_note_added';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'shared_home_reaction';--> statement-breakpoint
CREATE TABLE "shared_home_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"visibility" "shared_note_visibility" NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_home_notes_body_length" CHECK (char_length("shared_home_notes"."body") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "shared_home_reactions" (
	"list_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"reaction" "home_reaction" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_home_reactions_list_id_property_id_user_id_pk" PRIMARY KEY("list_id","property_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "shared_wishlist_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"invited_by" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text,
	"status" "shared_invitation_status" DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_wishlist_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "shared_wishlist_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_wishlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shared_home_notes" ADD CONSTRAINT "shared_home_notes_list_id_shared_wishlists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."shared_wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_home_notes" ADD CONSTRAINT "shared_home_notes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_home_notes" ADD CONSTRAINT "shared_home_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_home_reactions" ADD CONSTRAINT "shared_home_reactions_list_id_shared_wishlists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."shared_wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_home_reactions" ADD CONSTRAINT "shared_home_reactions_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_home_reactions" ADD CONSTRAINT "shared_home_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_wishlist_invitations" ADD CONSTRAINT "shared_wishlist_invitations_list_id_shared_wishlists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."shared_wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_wishlist_invitations" ADD CONSTRAINT "shared_wishlist_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_wishlist_members" ADD CONSTRAINT "shared_wishlist_members_list_id_shared_wishlists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."shared_wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_wishlist_members" ADD CONSTRAINT "shared_wishlist_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_home_notes_list_property_idx" ON "shared_home_notes" USING btree ("list_id","property_id","created_at");--> statement-breakpoint
CREATE INDEX "shared_home_notes_author_idx" ON "shared_home_notes" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "shared_home_reactions_user_idx" ON "shared_home_reactions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shared_wishlist_invitations_list_idx" ON "shared_wishlist_invitations" USING btree ("list_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_wishlist_invitations_one_pending_idx" ON "shared_wishlist_invitations" USING btree ("list_id","email") WHERE "shared_wishlist_invitations"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "shared_wishlist_members_user_idx" ON "shared_wishlist_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shared_wishlist_members_list_idx" ON "shared_wishlist_members" USING btree ("list_id","joined_at");