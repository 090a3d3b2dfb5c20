-- Negotiated cost headers get a version, as item rows have: a header save names the version it read and a stale one is refused (docs/decisions.md "Issue 23").
ALTER TABLE "negotiated_cost_headers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The report finds the headers of a zone and vendor in force on a date.
CREATE INDEX "negotiated_cost_headers_zone_vendor_idx" ON "negotiated_cost_headers" USING btree ("zone_id","vendor_id","effective_date");--> statement-breakpoint
CREATE INDEX "negotiated_cost_items_item_idx" ON "negotiated_cost_items" USING btree ("item_id","pack_size");--> statement-breakpoint
CREATE INDEX "invoices_vendor_date_idx" ON "invoices" USING btree ("vendor_id","invoice_date");
