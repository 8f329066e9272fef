CREATE TABLE "app"."profit_splits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donor_miner_id" uuid NOT NULL,
	"recipient_miner_id" uuid NOT NULL,
	"percent_bp" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profit_splits_percent_check" CHECK ("app"."profit_splits"."percent_bp" between 1 and 10000),
	CONSTRAINT "profit_splits_not_self_check" CHECK ("app"."profit_splits"."donor_miner_id" <> "app"."profit_splits"."recipient_miner_id"),
	CONSTRAINT "profit_splits_days_check" CHECK ("app"."profit_splits"."ends_on" is null or "app"."profit_splits"."ends_on" >= "app"."profit_splits"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "app"."promo_code_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"miner_id" uuid NOT NULL,
	"applied_by" uuid,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_uses_days_check" CHECK ("app"."promo_code_uses"."ends_on" is null or "app"."promo_code_uses"."ends_on" > "app"."promo_code_uses"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "app"."promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool_id" uuid NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"fee_type" text NOT NULL,
	"fee_bp" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"effective_to" timestamp with time zone,
	"usage_limit" integer,
	"user_usage_limit" integer,
	"allowed_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"duration_days" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_status_check" CHECK ("app"."promo_codes"."status" in ('active', 'inactive')),
	CONSTRAINT "promo_codes_type_check" CHECK ("app"."promo_codes"."type" in ('welcome', 'loyalty', 'universal')),
	CONSTRAINT "promo_codes_fee_type_check" CHECK ("app"."promo_codes"."fee_type" in ('absolute', 'relative')),
	CONSTRAINT "promo_codes_fee_check" CHECK ("app"."promo_codes"."fee_bp" between 0 and 10000),
	CONSTRAINT "promo_codes_limits_check" CHECK (("app"."promo_codes"."usage_limit" is null or "app"."promo_codes"."usage_limit" > 0) and ("app"."promo_codes"."user_usage_limit" is null or "app"."promo_codes"."user_usage_limit" > 0)
        and ("app"."promo_codes"."duration_days" is null or "app"."promo_codes"."duration_days" > 0)
        and ("app"."promo_codes"."effective_to" is null or "app"."promo_codes"."effective_to" > "app"."promo_codes"."effective_from"))
);
--> statement-breakpoint
CREATE TABLE "app"."referrals" (
	"referred_miner_id" uuid PRIMARY KEY NOT NULL,
	"referrer_code_id" uuid NOT NULL,
	"referrer_miner_id" uuid NOT NULL,
	"percent_bp" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_percent_check" CHECK ("app"."referrals"."percent_bp" between 0 and 10000),
	CONSTRAINT "referrals_not_self_check" CHECK ("app"."referrals"."referred_miner_id" <> "app"."referrals"."referrer_miner_id"),
	CONSTRAINT "referrals_days_check" CHECK ("app"."referrals"."ends_on" > "app"."referrals"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "app"."referrer_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"miner_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app"."reward_breakdowns" ADD COLUMN "promo_code_id" uuid;--> statement-breakpoint
ALTER TABLE "app"."reward_breakdowns" ADD COLUMN "fee_bp_before" integer;--> statement-breakpoint
ALTER TABLE "app"."reward_breakdowns" ADD COLUMN "fee_before" bigint;--> statement-breakpoint
ALTER TABLE "app"."profit_splits" ADD CONSTRAINT "profit_splits_donor_miner_id_miners_id_fk" FOREIGN KEY ("donor_miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."profit_splits" ADD CONSTRAINT "profit_splits_recipient_miner_id_miners_id_fk" FOREIGN KEY ("recipient_miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "app"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."promo_code_uses" ADD CONSTRAINT "promo_code_uses_miner_id_miners_id_fk" FOREIGN KEY ("miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."promo_codes" ADD CONSTRAINT "promo_codes_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "app"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."referrals" ADD CONSTRAINT "referrals_referred_miner_id_miners_id_fk" FOREIGN KEY ("referred_miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."referrals" ADD CONSTRAINT "referrals_referrer_code_id_referrer_codes_id_fk" FOREIGN KEY ("referrer_code_id") REFERENCES "app"."referrer_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."referrals" ADD CONSTRAINT "referrals_referrer_miner_id_miners_id_fk" FOREIGN KEY ("referrer_miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."referrer_codes" ADD CONSTRAINT "referrer_codes_miner_id_miners_id_fk" FOREIGN KEY ("miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profit_splits_donor_idx" ON "app"."profit_splits" USING btree ("donor_miner_id","starts_on");--> statement-breakpoint
CREATE INDEX "promo_code_uses_miner_idx" ON "app"."promo_code_uses" USING btree ("miner_id","starts_on");--> statement-breakpoint
CREATE INDEX "promo_code_uses_code_idx" ON "app"."promo_code_uses" USING btree ("promo_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "app"."promo_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "promo_codes_created_idx" ON "app"."promo_codes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "app"."referrals" USING btree ("referrer_miner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrer_codes_code_key" ON "app"."referrer_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "referrer_codes_miner_idx" ON "app"."referrer_codes" USING btree ("miner_id");--> statement-breakpoint
ALTER TABLE "app"."reward_breakdowns" ADD CONSTRAINT "reward_breakdowns_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "app"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."reward_breakdowns" ADD CONSTRAINT "reward_breakdowns_promo_check" CHECK (("app"."reward_breakdowns"."promo_code_id" is null) = ("app"."reward_breakdowns"."fee_before" is null) and ("app"."reward_breakdowns"."fee_before" is null) = ("app"."reward_breakdowns"."fee_bp_before" is null)
        and ("app"."reward_breakdowns"."fee_before" is null or "app"."reward_breakdowns"."fee" between 0 and "app"."reward_breakdowns"."fee_before"));