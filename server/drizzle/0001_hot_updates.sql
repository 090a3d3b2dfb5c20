DROP INDEX "site_items_pending_idx";--> statement-breakpoint
-- Leave room in each page so price and version updates are heap-only (no index writes).
ALTER TABLE "site_items" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "zone_items" SET (fillfactor = 85);
