CREATE TABLE "listing_decision_days" (
	"day" date PRIMARY KEY NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "listing_decision_days" ("day", "approved", "rejected")
SELECT ("created_at" AT TIME ZONE 'UTC')::date,
  count(*) FILTER (WHERE "after"->>'approval' = 'approved'),
  count(*) FILTER (WHERE "after"->>'approval' = 'rejected')
FROM "audit_log"
WHERE "action" = 'property.approval_changed'
GROUP BY 1;
