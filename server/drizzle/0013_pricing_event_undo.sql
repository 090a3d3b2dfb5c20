-- Pricing events: an undo event names the distributed event it restores (undo_of); a merged event's items keep the zone price they replaced (previous_unit_list), so an undo restores exactly that.
ALTER TABLE "pricing_events" ADD COLUMN "undo_of" integer REFERENCES "pricing_events"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "pricing_event_items" ADD COLUMN "previous_unit_list" numeric(12, 2);
