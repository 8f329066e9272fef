CREATE TABLE "app"."permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"account_id" uuid NOT NULL,
	"role" text NOT NULL,
	"total_fee_hide" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permissions_type_check" CHECK ("app"."permissions"."type" in ('miner', 'pool', 'operator', 'platform')),
	CONSTRAINT "permissions_role_check" CHECK ("app"."permissions"."role" in ('admin', 'treasurer', 'accountant', 'viewer', 'owner', 'manager'))
);
--> statement-breakpoint
CREATE TABLE "app"."users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"language" text,
	"navigation" jsonb DEFAULT '{"bookmarks":[]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_language_check" CHECK ("app"."users"."language" in ('en', 'ru', 'cn'))
);
--> statement-breakpoint
CREATE TABLE "app"."watchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"name" text NOT NULL,
	"miner_id" uuid NOT NULL,
	"access" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."miners" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."permissions" ADD CONSTRAINT "permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."watchers" ADD CONSTRAINT "watchers_miner_id_miners_id_fk" FOREIGN KEY ("miner_id") REFERENCES "app"."miners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."watchers" ADD CONSTRAINT "watchers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_user_account_key" ON "app"."permissions" USING btree ("user_id","type","account_id");--> statement-breakpoint
CREATE INDEX "permissions_account_idx" ON "app"."permissions" USING btree ("type","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "app"."users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "watchers_token_key" ON "app"."watchers" USING btree ("token");--> statement-breakpoint
CREATE INDEX "watchers_miner_idx" ON "app"."watchers" USING btree ("miner_id");--> statement-breakpoint
ALTER TABLE "app"."miners" ADD CONSTRAINT "miners_account_name_check" CHECK ("app"."miners"."account_name" ~ '^[a-z0-9_]{3,32}$');