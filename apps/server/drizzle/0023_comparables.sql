-- Written by hand:
-- Comparables (decision 056): the pins of approved homes sold with a price here. The INCLUDE
-- columns are the pin and everything the choice of comparables filters and ranks on, so the
-- candidates of a listing are read from the index alone; their titles and photos are read for the
-- six chosen only.
CREATE INDEX "properties_sold_position_idx" ON "properties" USING gist (point("lng", "lat")) INCLUDE ("lng", "lat", "property_type", "sold_at", "sold_price_cents", "bedrooms", "bathrooms", "area_size", "agent_id", "id") WHERE "properties"."approval" = 'approved' and "properties"."availability" = 'Sold' and "properties"."sold_price_cents" is not null;
