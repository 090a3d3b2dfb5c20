CREATE SEQUENCE "public"."site_item_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "site_items" ALTER COLUMN "version" SET DEFAULT nextval('site_item_version_seq');--> statement-breakpoint
-- UpdateKeys were sums of per-row counters. Move every version above every key handed out so far
-- (pending rows stay pending, distributed ones stay distributed), so no new key equals an old one.
WITH o AS (
  SELECT greatest((SELECT coalesce(max(version), 0) FROM site_items),
    (SELECT coalesce(max(update_key), 0) FROM zone_items)) + 1 AS n)
UPDATE site_items SET version = version + o.n,
  distributed_version = CASE WHEN distributed_version >= version THEN version + o.n ELSE distributed_version END
FROM o;--> statement-breakpoint
SELECT setval('site_item_version_seq', (SELECT coalesce(max(version), 0) + 1 FROM site_items));--> statement-breakpoint
-- The key is now the largest version of the zone's rows of the item, removed ones included.
UPDATE zone_items zi SET update_key = k.key
FROM (
  SELECT zs.zone_id, si.item_id, si.pack_size, max(si.version) AS key
  FROM site_items si JOIN zone_sites zs ON zs.site_id = si.site_id
  GROUP BY zs.zone_id, si.item_id, si.pack_size) k
WHERE k.zone_id = zi.zone_id AND k.item_id = zi.item_id AND k.pack_size = zi.pack_size;
