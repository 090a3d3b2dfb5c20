-- Current Prices Report: each Apply keeps the prices it replaced per store, so Undo can put them back
-- (refused when the item's zone UpdateKey moved since: a store changed after the Apply).
CREATE TABLE "current_price_applies" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL REFERENCES "zones"("id") ON DELETE CASCADE,
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	"user_name" text NOT NULL,
	"price" numeric(9, 2) NOT NULL,
	"before" jsonb NOT NULL,
	"update_key" bigint NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "current_price_applies_item_idx" ON "current_price_applies" ("zone_id", "item_id", "pack_size", "id");
