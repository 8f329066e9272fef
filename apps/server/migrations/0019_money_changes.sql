-- Every committed change of what the money reads answer (an account's payments and what it
-- earned) notifies 'app_money_changed', once per transaction (PostgreSQL folds equal
-- notifications): the product's processes empty their money read caches when they hear it
-- (modules/money/reads/money-changes.ts). The ledger's entries and transfers, the reward
-- breakdowns, the payout requests' states, and the names a payment shows its other party by.
CREATE FUNCTION "app"."notify_money_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_money_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_money_changed" AFTER INSERT ON "app"."ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "app"."notify_money_changed"();--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_money_changed" AFTER INSERT OR UPDATE ON "app"."ledger_transfers" FOR EACH STATEMENT EXECUTE FUNCTION "app"."notify_money_changed"();--> statement-breakpoint
CREATE TRIGGER "reward_breakdowns_money_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "app"."reward_breakdowns" FOR EACH STATEMENT EXECUTE FUNCTION "app"."notify_money_changed"();--> statement-breakpoint
CREATE TRIGGER "payout_requests_money_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "transfer_id", "status", "address", "txid" ON "app"."payout_requests" FOR EACH STATEMENT EXECUTE FUNCTION "app"."notify_money_changed"();--> statement-breakpoint
CREATE TRIGGER "promo_codes_money_changed" AFTER UPDATE OF "code" ON "app"."promo_codes" FOR EACH STATEMENT EXECUTE FUNCTION "app"."notify_money_changed"();--> statement-breakpoint
CREATE TRIGGER "miners_money_changed" AFTER UPDATE OF "account_name" ON "app"."miners" FOR EACH STATEMENT EXECUTE FUNCTION "app"."notify_money_changed"();--> statement-breakpoint
CREATE TRIGGER "operators_money_changed" AFTER UPDATE OF "title" ON "app"."operators" FOR EACH STATEMENT EXECUTE FUNCTION "app"."notify_money_changed"();--> statement-breakpoint
CREATE TRIGGER "pools_money_changed" AFTER UPDATE OF "name" ON "app"."pools" FOR EACH STATEMENT EXECUTE FUNCTION "app"."notify_money_changed"();
