-- A write of N items updates N zone summary rows and N base rows. Those updates are heap-only (no
-- index entries written) only when no changed column is indexed and the row's page has room for
-- the new version. The list price index made every summary price update write all four indexes
-- (a 5,000-item summary update: 200-255 ms against 64-69 ms heap-only, PostgreSQL 50 x 25,000),
-- and at fillfactor 80-85 a page had room for a fifth of its rows' new versions, so a batch over
-- neighbouring items (a department, a whole zone) went mostly to other pages. Searches by list
-- price read the zone's rows through the primary key already (the range matches too many rows
-- for the index to win); a narrow range now reads a zone's summary rows, 25,000 at most per zone.
DROP INDEX IF EXISTS "zone_items_list_idx";--> statement-breakpoint
ALTER TABLE "zone_items" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "base_items" SET (fillfactor = 50);--> statement-breakpoint
-- Rewrite both tables so the rows already there get the room too (in key order).
CLUSTER "zone_items" USING "zone_items_zone_id_item_id_pack_size_pk";--> statement-breakpoint
CLUSTER "base_items" USING "base_items_zone_id_item_id_pack_size_pk";
