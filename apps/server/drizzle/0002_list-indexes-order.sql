DROP INDEX "properties_public_newest_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "offers_buyer_idx";--> statement-breakpoint
DROP INDEX "properties_agent_idx";--> statement-breakpoint
DROP INDEX "reviews_property_idx";--> statement-breakpoint
DROP INDEX "reviews_target_posted_idx";--> statement-breakpoint
DROP INDEX "reviews_reviewer_idx";--> statement-breakpoint
CREATE INDEX "properties_newest_idx" ON "properties" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "properties_approval_newest_idx" ON "properties" USING btree ("approval","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "properties_open_newest_idx" ON "properties" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "properties"."approval" = 'approved' and "properties"."availability" = 'Available';--> statement-breakpoint
CREATE INDEX "properties_open_type_newest_idx" ON "properties" USING btree ("property_type","created_at" DESC NULLS FIRST,"id") WHERE "properties"."approval" = 'approved' and "properties"."availability" = 'Available';--> statement-breakpoint
CREATE INDEX "properties_open_max_price_idx" ON "properties" USING btree ("max_price_cents" DESC NULLS FIRST,"id") WHERE "properties"."approval" = 'approved' and "properties"."availability" = 'Available';--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offers_buyer_idx" ON "offers" USING btree ("buyer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "properties_agent_idx" ON "properties" USING btree ("agent_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "reviews_property_idx" ON "reviews" USING btree ("property_id","posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_target_posted_idx" ON "reviews" USING btree ("review_for","posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_reviewer_idx" ON "reviews" USING btree ("reviewer_id","posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);