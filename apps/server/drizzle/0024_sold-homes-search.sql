CREATE INDEX "properties_sold_recent_idx" ON "properties" USING btree ("sold_at" DESC NULLS FIRST,"id","agent_id","property_type","sold_price_cents") WHERE "properties"."approval" = 'approved' and "properties"."availability" = 'Sold';--> statement-breakpoint
-- Written by hand:
-- Sold mode's map views (decision 057), as properties_approved_position_idx answers the approved
-- listings': the INCLUDE columns are the pin and everything a sold search filters, sorts and
-- counts on (the sale's time and price among them), so its page of ids and its counts are read
-- from the index alone.
CREATE INDEX "properties_sold_position_idx" ON "properties" USING gist (point("lng", "lat")) INCLUDE ("lng", "lat", "agent_id", "sold_at", "id", "property_type", "sold_price_cents", "min_price_cents", "max_price_cents", "created_at", "bedrooms", "bathrooms", "area_size", "features") WHERE "properties"."approval" = 'approved' and "properties"."availability" = 'Sold';
