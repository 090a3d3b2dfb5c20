CREATE TABLE "base_items" (
	"zone_id" integer NOT NULL,
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
	"version" bigint DEFAULT nextval('site_item_version_seq') NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "base_items_zone_id_item_id_pack_size_pk" PRIMARY KEY("zone_id","item_id","pack_size"),
	CONSTRAINT "base_items_inv_type" CHECK ("base_items"."inv_type" in ('I','S','X'))
);
--> statement-breakpoint
CREATE TABLE "item_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"site_ids" integer[],
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"dept" integer,
	"sub" integer,
	"unit_list" numeric(12, 2),
	"values_after" jsonb NOT NULL,
	CONSTRAINT "item_changes_sites" CHECK (("item_changes"."site_id" is null) <> ("item_changes"."site_ids" is null))
);
--> statement-breakpoint
CREATE TABLE "site_exceptions" (
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
	"version" bigint DEFAULT nextval('site_item_version_seq') NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "site_exceptions_site_id_item_id_pack_size_pk" PRIMARY KEY("site_id","item_id","pack_size"),
	CONSTRAINT "site_exceptions_inv_type" CHECK ("site_exceptions"."inv_type" in ('I','S','X'))
);
--> statement-breakpoint
CREATE TABLE "site_item_sent" (
	"site_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "site_item_sent_site_id_item_id_pack_size_pk" PRIMARY KEY("site_id","item_id","pack_size")
);
--> statement-breakpoint
-- Every site row and history row moves as it is; base rows are then made where a zone's stores agree.
INSERT INTO "item_changes" ("id", "site_id", "item_id", "pack_size", "changed_by", "changed_at", "source", "dept", "sub", "unit_list", "values_after")
SELECT "id", "site_id", "item_id", "pack_size", "changed_by", "changed_at", "source", "dept", "sub", "unit_list", "values_after" FROM "item_history";--> statement-breakpoint
SELECT setval('item_changes_id_seq', (SELECT coalesce(max("id"), 0) + 1 FROM "item_changes"), false);--> statement-breakpoint
INSERT INTO "site_exceptions" SELECT "site_id", "item_id", "pack_size", "description", "receipt_description", "inv_type", "dept", "sub",
  "unit_list", "unit_cost", "tax_group_id", "redemption_id", "active", "min_on_hand", "max_on_hand", "min_purchase_qty",
  "vendor_id", "send_to_pos", "deleted", "version", "updated_at", "updated_by" FROM "site_items";--> statement-breakpoint
INSERT INTO "site_item_sent" SELECT "site_id", "item_id", "pack_size", "distributed_version" FROM "site_items" WHERE "distributed_version" > 0;--> statement-breakpoint
DROP TABLE "item_history" CASCADE;--> statement-breakpoint
DROP TABLE "site_items" CASCADE;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "base_zone_id" integer;--> statement-breakpoint
ALTER TABLE "base_items" ADD CONSTRAINT "base_items_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_exceptions" ADD CONSTRAINT "site_exceptions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_item_sent" ADD CONSTRAINT "site_item_sent_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "base_items_item_idx" ON "base_items" USING btree ("item_id","pack_size");--> statement-breakpoint
CREATE INDEX "base_items_version_idx" ON "base_items" USING btree ("zone_id","version");--> statement-breakpoint
CREATE INDEX "item_changes_item_idx" ON "item_changes" USING btree ("item_id","pack_size","changed_at");--> statement-breakpoint
CREATE INDEX "site_exceptions_item_idx" ON "site_exceptions" USING btree ("item_id","pack_size");--> statement-breakpoint
CREATE INDEX "site_exceptions_version_idx" ON "site_exceptions" USING btree ("site_id","version");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_base_zone_id_zones_id_fk" FOREIGN KEY ("base_zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- What each site has: its own row, else its base zone's row.
CREATE VIEW "site_items" AS
SELECT e."site_id", e."item_id", e."pack_size", e."description", e."receipt_description", e."inv_type", e."dept", e."sub",
  e."unit_list", e."unit_cost", e."tax_group_id", e."redemption_id", e."active", e."min_on_hand", e."max_on_hand",
  e."min_purchase_qty", e."vendor_id", e."send_to_pos", e."deleted", e."version", e."updated_at", e."updated_by"
