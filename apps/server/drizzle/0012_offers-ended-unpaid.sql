-- A buyer whose accepted offer lapsed unpaid or was released, and the listing's agent, are told.
ALTER TYPE "public"."notification_kind" ADD VALUE 'offer_ended_unpaid' BEFORE 'payment_confirmed';