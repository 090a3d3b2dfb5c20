CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"zone_id" integer NOT NULL,
	"dept" integer NOT NULL,
	"sub" integer NOT NULL,
	"dept_name" text NOT NULL,
	"sub_name" text NOT NULL,
	"item_type_name" text DEFAULT 'I' NOT NULL,
	CONSTRAINT "departments_zone_id_dept_sub_pk" PRIMARY KEY("zone_id","dept","sub"),
	CONSTRAINT "departments_sub_range" CHECK ("departments"."sub" between 0 and 99)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	"description" text,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_cost" numeric(14, 4) NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_line_no_pk" PRIMARY KEY("invoice_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"site_id" integer NOT NULL,
	"invoice_no" text NOT NULL,
	"invoice_date" date NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_group_members" (
	"item_group_id" varchar(28) NOT NULL,
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	CONSTRAINT "item_group_members_item_group_id_item_id_pack_size_pk" PRIMARY KEY("item_group_id","item_id","pack_size")
);
--> statement-breakpoint
CREATE TABLE "item_groups" (
	"id" varchar(28) PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"dept" integer,
	"sub" integer,
	"unit_list" numeric(12, 2),
	"values_after" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_links" (
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	"link_item_id" text NOT NULL,
	"link_pack_size" integer NOT NULL,
	"unit" text,
	"unit_qty" numeric(12, 4),
	"qty" numeric(12, 4) NOT NULL,
	CONSTRAINT "item_links_item_id_pack_size_link_item_id_link_pack_size_pk" PRIMARY KEY("item_id","pack_size","link_item_id","link_pack_size")
);
--> statement-breakpoint
CREATE TABLE "item_types" (
	"type" char(1) PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_uoms" (
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	"unit" text NOT NULL,
	"qty" numeric(12, 4) NOT NULL,
	CONSTRAINT "item_uoms_item_id_pack_size_unit_pk" PRIMARY KEY("item_id","pack_size","unit")
);
--> statement-breakpoint
CREATE TABLE "item_vendor_numbers" (
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	"vendor_id" text NOT NULL,
	"vendor_item" text NOT NULL,
	CONSTRAINT "item_vendor_numbers_item_id_pack_size_vendor_id_pk" PRIMARY KEY("item_id","pack_size","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	"upc_code" text,
	"upc_pack_size" integer DEFAULT 1 NOT NULL,
	"recipe_instructions" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_item_id_pack_size_pk" PRIMARY KEY("item_id","pack_size"),
	CONSTRAINT "items_pack_min" CHECK ("items"."pack_size" >= 1 and "items"."upc_pack_size" >= 1)
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "negotiated_cost_headers" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"vendor_id" text NOT NULL,
	"label" text NOT NULL,
	"cost" numeric(14, 4) NOT NULL,
	"effective_date" date NOT NULL,
	"expiration_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "negotiated_cost_items" (
	"header_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	CONSTRAINT "negotiated_cost_items_header_id_item_id_pack_size_pk" PRIMARY KEY("header_id","item_id","pack_size")
);
--> statement-breakpoint
CREATE TABLE "outside_update_sites" (
	"update_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"values" jsonb,
	CONSTRAINT "outside_update_sites_update_id_site_id_pk" PRIMARY KEY("update_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "outside_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	"source" text NOT NULL,
	"vendor_id" text,
	"upc_code" text,
	"upc_pack_size" integer,
	"description" varchar(35),
	"receipt_description" varchar(35),
	"inv_type" char(1),
	"dept" integer,
	"sub" integer,
	"unit_list" numeric(12, 2),
	"unit_cost" numeric(14, 4),
	"tax_group_id" integer,
	"redemption_id" integer,
	"active" boolean,
	"min_on_hand" integer,
	"max_on_hand" integer,
	"min_purchase_qty" integer,
	"item_groups" jsonb,
	"change_flds" integer DEFAULT 0 NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"cost_variance_flag" boolean DEFAULT false NOT NULL,
	"action" text DEFAULT 'noaction' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preferences" (
	"user_id" integer NOT NULL,
	"pref_id" smallint NOT NULL,
	"pref_value" boolean,
	"pref_int" integer,
	"pref_string" text,
	CONSTRAINT "preferences_user_id_pref_id_pk" PRIMARY KEY("user_id","pref_id"),
	CONSTRAINT "preferences_id_range" CHECK ("preferences"."pref_id" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "pricing_event_items" (
	"event_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	"future_unit_list" numeric(12, 2) NOT NULL,
	"update_key" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "pricing_event_items_event_id_item_id_pack_size_pk" PRIMARY KEY("event_id","item_id","pack_size")
);
--> statement-breakpoint
CREATE TABLE "pricing_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"name" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"error" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"distributed_at" timestamp with time zone,
	CONSTRAINT "pricing_events_status_range" CHECK ("pricing_events"."status" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "redemption_zones" (
	"zone_id" integer NOT NULL,
	"redemption_id" integer NOT NULL,
	CONSTRAINT "redemption_zones_zone_id_redemption_id_pk" PRIMARY KEY("zone_id","redemption_id")
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" integer PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_items" (
	"site_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	"description" varchar(35) NOT NULL,
	"receipt_description" varchar(35),
	"inv_type" char(1) DEFAULT 'I' NOT NULL,
	"dept" integer NOT NULL,
	"sub" integer NOT NULL,
	"unit_list" numeric(12, 2) DEFAULT '0' NOT NULL,
	"unit_cost" numeric(14, 4) DEFAULT '0' NOT NULL,
	"tax_group_id" integer,
	"redemption_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"min_on_hand" integer,
	"max_on_hand" integer,
	"min_purchase_qty" integer,
	"vendor_id" text,
	"send_to_pos" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"distributed_version" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "site_items_site_id_item_id_pack_size_pk" PRIMARY KEY("site_id","item_id","pack_size"),
	CONSTRAINT "site_items_inv_type" CHECK ("site_items"."inv_type" in ('I','S','X'))
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_no" integer NOT NULL,
	"name" text NOT NULL,
	"exchange_dir" text,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "sites_site_no_range" CHECK ("sites"."site_no" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "tax_groups" (
	"zone_id" integer NOT NULL,
	"id" integer NOT NULL,
	"description" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_groups_zone_id_id_pk" PRIMARY KEY("zone_id","id")
);
--> statement-breakpoint
CREATE TABLE "tax_levels" (
	"zone_id" integer NOT NULL,
	"tax_group_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"rate" numeric(7, 4) NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "tax_levels_zone_id_tax_group_id_level_id_pk" PRIMARY KEY("zone_id","tax_group_id","level_id")
);
--> statement-breakpoint
CREATE TABLE "transfer_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"result" jsonb
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_name" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"log" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uoms" (
	"unit" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_zones" (
	"user_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	CONSTRAINT "user_zones_user_id_zone_id_pk" PRIMARY KEY("user_id","zone_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"display_name" text,
	"email" text,
	"password_hash" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_import_setups" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_type" text NOT NULL,
	"site_id" integer NOT NULL,
	"file_mask" text NOT NULL,
	"label" text NOT NULL,
	"vendor_zone" text NOT NULL,
	"zone_id" integer NOT NULL,
	"vendor_id" text NOT NULL,
	"cdb_vendor_id" text
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"source_type" text
);
--> statement-breakpoint
CREATE TABLE "zone_items" (
	"zone_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	"upc_code" text,
	"upc_pack_size" integer DEFAULT 1 NOT NULL,
	"description" varchar(35) NOT NULL,
	"receipt_description" varchar(35),
	"inv_type" char(1) NOT NULL,
	"dept" integer NOT NULL,
	"sub" integer NOT NULL,
	"unit_list" numeric(12, 2) NOT NULL,
	"unit_cost" numeric(14, 4) NOT NULL,
	"margin" numeric(10, 3),
	"tax_group_id" integer,
	"redemption_id" integer,
	"active" boolean NOT NULL,
	"min_on_hand" integer,
	"max_on_hand" integer,
	"min_purchase_qty" integer,
	"vendor_id" text,
	"send_to_pos" boolean NOT NULL,
	"site_count" integer NOT NULL,
	"is_price_uniform" boolean NOT NULL,
	"is_cost_uniform" boolean NOT NULL,
	"is_dept_sub_uniform" boolean NOT NULL,
	"is_desc_uniform" boolean NOT NULL,
	"is_uniform" boolean NOT NULL,
	"update_key" bigint NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zone_items_zone_id_item_id_pack_size_pk" PRIMARY KEY("zone_id","item_id","pack_size")
);
--> statement-breakpoint
CREATE TABLE "zone_sites" (
	"zone_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"priority" integer NOT NULL,
	CONSTRAINT "zone_sites_zone_id_site_id_pk" PRIMARY KEY("zone_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_no" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_group_members" ADD CONSTRAINT "item_group_members_item_group_id_item_groups_id_fk" FOREIGN KEY ("item_group_id") REFERENCES "public"."item_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_uoms" ADD CONSTRAINT "item_uoms_unit_uoms_unit_fk" FOREIGN KEY ("unit") REFERENCES "public"."uoms"("unit") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_vendor_numbers" ADD CONSTRAINT "item_vendor_numbers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiated_cost_headers" ADD CONSTRAINT "negotiated_cost_headers_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiated_cost_headers" ADD CONSTRAINT "negotiated_cost_headers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiated_cost_items" ADD CONSTRAINT "negotiated_cost_items_header_id_negotiated_cost_headers_id_fk" FOREIGN KEY ("header_id") REFERENCES "public"."negotiated_cost_headers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_update_sites" ADD CONSTRAINT "outside_update_sites_update_id_outside_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."outside_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_update_sites" ADD CONSTRAINT "outside_update_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_updates" ADD CONSTRAINT "outside_updates_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferences" ADD CONSTRAINT "preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_event_items" ADD CONSTRAINT "pricing_event_items_event_id_pricing_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."pricing_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_events" ADD CONSTRAINT "pricing_events_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_zones" ADD CONSTRAINT "redemption_zones_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_zones" ADD CONSTRAINT "redemption_zones_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_items" ADD CONSTRAINT "site_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_groups" ADD CONSTRAINT "tax_groups_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_tasks" ADD CONSTRAINT "transfer_tasks_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_tasks" ADD CONSTRAINT "transfer_tasks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_zones" ADD CONSTRAINT "user_zones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_zones" ADD CONSTRAINT "user_zones_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_import_setups" ADD CONSTRAINT "vendor_import_setups_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_import_setups" ADD CONSTRAINT "vendor_import_setups_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_import_setups" ADD CONSTRAINT "vendor_import_setups_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_items" ADD CONSTRAINT "zone_items_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_sites" ADD CONSTRAINT "zone_sites_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_sites" ADD CONSTRAINT "zone_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_uq" ON "invoices" USING btree ("vendor_id","site_id","invoice_no");--> statement-breakpoint
CREATE INDEX "item_group_members_item_idx" ON "item_group_members" USING btree ("item_id","pack_size");--> statement-breakpoint
CREATE INDEX "item_history_item_idx" ON "item_history" USING btree ("item_id","pack_size","changed_at");--> statement-breakpoint
CREATE INDEX "item_vendor_numbers_vendor_idx" ON "item_vendor_numbers" USING btree ("vendor_id","vendor_item");--> statement-breakpoint
CREATE INDEX "items_upc_idx" ON "items" USING btree ("upc_code");--> statement-breakpoint
CREATE UNIQUE INDEX "outside_updates_zone_item_uq" ON "outside_updates" USING btree ("zone_id","item_id","pack_size");--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_events_zone_name_at_uq" ON "pricing_events" USING btree ("zone_id","name","effective_at");--> statement-breakpoint
CREATE INDEX "pricing_events_status_idx" ON "pricing_events" USING btree ("status","effective_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "site_items_item_idx" ON "site_items" USING btree ("item_id","pack_size");--> statement-breakpoint
CREATE INDEX "site_items_pending_idx" ON "site_items" USING btree ("site_id") WHERE "site_items"."version" > "site_items"."distributed_version";--> statement-breakpoint
CREATE UNIQUE INDEX "sites_site_no_uq" ON "sites" USING btree ("site_no");--> statement-breakpoint
CREATE INDEX "transfer_tasks_status_idx" ON "transfer_tasks" USING btree ("status","transfer_id");--> statement-breakpoint
CREATE INDEX "transfers_status_idx" ON "transfers" USING btree ("kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_uq" ON "users" USING btree (lower("user_name"));--> statement-breakpoint
CREATE INDEX "zone_items_dept_idx" ON "zone_items" USING btree ("zone_id","dept","sub");--> statement-breakpoint
CREATE INDEX "zone_items_list_idx" ON "zone_items" USING btree ("zone_id","unit_list");--> statement-breakpoint
CREATE INDEX "zone_items_upc_idx" ON "zone_items" USING btree ("zone_id","upc_code");--> statement-breakpoint
CREATE INDEX "zone_sites_site_idx" ON "zone_sites" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zones_zone_no_uq" ON "zones" USING btree ("zone_no");