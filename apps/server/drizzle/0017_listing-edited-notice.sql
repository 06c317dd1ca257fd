-- A listing's agent is told when an admin has edited the listing (the edit is live at once).
ALTER TYPE "public"."notification_kind" ADD VALUE 'listing_edited' AFTER 'listing_rejected';
