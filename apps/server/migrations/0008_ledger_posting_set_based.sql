ALTER TABLE "app"."ledger_entries" DROP CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk";
--> statement-breakpoint
ALTER TABLE "app"."ledger_entries" DROP CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
-- Written by hand: the posting trigger of 0007 checks what the two foreign keys checked, once per
-- statement instead of twice per leg (every leg's transfer exists and is not canceled, every
-- account exists), and locks the accounts many runs share (the platform's and the pool's) last,
-- so that concurrent chunks of a reward run wait for each other only for those few rows.
CREATE OR REPLACE FUNCTION "app"."ledger_entries_post"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	offending uuid;
	wanted bigint;
	seen bigint;
BEGIN
	SELECT transfer_id INTO offending FROM new_entries GROUP BY transfer_id HAVING sum(amount) <> 0 LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'ledger transfer % does not balance', offending
			USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_balanced';
	END IF;
	SELECT count(DISTINCT transfer_id) INTO wanted FROM new_entries;
	SELECT count(*) INTO seen FROM "app"."ledger_transfers" t
	WHERE t.id IN (SELECT transfer_id FROM new_entries) AND t.status <> 'canceled';
	IF seen <> wanted THEN
		RAISE EXCEPTION 'a ledger entry names a transfer that does not exist or is canceled'
			USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_entries_live_transfer';
	END IF;
	SELECT n.transfer_id INTO offending
	FROM (SELECT transfer_id, count(*) AS legs FROM new_entries GROUP BY transfer_id) n
	WHERE (SELECT count(*) FROM "app"."ledger_entries" e WHERE e.transfer_id = n.transfer_id) <> n.legs
	LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'ledger transfer % already has entries: all legs come in one statement', offending
			USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_one_statement';
	END IF;
	SELECT count(DISTINCT account_id) INTO wanted FROM new_entries;
	PERFORM 1 FROM "app"."ledger_accounts" WHERE id IN (SELECT account_id FROM new_entries)
	ORDER BY (owner_id IS NULL OR kind = 'pool'), id FOR UPDATE;
	UPDATE "app"."ledger_accounts" a SET balance = a.balance + s.total
	FROM (SELECT account_id, sum(amount) AS total FROM new_entries GROUP BY account_id) s
	WHERE a.id = s.account_id;
	GET DIAGNOSTICS seen = ROW_COUNT;
	IF seen <> wanted THEN
		RAISE EXCEPTION 'a ledger entry names an account that does not exist'
			USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_entries_account';
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- The same lock order when canceling takes a transfer's legs back out.
CREATE OR REPLACE FUNCTION "app"."ledger_transfers_settle"() RETURNS trigger LANGUAGE plpgsql AS $$
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
		WHERE id IN (SELECT account_id FROM "app"."ledger_entries" WHERE transfer_id = OLD.id)
		ORDER BY (owner_id IS NULL OR kind = 'pool'), id FOR UPDATE;
		UPDATE "app"."ledger_accounts" a SET balance = a.balance - s.total
		FROM (SELECT account_id, sum(amount) AS total FROM "app"."ledger_entries" WHERE transfer_id = OLD.id GROUP BY account_id) s
		WHERE a.id = s.account_id;
	END IF;
	RETURN NEW;
END
$$;
