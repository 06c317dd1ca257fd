-- While a listing with an accepted offer waits for an admin's review (held by reports, a
-- correction asked for, a rejection), its buyer cannot pay, so the payment deadline stands still
-- from this moment and resumes with the time that was left; the lapse sweep passes it by.
ALTER TABLE "offers" ADD COLUMN "payment_paused_at" timestamp with time zone;
--> statement-breakpoint
-- The buyer and the agent are told when the deadline pauses and when it resumes.
ALTER TYPE "public"."notification_kind" ADD VALUE 'payment_deadline_changed' BEFORE 'payment_confirmed';
