CREATE TABLE "ou_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"action" text NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_name" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "ou_rules_action" CHECK ("ou_rules"."action" in ('accept', 'synch_site', 'reject'))
);
--> statement-breakpoint
ALTER TABLE "ou_rules" ADD CONSTRAINT "ou_rules_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ou_rules" ADD CONSTRAINT "ou_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ou_rules_zone_name_uq" ON "ou_rules" USING btree ("zone_id","name");