FROM "site_exceptions" e
UNION ALL
SELECT s."id", b."item_id", b."pack_size", b."description", b."receipt_description", b."inv_type", b."dept", b."sub",
  b."unit_list", b."unit_cost", b."tax_group_id", b."redemption_id", b."active", b."min_on_hand", b."max_on_hand",
  b."min_purchase_qty", b."vendor_id", b."send_to_pos", false, b."version", b."updated_at", b."updated_by"
FROM "base_items" b JOIN "sites" s ON s."base_zone_id" = b."zone_id"
WHERE NOT EXISTS (SELECT 1 FROM "site_exceptions" x
  WHERE x."site_id" = s."id" AND x."item_id" = b."item_id" AND x."pack_size" = b."pack_size");--> statement-breakpoint
-- One history row per store.
CREATE VIEW "item_history" AS
SELECT c."id", hs."site_id", c."item_id", c."pack_size", c."changed_by", c."changed_at", c."source", c."dept", c."sub",
  c."unit_list", c."values_after"
FROM "item_changes" c CROSS JOIN LATERAL unnest(coalesce(c."site_ids", ARRAY[c."site_id"])) AS hs("site_id");--> statement-breakpoint
-- A write of one site's row through the view (tests, one-off repairs): it becomes that site's own row.
CREATE FUNCTION "site_items_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "site_exceptions" ("site_id", "item_id", "pack_size", "description", "receipt_description", "inv_type",
    "dept", "sub", "unit_list", "unit_cost", "tax_group_id", "redemption_id", "active", "min_on_hand", "max_on_hand",
    "min_purchase_qty", "vendor_id", "send_to_pos", "deleted", "version", "updated_at", "updated_by")
  VALUES (NEW."site_id", NEW."item_id", NEW."pack_size", NEW."description", NEW."receipt_description",
    coalesce(NEW."inv_type", 'I'), NEW."dept", NEW."sub", coalesce(NEW."unit_list", 0), coalesce(NEW."unit_cost", 0),
    NEW."tax_group_id", NEW."redemption_id", coalesce(NEW."active", true), NEW."min_on_hand", NEW."max_on_hand",
    NEW."min_purchase_qty", NEW."vendor_id", coalesce(NEW."send_to_pos", true), coalesce(NEW."deleted", false),
    coalesce(NEW."version", nextval('site_item_version_seq')), coalesce(NEW."updated_at", now()), NEW."updated_by")
  ON CONFLICT ("site_id", "item_id", "pack_size") DO UPDATE SET "description" = excluded."description",
    "receipt_description" = excluded."receipt_description", "inv_type" = excluded."inv_type", "dept" = excluded."dept",
    "sub" = excluded."sub", "unit_list" = excluded."unit_list", "unit_cost" = excluded."unit_cost",
    "tax_group_id" = excluded."tax_group_id", "redemption_id" = excluded."redemption_id", "active" = excluded."active",
    "min_on_hand" = excluded."min_on_hand", "max_on_hand" = excluded."max_on_hand",
    "min_purchase_qty" = excluded."min_purchase_qty", "vendor_id" = excluded."vendor_id",
    "send_to_pos" = excluded."send_to_pos", "deleted" = excluded."deleted", "version" = excluded."version",
    "updated_at" = excluded."updated_at", "updated_by" = excluded."updated_by";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "site_items_write" INSTEAD OF INSERT OR UPDATE ON "site_items"
  FOR EACH ROW EXECUTE FUNCTION "site_items_write"();--> statement-breakpoint
