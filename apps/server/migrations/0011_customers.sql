CREATE TABLE "app"."operator_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid NOT NULL,
	"miner_id" uuid NOT NULL,
	"percent_bp" integer NOT NULL,
	"starts_on" date NOT NULL,
	"comment" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_fees_percent_check" CHECK ("app"."operator_fees"."percent_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "app"."invites" ADD COLUMN "total_fee_hide" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."miners" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "app"."reward_breakdowns" ADD COLUMN "operator_id" uuid;--> statement-breakpoint
ALTER TABLE "app"."reward_breakdowns" ADD COLUMN "operator_share" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."operator_fees" ADD CONSTRAINT "operator_fees_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "app"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."operator_fees" ADD CONSTRAINT "operator_fees_miner_id_miners_id_fk" FOREIGN KEY ("miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_fees_miner_starts_idx" ON "app"."operator_fees" USING btree ("miner_id","starts_on","created_at");--> statement-breakpoint
ALTER TABLE "app"."reward_breakdowns" ADD CONSTRAINT "reward_breakdowns_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "app"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "miners_operator_idx" ON "app"."miners" USING btree ("operator_id","account_name");--> statement-breakpoint
CREATE INDEX "reward_breakdowns_operator_idx" ON "app"."reward_breakdowns" USING btree ("operator_id","miner_id","day");--> statement-breakpoint
ALTER TABLE "app"."reward_breakdowns" ADD CONSTRAINT "reward_breakdowns_operator_check" CHECK ("app"."reward_breakdowns"."operator_share" between 0 and "app"."reward_breakdowns"."fee" and ("app"."reward_breakdowns"."operator_id" is not null or "app"."reward_breakdowns"."operator_share" = 0));