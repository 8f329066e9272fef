CREATE TABLE "app"."invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"account_type" text NOT NULL,
	"account_id" uuid NOT NULL,
	"role" text NOT NULL,
	"invited_by" uuid,
	"identity_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "invites_account_type_check" CHECK ("app"."invites"."account_type" in ('miner', 'pool', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "app"."outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app"."invites" ADD CONSTRAINT "invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invites_token_hash_key" ON "app"."invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invites_account_idx" ON "app"."invites" USING btree ("account_type","account_id");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "app"."outbox" USING btree ("created_at");