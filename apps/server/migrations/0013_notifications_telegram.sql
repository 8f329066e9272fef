-- Issue 17, notifications: preferences per kind and channel, the Telegram chat-bot link, the
-- sessions the server has seen (sign-in from a new device), the worker-offline alert state, and
-- the notification events the dispatcher sends. Payout, reward, wallet and miner-deletion events
-- are written by triggers in the transaction that made the change, whichever process made it
-- (the 14:00 withdrawal and the batch run may run in a child process): an event is never lost
-- when the change committed, nor sent when it rolled back.
CREATE TABLE "app"."notification_preferences" (
	"user_id" uuid NOT NULL REFERENCES "app"."users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("user_id", "kind", "channel"),
	CONSTRAINT "notification_preferences_kind_check" CHECK ("kind" in ('delete-miner', 'miner-payout', 'miner-reward', 'miner-wallet-address-changed', 'miner-wallet-minpay-changed', 'user-login', 'worker-status-changed')),
	CONSTRAINT "notification_preferences_channel_check" CHECK ("channel" in ('email', 'telegram'))
);
--> statement-breakpoint
-- An invite's token is an HMAC of its id under the bot's token, so the link can be shown again
-- (GET telegram/invites/current) while the database keeps only its SHA-256 hash.
CREATE TABLE "app"."telegram_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "app"."users"("id") ON DELETE cascade,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_invites_token_hash_key" ON "app"."telegram_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "telegram_invites_user_idx" ON "app"."telegram_invites" USING btree ("user_id", "created_at");--> statement-breakpoint
CREATE TABLE "app"."telegram_chats" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "app"."users"("id") ON DELETE cascade,
	"chat_id" bigint NOT NULL,
	"username" text,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."seen_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "app"."users"("id") ON DELETE cascade,
	"user_agent" text,
	"ip_address" text,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "seen_sessions_user_idx" ON "app"."seen_sessions" USING btree ("user_id");--> statement-breakpoint
-- One row per worker that was alerted as offline and has not been announced back yet.
CREATE TABLE "app"."worker_offline_alerts" (
	"worker_id" integer PRIMARY KEY NOT NULL,
	"miner_id" uuid NOT NULL,
	"last_share_at" timestamp with time zone NOT NULL,
	"alerted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."notification_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"kind" text NOT NULL,
	"miner_id" uuid,
	"payload" jsonb NOT NULL,
	-- The people to tell; null: everyone with a permission on the miner when it is sent.
	"recipients" uuid[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	CONSTRAINT "notification_events_kind_check" CHECK ("kind" in ('delete-miner', 'miner-payout', 'miner-reward', 'miner-wallet-address-changed', 'miner-wallet-minpay-changed', 'user-login', 'worker-status-changed'))
);
--> statement-breakpoint
CREATE INDEX "notification_events_pending_idx" ON "app"."notification_events" USING btree ("id") WHERE "dispatched_at" IS NULL;--> statement-breakpoint
CREATE FUNCTION "app"."notify_payout_requests_created"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO app.notification_events (kind, miner_id, payload)
  SELECT 'miner-payout', n.miner_id,
    jsonb_build_object('stage', 'created', 'request_id', n.id, 'amount', n.amount::text, 'address', n.address, 'at', n.created_at)
  FROM new_rows n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payout_requests_notify_created" AFTER INSERT ON "app"."payout_requests" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."notify_payout_requests_created"();--> statement-breakpoint
CREATE FUNCTION "app"."notify_payout_requests_completed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO app.notification_events (kind, miner_id, payload)
  SELECT 'miner-payout', n.miner_id,
    jsonb_build_object('stage', 'completed', 'request_id', n.id, 'amount', n.amount::text, 'address', n.address, 'txid', n.txid, 'at', n.updated_at)
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.status = 'completed' AND o.status <> 'completed';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payout_requests_notify_completed" AFTER UPDATE ON "app"."payout_requests" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."notify_payout_requests_completed"();--> statement-breakpoint
CREATE FUNCTION "app"."notify_rewards_booked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO app.notification_events (kind, miner_id, payload)
  SELECT 'miner-reward', n.miner_id, jsonb_build_object('day', n.day, 'net', n.net::text, 'at', n.created_at)
  FROM new_rows n WHERE n.net > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reward_breakdowns_notify_booked" AFTER INSERT ON "app"."reward_breakdowns" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."notify_rewards_booked"();--> statement-breakpoint
CREATE FUNCTION "app"."notify_wallet_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO app.notification_events (kind, miner_id, payload)
  SELECT CASE WHEN n.field = 'address' THEN 'miner-wallet-address-changed' ELSE 'miner-wallet-minpay-changed' END,
    w.miner_id,
    jsonb_build_object(
      'field', n.field, 'value', n.value,
      'previous', (SELECT p.value FROM app.wallet_changes p WHERE p.wallet_id = n.wallet_id AND p.field = n.field AND p.id < n.id ORDER BY p.id DESC LIMIT 1),
      'by', n.changed_by_email, 'ip', n.ip_address, 'at', n.created_at)
  FROM new_rows n JOIN app.wallets w ON w.id = n.wallet_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "wallet_changes_notify" AFTER INSERT ON "app"."wallet_changes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "app"."notify_wallet_changed"();--> statement-breakpoint
-- A deleted miner keeps its row (deleted_at); the people told are those with a permission on it
-- when it was deleted, taken here because the deletion may take their permissions away.
CREATE FUNCTION "app"."notify_miner_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
    INSERT INTO app.notification_events (kind, miner_id, payload, recipients)
    VALUES ('delete-miner', NEW.id, jsonb_build_object('account_name', NEW.account_name, 'at', NEW.deleted_at),
      ARRAY(SELECT p.user_id FROM app.permissions p WHERE p.type = 'miner' AND p.account_id = NEW.id));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "miners_notify_deleted" BEFORE UPDATE OF "deleted_at" ON "app"."miners" FOR EACH ROW EXECUTE FUNCTION "app"."notify_miner_deleted"();
