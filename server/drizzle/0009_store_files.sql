-- Site Import: the store's last file that could not be read (moved to from-site/rejected/), shown in the site list.
ALTER TABLE "site_exchange" ADD COLUMN "last_rejected_file" text;--> statement-breakpoint
ALTER TABLE "site_exchange" ADD COLUMN "last_rejected_reason" text;--> statement-breakpoint
ALTER TABLE "site_exchange" ADD COLUMN "last_rejected_at" timestamp with time zone;--> statement-breakpoint
-- Outside updates: the version of a root's incoming values (a later arrival takes the next one), part of its UpdateKey.
ALTER TABLE "outside_updates" ADD COLUMN "version" bigint DEFAULT nextval('site_item_version_seq') NOT NULL;
