-- Vendor Import (issue 21): the files already imported (by SHA-256: one is never imported twice), the vendor's suggested retail and the list price at the item's current margin on an outside update root, and one setup per source, site, mask and zone.
CREATE TABLE "vendor_imported_files" (
  "id" serial PRIMARY KEY,
  "sha256" text NOT NULL,
  "file_name" text NOT NULL,
  "setup_id" integer REFERENCES "vendor_import_setups"("id") ON DELETE SET NULL,
  "transfer_id" integer REFERENCES "transfers"("id") ON DELETE SET NULL,
  "items" integer NOT NULL DEFAULT 0,
  "imported_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_imported_files_sha_uq" ON "vendor_imported_files" ("sha256");--> statement-breakpoint
ALTER TABLE "outside_updates" ADD COLUMN "vendor_list" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "outside_updates" ADD COLUMN "margin_list" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "outside_updates" ADD COLUMN "vendor_item" text;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_import_setups_uq" ON "vendor_import_setups" ("source_type", "site_id", "file_mask", "zone_id");
