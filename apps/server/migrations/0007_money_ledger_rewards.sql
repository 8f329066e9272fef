CREATE TABLE "app"."exchange_rate_samples" (
	"symbol" text NOT NULL,
	"price" numeric NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exchange_rate_samples_pkey" PRIMARY KEY("symbol","fetched_at"),
	CONSTRAINT "exchange_rate_samples_price_check" CHECK ("app"."exchange_rate_samples"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "app"."fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"miner_id" uuid NOT NULL,
	"percent_bp" integer NOT NULL,
	"starts_on" date NOT NULL,
	"comment" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fees_percent_check" CHECK ("app"."fees"."percent_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "app"."job_runs" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"claimed_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "job_runs_pkey" PRIMARY KEY("job","day"),
	CONSTRAINT "job_runs_status_check" CHECK ("app"."job_runs"."status" in ('running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "app"."ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid,
	"pool_id" uuid NOT NULL,
	"may_go_negative" boolean DEFAULT false NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("app"."ledger_accounts"."kind" in ('miner', 'operator', 'pool', 'reward_clearing', 'unallocated', 'payouts_in_flight')),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("app"."ledger_accounts"."owner_id" is null) = ("app"."ledger_accounts"."kind" in ('reward_clearing', 'unallocated', 'payouts_in_flight'))),
	CONSTRAINT "ledger_accounts_negative_check" CHECK (not "app"."ledger_accounts"."may_go_negative" or "app"."ledger_accounts"."kind" = 'reward_clearing'),
	CONSTRAINT "ledger_accounts_balance_check" CHECK ("app"."ledger_accounts"."may_go_negative" or "app"."ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "app"."ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transfer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"payment_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("app"."ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_entries_payment_type_check" CHECK ("app"."ledger_entries"."payment_type" in ('reward', 'payout', 'profit_sharing', 'virtual_mining_transfer', 'virtual_mining_reward', 'virtual_mining_topup', 'transfer'))
);
--> statement-breakpoint
CREATE TABLE "app"."ledger_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reverses" uuid,
	"memo" jsonb,
	CONSTRAINT "ledger_transfers_status_check" CHECK ("app"."ledger_transfers"."status" in ('pending', 'canceled', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "app"."reward_breakdowns" (
	"transfer_id" uuid PRIMARY KEY NOT NULL,
	"miner_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hash_rate" double precision NOT NULL,
	"rate_msat" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"fee_bp" integer NOT NULL,
	"fee" bigint NOT NULL,
	"shared" bigint DEFAULT 0 NOT NULL,
	"net" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_breakdowns_amounts_check" CHECK ("app"."reward_breakdowns"."gross" >= 0 and "app"."reward_breakdowns"."fee" between 0 and "app"."reward_breakdowns"."gross" and "app"."reward_breakdowns"."net" = "app"."reward_breakdowns"."gross" - "app"."reward_breakdowns"."fee"
        and "app"."reward_breakdowns"."shared" between 0 and "app"."reward_breakdowns"."net" and "app"."reward_breakdowns"."fee_bp" between 0 and 10000 and "app"."reward_breakdowns"."rate_msat" > 0)
);
--> statement-breakpoint
CREATE TABLE "app"."reward_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rate_msat" bigint NOT NULL,
	"source" text NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"set_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_rates_rate_check" CHECK ("app"."reward_rates"."rate_msat" > 0),
	CONSTRAINT "reward_rates_source_check" CHECK ("app"."reward_rates"."source" in ('manual', 'network'))
);
--> statement-breakpoint
CREATE TABLE "app"."unallocated_funds" (
	"transfer_id" uuid PRIMARY KEY NOT NULL,
	"pool_id" uuid NOT NULL,
	"day" date NOT NULL,
	"pool_domain" text NOT NULL,
	"account_name" text NOT NULL,
	"hash_rate" double precision NOT NULL,
	"amount" bigint NOT NULL,
	"refund_transfer_id" uuid,
	"refunded_by" uuid,
	"refunded_at" timestamp with time zone,
	"refunded_to_miner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unallocated_funds_amount_check" CHECK ("app"."unallocated_funds"."amount" > 0),
	CONSTRAINT "unallocated_funds_refund_check" CHECK (("app"."unallocated_funds"."refund_transfer_id" is null) = ("app"."unallocated_funds"."refunded_at" is null)
        and ("app"."unallocated_funds"."refund_transfer_id" is null) = ("app"."unallocated_funds"."refunded_to_miner_id" is null))
);
--> statement-breakpoint
CREATE TABLE "app"."unallocated_hashrate_1d" (
	"pool_id" uuid NOT NULL,
	"account_name" text NOT NULL,
	"day" date NOT NULL,
	"accepted_difficulty" double precision NOT NULL,
	"shares" integer NOT NULL,
	CONSTRAINT "unallocated_hashrate_1d_pkey" PRIMARY KEY("pool_id","account_name","day")
);
--> statement-breakpoint
ALTER TABLE "app"."fees" ADD CONSTRAINT "fees_miner_id_miners_id_fk" FOREIGN KEY ("miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."ledger_accounts" ADD CONSTRAINT "ledger_accounts_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "app"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "app"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "app"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."ledger_transfers" ADD CONSTRAINT "ledger_transfers_reverses_ledger_transfers_id_fk" FOREIGN KEY ("reverses") REFERENCES "app"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."reward_breakdowns" ADD CONSTRAINT "reward_breakdowns_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "app"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."reward_breakdowns" ADD CONSTRAINT "reward_breakdowns_miner_id_miners_id_fk" FOREIGN KEY ("miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."unallocated_funds" ADD CONSTRAINT "unallocated_funds_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "app"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."unallocated_funds" ADD CONSTRAINT "unallocated_funds_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "app"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."unallocated_funds" ADD CONSTRAINT "unallocated_funds_refund_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("refund_transfer_id") REFERENCES "app"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."unallocated_funds" ADD CONSTRAINT "unallocated_funds_refunded_to_miner_id_miners_id_fk" FOREIGN KEY ("refunded_to_miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fees_miner_starts_idx" ON "app"."fees" USING btree ("miner_id","starts_on","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_key" ON "app"."ledger_accounts" USING btree ("kind","owner_id") WHERE "app"."ledger_accounts"."owner_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_platform_key" ON "app"."ledger_accounts" USING btree ("kind","pool_id") WHERE "app"."ledger_accounts"."owner_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "app"."ledger_entries" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_type_idx" ON "app"."ledger_entries" USING btree ("account_id","payment_type","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "app"."ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_key" ON "app"."ledger_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_reverses_key" ON "app"."ledger_transfers" USING btree ("reverses") WHERE "app"."ledger_transfers"."reverses" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_breakdowns_miner_day_key" ON "app"."reward_breakdowns" USING btree ("miner_id","day");--> statement-breakpoint
CREATE INDEX "reward_breakdowns_day_idx" ON "app"."reward_breakdowns" USING btree ("day");--> statement-breakpoint
CREATE INDEX "reward_rates_effective_idx" ON "app"."reward_rates" USING btree ("effective_from","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "unallocated_funds_refund_key" ON "app"."unallocated_funds" USING btree ("refund_transfer_id") WHERE "app"."unallocated_funds"."refund_transfer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "unallocated_funds_origin_key" ON "app"."unallocated_funds" USING btree ("pool_id","account_name","day");--> statement-breakpoint
CREATE INDEX "unallocated_funds_created_idx" ON "app"."unallocated_funds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "unallocated_hashrate_1d_day_idx" ON "app"."unallocated_hashrate_1d" USING btree ("day");
--> statement-breakpoint
-- Written by hand: the ledger's rules live in the database, not only in code (issue 13, TigerBeetle's
-- rules). A transfer's legs arrive in one INSERT and must sum to zero; the same statement adds them
-- to the accounts' balances, whose CHECK then refuses a balance going negative where it must not.
-- Accounts are locked in id order first, so that concurrent runs never deadlock on them.
CREATE FUNCTION "app"."ledger_entries_post"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	offending uuid;
BEGIN
	SELECT transfer_id INTO offending FROM new_entries GROUP BY transfer_id HAVING sum(amount) <> 0 LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'ledger transfer % does not balance', offending
			USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_balanced';
	END IF;
	SELECT n.transfer_id INTO offending
	FROM (SELECT transfer_id, count(*) AS legs FROM new_entries GROUP BY transfer_id) n
	WHERE (SELECT count(*) FROM "app"."ledger_entries" e WHERE e.transfer_id = n.transfer_id) <> n.legs
	LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'ledger transfer % already has entries: all legs come in one statement', offending
			USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_one_statement';
	END IF;
	SELECT t.id INTO offending FROM "app"."ledger_transfers" t
	WHERE t.id IN (SELECT transfer_id FROM new_entries) AND t.status = 'canceled' LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'ledger transfer % is canceled', offending
			USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_live_transfer';
	END IF;
	PERFORM 1 FROM "app"."ledger_accounts" WHERE id IN (SELECT account_id FROM new_entries) ORDER BY id FOR UPDATE;
	UPDATE "app"."ledger_accounts" a SET balance = a.balance + s.total
	FROM (SELECT account_id, sum(amount) AS total FROM new_entries GROUP BY account_id) s
	WHERE a.id = s.account_id;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_post" AFTER INSERT ON "app"."ledger_entries"
	REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION "app"."ledger_entries_post"();--> statement-breakpoint
CREATE FUNCTION "app"."ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% of %.% is refused: the ledger is append-only, a correction is a reversing transfer',
		TG_OP, TG_TABLE_SCHEMA, TG_TABLE_NAME
		USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_immutable" BEFORE UPDATE OR DELETE ON "app"."ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "app"."ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "app"."ledger_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "app"."ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_no_delete" BEFORE DELETE ON "app"."ledger_transfers"
	FOR EACH ROW EXECUTE FUNCTION "app"."ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_no_truncate" BEFORE TRUNCATE ON "app"."ledger_transfers"
	FOR EACH STATEMENT EXECUTE FUNCTION "app"."ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_delete" BEFORE DELETE ON "app"."ledger_accounts"
	FOR EACH ROW EXECUTE FUNCTION "app"."ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_truncate" BEFORE TRUNCATE ON "app"."ledger_accounts"
	FOR EACH STATEMENT EXECUTE FUNCTION "app"."ledger_refuse_change"();--> statement-breakpoint
-- A transfer changes only from pending to completed or canceled; canceling takes its legs back out
-- of the balances (a balance is the sum of the entries of transfers not canceled).
CREATE FUNCTION "app"."ledger_transfers_settle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.status <> 'pending' OR NEW.status NOT IN ('completed', 'canceled')
		OR NEW.id IS DISTINCT FROM OLD.id OR NEW.idempotency_key IS DISTINCT FROM OLD.idempotency_key
		OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.reverses IS DISTINCT FROM OLD.reverses
		OR NEW.memo IS DISTINCT FROM OLD.memo THEN
		RAISE EXCEPTION 'ledger transfer %: only a pending status may change, to completed or canceled', OLD.id
			USING ERRCODE = 'restrict_violation';
	END IF;
	IF NEW.status = 'canceled' THEN
		PERFORM 1 FROM "app"."ledger_accounts"
		WHERE id IN (SELECT account_id FROM "app"."ledger_entries" WHERE transfer_id = OLD.id) ORDER BY id FOR UPDATE;
		UPDATE "app"."ledger_accounts" a SET balance = a.balance - s.total
		FROM (SELECT account_id, sum(amount) AS total FROM "app"."ledger_entries" WHERE transfer_id = OLD.id GROUP BY account_id) s
		WHERE a.id = s.account_id;
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_settle" BEFORE UPDATE ON "app"."ledger_transfers"
	FOR EACH ROW EXECUTE FUNCTION "app"."ledger_transfers_settle"();--> statement-breakpoint
-- An account's identity never changes, it opens at zero, and only the triggers above move its balance.
CREATE FUNCTION "app"."ledger_accounts_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		IF NEW.balance <> 0 THEN
			RAISE EXCEPTION 'a ledger account opens with a zero balance' USING ERRCODE = 'restrict_violation';
		END IF;
		RETURN NEW;
	END IF;
	IF NEW.id IS DISTINCT FROM OLD.id OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.owner_id IS DISTINCT FROM OLD.owner_id
		OR NEW.pool_id IS DISTINCT FROM OLD.pool_id OR NEW.may_go_negative IS DISTINCT FROM OLD.may_go_negative
		OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
		RAISE EXCEPTION 'ledger account %: only its balance changes', OLD.id USING ERRCODE = 'restrict_violation';
	END IF;
	IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
		RAISE EXCEPTION 'ledger account %: a balance changes only by entries', OLD.id USING ERRCODE = 'restrict_violation';
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_guard" BEFORE INSERT OR UPDATE ON "app"."ledger_accounts"
	FOR EACH ROW EXECUTE FUNCTION "app"."ledger_accounts_guard"();
