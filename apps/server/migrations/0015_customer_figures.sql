-- The customer list's per-customer figures (issue 16), stored so that a list read joins one row
-- per customer instead of summing every worker and every reward of the scope. The hashrates are
-- the sums of the customer's hardware workers' current figures, rewritten by the mining engine
-- wherever it rewrites those (modules/customers/figures.ts); the earnings are the sums of its
-- reward breakdowns, kept by the triggers below in the transaction that books them.
CREATE TABLE "app"."customer_figures" (
	"miner_id" uuid PRIMARY KEY NOT NULL,
	"hash_rate_15m" double precision DEFAULT 0 NOT NULL,
	"hash_rate_24h" double precision DEFAULT 0 NOT NULL,
	"operator_earned" bigint DEFAULT 0 NOT NULL,
	"pool_earned" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
ALTER TABLE "app"."customer_figures" ADD CONSTRAINT "customer_figures_miner_id_miners_id_fk" FOREIGN KEY ("miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Integer sums: adding each statement's rows (and taking back removed ones) stays exact.
CREATE FUNCTION "app"."customer_figures_earned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "app"."customer_figures" AS f (miner_id, operator_earned, pool_earned)
		SELECT miner_id, sum(operator_share), sum(fee - operator_share) FROM added GROUP BY miner_id
		ON CONFLICT (miner_id) DO UPDATE SET operator_earned = f.operator_earned + excluded.operator_earned,
			pool_earned = f.pool_earned + excluded.pool_earned;
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		UPDATE "app"."customer_figures" f SET operator_earned = f.operator_earned - r.operator_earned,
			pool_earned = f.pool_earned - r.pool_earned
		FROM (SELECT miner_id, sum(operator_share) AS operator_earned, sum(fee - operator_share) AS pool_earned
			FROM removed GROUP BY miner_id) r
		WHERE f.miner_id = r.miner_id;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reward_breakdowns_figures_insert" AFTER INSERT ON "app"."reward_breakdowns" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_figures_earned"();--> statement-breakpoint
CREATE TRIGGER "reward_breakdowns_figures_update" AFTER UPDATE ON "app"."reward_breakdowns" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_figures_earned"();--> statement-breakpoint
CREATE TRIGGER "reward_breakdowns_figures_delete" AFTER DELETE ON "app"."reward_breakdowns" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_figures_earned"();--> statement-breakpoint
INSERT INTO "app"."customer_figures" (miner_id, hash_rate_15m, hash_rate_24h, operator_earned, pool_earned)
SELECT m.id, coalesce(w.h15, 0), coalesce(w.h24, 0), coalesce(b.operator_earned, 0), coalesce(b.pool_earned, 0)
FROM "app"."miners" m
LEFT JOIN (SELECT miner_id, sum(hash_rate_15m) AS h15, sum(hash_rate_24h) AS h24 FROM "app"."workers"
	WHERE behaviour = 'hardware' GROUP BY miner_id) w ON w.miner_id = m.id
LEFT JOIN (SELECT miner_id, sum(operator_share) AS operator_earned, sum(fee - operator_share) AS pool_earned
	FROM "app"."reward_breakdowns" GROUP BY miner_id) b ON b.miner_id = m.id
WHERE w.miner_id IS NOT NULL OR b.miner_id IS NOT NULL;
--> statement-breakpoint
-- Which transactions changed what a scope's customer list shows (issue 16): one row per writing
-- transaction and scope (a pool, an operator), written by the triggers below. A list read keeps its
-- rows while the scope's sum of weights stays the same: the sum only grows, so an equal sum means
-- no change committed since (modules/customers/list-reads.ts). The mining engine's minute refresh
-- folds a scope's rows into one carrying their summed weight, which keeps the sum (figures.ts).
CREATE TABLE "app"."customer_list_changes" (
	"scope_id" uuid NOT NULL,
	"tx" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"weight" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "customer_list_changes_pkey" PRIMARY KEY("scope_id","tx")
);--> statement-breakpoint
CREATE FUNCTION "app"."customer_list_touch"(scopes uuid[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "app"."customer_list_changes" (scope_id)
	SELECT DISTINCT s FROM unnest(scopes) AS s WHERE s IS NOT NULL ORDER BY 1
	ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
-- The scopes of the miners a statement changed: their pool and their operator.
CREATE FUNCTION "app"."customer_list_touch_miners"(miner_ids uuid[]) RETURNS void LANGUAGE sql AS $$
	SELECT "app"."customer_list_touch"(array(
		SELECT unnest(array[m.pool_id, m.operator_id]) FROM "app"."miners" m WHERE m.id = any(miner_ids)))
$$;--> statement-breakpoint
CREATE FUNCTION "app"."customer_list_figures_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "app"."customer_list_touch_miners"(array(SELECT miner_id FROM added));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "customer_figures_list_insert" AFTER INSERT ON "app"."customer_figures" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_list_figures_changed"();--> statement-breakpoint
CREATE TRIGGER "customer_figures_list_update" AFTER UPDATE ON "app"."customer_figures" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_list_figures_changed"();--> statement-breakpoint
-- A miner's own row: created, renamed, retitled, moved, deleted; both its old and new scopes.
CREATE FUNCTION "app"."customer_list_miners_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM "app"."customer_list_touch"(array(SELECT unnest(array[pool_id, operator_id]) FROM added));
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		PERFORM "app"."customer_list_touch"(array(SELECT unnest(array[pool_id, operator_id]) FROM removed));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "miners_list_insert" AFTER INSERT ON "app"."miners" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_list_miners_changed"();--> statement-breakpoint
CREATE TRIGGER "miners_list_update" AFTER UPDATE ON "app"."miners" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_list_miners_changed"();--> statement-breakpoint
CREATE TRIGGER "miners_list_delete" AFTER DELETE ON "app"."miners" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_list_miners_changed"();--> statement-breakpoint
-- Fee schedules (the pool's per-miner fees and the operators' fees of their customers).
CREATE FUNCTION "app"."customer_list_fees_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM "app"."customer_list_touch_miners"(array(SELECT miner_id FROM added));
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		PERFORM "app"."customer_list_touch_miners"(array(SELECT miner_id FROM removed));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "fees_list_insert" AFTER INSERT ON "app"."fees" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_list_fees_changed"();--> statement-breakpoint
CREATE TRIGGER "fees_list_update" AFTER UPDATE ON "app"."fees" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_list_fees_changed"();--> statement-breakpoint
CREATE TRIGGER "fees_list_delete" AFTER DELETE ON "app"."fees" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_list_fees_changed"();--> statement-breakpoint
CREATE TRIGGER "operator_fees_list_insert" AFTER INSERT ON "app"."operator_fees" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_list_fees_changed"();--> statement-breakpoint
CREATE TRIGGER "operator_fees_list_update" AFTER UPDATE ON "app"."operator_fees" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_list_fees_changed"();--> statement-breakpoint
CREATE TRIGGER "operator_fees_list_delete" AFTER DELETE ON "app"."operator_fees" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_list_fees_changed"();--> statement-breakpoint
-- Worker counts by status: every flush writes account_activity (its share times), so only rows
-- whose counts changed, or new rows with counts, touch a list.
CREATE FUNCTION "app"."customer_list_activity_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "app"."customer_list_touch_miners"(array(SELECT account_id FROM added
			WHERE kind = 'miner' AND (workers_stable, workers_unavailable, workers_off, workers_removed) <> (0, 0, 0, 0)));
	ELSE
		PERFORM "app"."customer_list_touch_miners"(array(SELECT n.account_id FROM added n JOIN removed o USING (account_id)
			WHERE n.kind = 'miner' AND (n.workers_stable, n.workers_unavailable, n.workers_off, n.workers_removed)
				IS DISTINCT FROM (o.workers_stable, o.workers_unavailable, o.workers_off, o.workers_removed)));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "account_activity_list_insert" AFTER INSERT ON "app"."account_activity" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_list_activity_changed"();--> statement-breakpoint
CREATE TRIGGER "account_activity_list_update" AFTER UPDATE ON "app"."account_activity" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_list_activity_changed"();--> statement-breakpoint
-- Miners' balances: the ledger's entries trigger writes them (a new account starts at zero).
CREATE FUNCTION "app"."customer_list_balances_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "app"."customer_list_touch_miners"(array(SELECT n.owner_id FROM added n JOIN removed o USING (id)
		WHERE n.kind = 'miner' AND n.balance <> o.balance));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_list_update" AFTER UPDATE ON "app"."ledger_accounts" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "app"."customer_list_balances_changed"();
--> statement-breakpoint
-- The pool's default fee is the fee of every customer without one of its own.
CREATE FUNCTION "app"."customer_list_pool_fee_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "app"."customer_list_touch"(array[NEW.id] || array(SELECT id FROM "app"."operators" WHERE pool_id = NEW.id));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pools_list_default_fee" AFTER UPDATE OF "settings" ON "app"."pools" FOR EACH ROW WHEN (OLD.settings->'default_fee_percent' IS DISTINCT FROM NEW.settings->'default_fee_percent') EXECUTE FUNCTION "app"."customer_list_pool_fee_changed"();
