-- Whether the summary's fields without a kept flag agree at every store (null until the next refresh):
-- a whole-zone write can then tell the overall uniform flag without reading the stores' rows.
ALTER TABLE "zone_items" ADD COLUMN "others_uniform" boolean;
