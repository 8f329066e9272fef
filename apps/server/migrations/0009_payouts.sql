CREATE TABLE "app"."payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool_id" uuid NOT NULL,
	"schedule_id" uuid,
	"status" text DEFAULT 'created' NOT NULL,
	"mode" text NOT NULL,
	"fee_level" text NOT NULL,
	"fee_per_vbyte" numeric(10, 3),
	"txid" text,
	"count" integer NOT NULL,
	"total" bigint NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payout_batches_status_check" CHECK ("app"."payout_batches"."status" in ('created', 'sent', 'completed', 'failed')),
	CONSTRAINT "payout_batches_mode_check" CHECK ("app"."payout_batches"."mode" in ('bitcoin-core', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "app"."payout_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"miner_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"day" date NOT NULL,
	"address" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"batch_id" uuid,
	"txid" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_requests_amount_check" CHECK ("app"."payout_requests"."amount" > 0),
	CONSTRAINT "payout_requests_status_check" CHECK ("app"."payout_requests"."status" in ('created', 'sent', 'completed', 'canceled', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "app"."payout_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool_id" uuid NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"fee_level" text NOT NULL,
	"fee_per_vbyte" numeric(10, 3),
	"processed_at" timestamp with time zone,
	"batch_id" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_schedules_fee_level_check" CHECK ("app"."payout_schedules"."fee_level" in ('LOW', 'MEDIUM', 'HIGH')),
	CONSTRAINT "payout_schedules_time_check" CHECK ("app"."payout_schedules"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "payout_schedules_fee_check" CHECK ("app"."payout_schedules"."fee_per_vbyte" is null or "app"."payout_schedules"."fee_per_vbyte" > 0)
);
--> statement-breakpoint
CREATE TABLE "app"."wallet_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."wallet_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"wallet_id" uuid NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"changed_by" uuid,
	"changed_by_email" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_changes_field_check" CHECK ("app"."wallet_changes"."field" in ('address', 'min_payment', 'max_payment'))
);
--> statement-breakpoint
CREATE TABLE "app"."wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"miner_id" uuid NOT NULL,
	"currency" text DEFAULT 'BTC' NOT NULL,
	"address" text,
	"min_payment" bigint,
	"max_payment" bigint DEFAULT 0 NOT NULL,
	"payouts_stopped_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_currency_check" CHECK ("app"."wallets"."currency" = 'BTC'),
	CONSTRAINT "wallets_min_payment_check" CHECK ("app"."wallets"."min_payment" is null or "app"."wallets"."min_payment" >= 0),
	CONSTRAINT "wallets_max_payment_check" CHECK ("app"."wallets"."max_payment" >= 0)
);
--> statement-breakpoint
ALTER TABLE "app"."ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "app"."ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "app"."payout_batches" ADD CONSTRAINT "payout_batches_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "app"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."payout_batches" ADD CONSTRAINT "payout_batches_schedule_id_payout_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "app"."payout_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."payout_requests" ADD CONSTRAINT "payout_requests_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "app"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."payout_requests" ADD CONSTRAINT "payout_requests_miner_id_miners_id_fk" FOREIGN KEY ("miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."payout_requests" ADD CONSTRAINT "payout_requests_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "app"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."payout_requests" ADD CONSTRAINT "payout_requests_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "app"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."payout_schedules" ADD CONSTRAINT "payout_schedules_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "app"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."wallet_changes" ADD CONSTRAINT "wallet_changes_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "app"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."wallets" ADD CONSTRAINT "wallets_miner_id_miners_id_fk" FOREIGN KEY ("miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_schedule_key" ON "app"."payout_batches" USING btree ("schedule_id") WHERE "app"."payout_batches"."schedule_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_txid_key" ON "app"."payout_batches" USING btree ("txid") WHERE "app"."payout_batches"."txid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_requests_miner_day_key" ON "app"."payout_requests" USING btree ("miner_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_requests_transfer_key" ON "app"."payout_requests" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "payout_requests_status_idx" ON "app"."payout_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payout_requests_batch_idx" ON "app"."payout_requests" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "payout_requests_txid_idx" ON "app"."payout_requests" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_schedules_current_key" ON "app"."payout_schedules" USING btree ("pool_id") WHERE "app"."payout_schedules"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "wallet_changes_wallet_idx" ON "app"."wallet_changes" USING btree ("wallet_id","field","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_miner_currency_key" ON "app"."wallets" USING btree ("miner_id","currency");--> statement-breakpoint
ALTER TABLE "app"."ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("app"."ledger_accounts"."kind" in ('miner', 'operator', 'pool', 'reward_clearing', 'unallocated', 'payouts_in_flight', 'paid_out'));--> statement-breakpoint
ALTER TABLE "app"."ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_check" CHECK (("app"."ledger_accounts"."owner_id" is null) = ("app"."ledger_accounts"."kind" in ('reward_clearing', 'unallocated', 'payouts_in_flight', 'paid_out')));