ALTER TABLE "app"."watchers" RENAME COLUMN "token" TO "token_hash";--> statement-breakpoint
DROP INDEX "app"."watchers_token_key";--> statement-breakpoint
-- Links handed out before keep working: their tokens become the hex SHA-256 the server now looks up.
UPDATE "app"."watchers" SET "token_hash" = encode(sha256(convert_to("token_hash", 'UTF8')), 'hex');--> statement-breakpoint
CREATE UNIQUE INDEX "watchers_token_hash_key" ON "app"."watchers" USING btree ("token_hash");
