CREATE TABLE "site_exchange" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"change_watermark" bigint DEFAULT 0 NOT NULL,
	"last_dist_file" text,
	"last_dist_at" timestamp with time zone,
	"last_dist_full" boolean,
	"last_item_file" text,
	"last_item_file_at" timestamp with time zone,
	"last_ack_file" text,
	"last_ack_for" text,
	"last_ack_at" timestamp with time zone,
	"last_ack_applied" integer,
	"last_ack_refused" integer
);
--> statement-breakpoint
CREATE TABLE "site_refusals" (
	"site_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"pack_size" integer NOT NULL,
	"reason" text NOT NULL,
	"ack_file" text NOT NULL,
	CONSTRAINT "site_refusals_site_id_item_id_pack_size_pk" PRIMARY KEY("site_id","item_id","pack_size")
);
--> statement-breakpoint
ALTER TABLE "transfer_tasks" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transfer_tasks" ADD COLUMN "file" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "site_exchange" ADD CONSTRAINT "site_exchange_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_refusals" ADD CONSTRAINT "site_refusals_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_tasks_site_uq" ON "transfer_tasks" USING btree ("transfer_id","site_id");