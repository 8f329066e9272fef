ALTER TABLE "app"."invites" ADD COLUMN "activation_key_hash" text;--> statement-breakpoint
-- Invitations activated before activations were bound to a browser: no browser may resume them (the
-- invitee who set no password yet recovers the account by e-mail instead).
UPDATE "app"."invites" SET "activation_key_hash" = 'activated before browser binding' WHERE "identity_id" IS NOT NULL AND "accepted_at" IS NULL;--> statement-breakpoint
-- Invitation links mailed before: the outbox keeps no working token.
UPDATE "app"."outbox" SET "body" = regexp_replace("body", '/invitation\?token=[A-Za-z0-9_-]+', '/invitation?token=[removed]', 'g') WHERE "body" LIKE '%/invitation?token=%';
