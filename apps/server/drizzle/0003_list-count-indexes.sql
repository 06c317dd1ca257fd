DROP INDEX "properties_approval_newest_idx";--> statement-breakpoint
DROP INDEX "properties_open_newest_idx";--> statement-breakpoint
DROP INDEX "properties_open_type_newest_idx";--> statement-breakpoint
CREATE INDEX "properties_approved_facets_idx" ON "properties" USING btree ("property_type","availability","min_price_cents","max_price_cents","agent_id") WHERE "properties"."approval" = 'approved';--> statement-breakpoint
CREATE INDEX "properties_title_trgm_idx" ON "properties" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_approval_newest_idx" ON "properties" USING btree ("approval","created_at" DESC NULLS FIRST,"id","agent_id");--> statement-breakpoint
CREATE INDEX "properties_open_newest_idx" ON "properties" USING btree ("created_at" DESC NULLS FIRST,"id","agent_id","min_price_cents","max_price_cents","location") WHERE "properties"."approval" = 'approved' and "properties"."availability" = 'Available';--> statement-breakpoint
CREATE INDEX "properties_open_type_newest_idx" ON "properties" USING btree ("property_type","created_at" DESC NULLS FIRST,"id","agent_id","min_price_cents","max_price_cents","location") WHERE "properties"."approval" = 'approved' and "properties"."availability" = 'Available';