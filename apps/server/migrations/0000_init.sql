CREATE SCHEMA "app";
--> statement-breakpoint
CREATE TABLE "app"."miners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool_id" uuid NOT NULL,
	"operator_id" uuid,
	"account_name" text NOT NULL,
	"title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool_id" uuid NOT NULL,
	"operator_name" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."pools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"addresses" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"page_settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."miners" ADD CONSTRAINT "miners_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "app"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."miners" ADD CONSTRAINT "miners_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "app"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."operators" ADD CONSTRAINT "operators_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "app"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "miners_account_name_key" ON "app"."miners" USING btree ("account_name");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_name_key" ON "app"."operators" USING btree ("operator_name");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_title_key" ON "app"."operators" USING btree ("title");--> statement-breakpoint
CREATE UNIQUE INDEX "pools_name_key" ON "app"."pools" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "pools_current_key" ON "app"."pools" USING btree ("is_current") WHERE "app"."pools"."is_current";