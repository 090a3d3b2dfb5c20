-- Auto-accept rules: who last changed a rule, as a user (the name and time were kept already); the rule's decisions are credited to them (docs/decisions.md).
ALTER TABLE "ou_rules" ADD COLUMN "updated_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
-- Outside updates read from store files before item IDs were upper-cased on import: such a root could be neither accepted nor rejected (404).
-- Where an upper-cased ID meets another root of the zone (same ID and pack), the newest (highest version, then id) is kept; the other roots' stores are added to it (the kept root's own store rows win) and the other roots go.
WITH affected AS (
  SELECT DISTINCT zone_id, upper(item_id) AS uid, pack_size FROM outside_updates
  WHERE source = 'Site Import' AND item_id <> upper(item_id)
), ranked AS (
  SELECT o.id, first_value(o.id) OVER (PARTITION BY o.zone_id, upper(o.item_id), o.pack_size ORDER BY o.version DESC, o.id DESC) AS keep
  FROM outside_updates o JOIN affected a ON a.zone_id = o.zone_id AND a.uid = upper(o.item_id) AND a.pack_size = o.pack_size
)
INSERT INTO outside_update_sites (update_id, site_id, kind, "values")
  SELECT r.keep, s.site_id, s.kind, s."values" FROM outside_update_sites s JOIN ranked r ON r.id = s.update_id
  WHERE r.id <> r.keep
  ON CONFLICT (update_id, site_id) DO NOTHING;--> statement-breakpoint
WITH affected AS (
  SELECT DISTINCT zone_id, upper(item_id) AS uid, pack_size FROM outside_updates
  WHERE source = 'Site Import' AND item_id <> upper(item_id)
), ranked AS (
  SELECT o.id, first_value(o.id) OVER (PARTITION BY o.zone_id, upper(o.item_id), o.pack_size ORDER BY o.version DESC, o.id DESC) AS keep
  FROM outside_updates o JOIN affected a ON a.zone_id = o.zone_id AND a.uid = upper(o.item_id) AND a.pack_size = o.pack_size
)
DELETE FROM outside_updates WHERE id IN (SELECT id FROM ranked WHERE id <> keep);--> statement-breakpoint
UPDATE outside_updates SET item_id = upper(item_id) WHERE source = 'Site Import' AND item_id <> upper(item_id);