-- Base rows where a zone's stores agree (pricebook/base-rows.ts runs it after seeding too).
CREATE FUNCTION "settle_base_rows"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A site without a base zone takes its first zone; base rows it does not carry become
  -- never-carried rows (deleted, version 0) of its own.
  WITH a AS (
    UPDATE "sites" s SET "base_zone_id" = z."zone_id"
    FROM (SELECT "site_id", min("zone_id") AS "zone_id" FROM "zone_sites" GROUP BY "site_id") z
    WHERE z."site_id" = s."id" AND s."base_zone_id" IS NULL
    RETURNING s."id", s."base_zone_id")
  INSERT INTO "site_exceptions" ("site_id", "item_id", "pack_size", "description", "receipt_description", "inv_type",
    "dept", "sub", "unit_list", "unit_cost", "tax_group_id", "redemption_id", "active", "min_on_hand", "max_on_hand",
    "min_purchase_qty", "vendor_id", "send_to_pos", "deleted", "version", "updated_at", "updated_by")
  SELECT a."id", b."item_id", b."pack_size", b."description", b."receipt_description", b."inv_type", b."dept", b."sub",
    b."unit_list", b."unit_cost", b."tax_group_id", b."redemption_id", b."active", b."min_on_hand", b."max_on_hand",
    b."min_purchase_qty", b."vendor_id", b."send_to_pos", true, 0, now(), 'system'
  FROM a JOIN "base_items" b ON b."zone_id" = a."base_zone_id"
  ON CONFLICT DO NOTHING;
  -- A base row for every item whose live rows agree at every site of a base zone.
  INSERT INTO "base_items" ("zone_id", "item_id", "pack_size", "description", "receipt_description", "inv_type",
    "dept", "sub", "unit_list", "unit_cost", "tax_group_id", "redemption_id", "active", "min_on_hand", "max_on_hand",
    "min_purchase_qty", "vendor_id", "send_to_pos", "version", "updated_at", "updated_by")
  SELECT s."base_zone_id", e."item_id", e."pack_size", e."description", e."receipt_description", e."inv_type",
    e."dept", e."sub", e."unit_list", e."unit_cost", e."tax_group_id", e."redemption_id", e."active", e."min_on_hand",
    e."max_on_hand", e."min_purchase_qty", e."vendor_id", e."send_to_pos", max(e."version"), max(e."updated_at"),
    min(e."updated_by")
  FROM "site_exceptions" e JOIN "sites" s ON s."id" = e."site_id"
  WHERE s."base_zone_id" IS NOT NULL AND NOT e."deleted" AND NOT EXISTS (SELECT 1 FROM "base_items" b
    WHERE b."zone_id" = s."base_zone_id" AND b."item_id" = e."item_id" AND b."pack_size" = e."pack_size")
  GROUP BY s."base_zone_id", e."item_id", e."pack_size", e."description", e."receipt_description", e."inv_type",
    e."dept", e."sub", e."unit_list", e."unit_cost", e."tax_group_id", e."redemption_id", e."active", e."min_on_hand",
    e."max_on_hand", e."min_purchase_qty", e."vendor_id", e."send_to_pos"
  HAVING count(*) = (SELECT count(*) FROM "sites" s2 WHERE s2."base_zone_id" = s."base_zone_id");
  -- Own rows equal to their base row go, unless newer (a key never goes back).
  DELETE FROM "site_exceptions" e USING "sites" s, "base_items" b
  WHERE s."id" = e."site_id" AND b."zone_id" = s."base_zone_id" AND b."item_id" = e."item_id"
    AND b."pack_size" = e."pack_size" AND NOT e."deleted" AND e."version" <= b."version"
    AND (e."description", e."receipt_description", e."inv_type", e."dept", e."sub", e."unit_list", e."unit_cost",
      e."tax_group_id", e."redemption_id", e."active", e."min_on_hand", e."max_on_hand", e."min_purchase_qty",
      e."vendor_id", e."send_to_pos") IS NOT DISTINCT FROM (b."description", b."receipt_description", b."inv_type",
      b."dept", b."sub", b."unit_list", b."unit_cost", b."tax_group_id", b."redemption_id", b."active",
      b."min_on_hand", b."max_on_hand", b."min_purchase_qty", b."vendor_id", b."send_to_pos");
END $$;--> statement-breakpoint
SELECT "settle_base_rows"();