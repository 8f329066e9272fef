-- The windows' figures move out of the worker rows into a narrow table per window. Every minute
-- close rewrites the 15-minute figures of every worker that mined, and each update wrote a new
-- version of the wide worker row into all 16 of its indexes: bench:mining measured 12-19 s of
-- PostgreSQL per refresh of 100,000 workers. A window's table holds only what its list pages
-- sort on (its figures under each scope), so a 15-minute refresh writes 7 index entries a row,
-- a 1-hour or 24-hour refresh 4, and the worker rows keep the flushes' share times HOT.
CREATE TABLE "app"."worker_figures_15m" (
	"worker_id" integer PRIMARY KEY NOT NULL REFERENCES "app"."workers"("id") ON DELETE CASCADE,
	"pool_id" uuid NOT NULL,
	"miner_id" uuid NOT NULL,
	"operator_id" uuid,
	"hash_rate" double precision DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"rejected_shares" integer DEFAULT 0 NOT NULL,
	"reject_pct" double precision DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX "worker_figures_15m_miner_hash_rate_idx" ON "app"."worker_figures_15m" USING btree ("miner_id","hash_rate","worker_id");--> statement-breakpoint
CREATE INDEX "worker_figures_15m_operator_hash_rate_idx" ON "app"."worker_figures_15m" USING btree ("operator_id","hash_rate","worker_id");--> statement-breakpoint
CREATE INDEX "worker_figures_15m_pool_hash_rate_idx" ON "app"."worker_figures_15m" USING btree ("pool_id","hash_rate","worker_id");--> statement-breakpoint
CREATE INDEX "worker_figures_15m_miner_reject_pct_idx" ON "app"."worker_figures_15m" USING btree ("miner_id","reject_pct","worker_id");--> statement-breakpoint
CREATE INDEX "worker_figures_15m_operator_reject_pct_idx" ON "app"."worker_figures_15m" USING btree ("operator_id","reject_pct","worker_id");--> statement-breakpoint
CREATE INDEX "worker_figures_15m_pool_reject_pct_idx" ON "app"."worker_figures_15m" USING btree ("pool_id","reject_pct","worker_id");--> statement-breakpoint
CREATE TABLE "app"."worker_figures_1h" (
	"worker_id" integer PRIMARY KEY NOT NULL REFERENCES "app"."workers"("id") ON DELETE CASCADE,
	"pool_id" uuid NOT NULL,
	"miner_id" uuid NOT NULL,
	"operator_id" uuid,
	"hash_rate" double precision DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX "worker_figures_1h_miner_hash_rate_idx" ON "app"."worker_figures_1h" USING btree ("miner_id","hash_rate","worker_id");--> statement-breakpoint
CREATE INDEX "worker_figures_1h_operator_hash_rate_idx" ON "app"."worker_figures_1h" USING btree ("operator_id","hash_rate","worker_id");--> statement-breakpoint
CREATE INDEX "worker_figures_1h_pool_hash_rate_idx" ON "app"."worker_figures_1h" USING btree ("pool_id","hash_rate","worker_id");--> statement-breakpoint
CREATE TABLE "app"."worker_figures_24h" (
	"worker_id" integer PRIMARY KEY NOT NULL REFERENCES "app"."workers"("id") ON DELETE CASCADE,
	"pool_id" uuid NOT NULL,
	"miner_id" uuid NOT NULL,
	"operator_id" uuid,
	"hash_rate" double precision DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX "worker_figures_24h_miner_hash_rate_idx" ON "app"."worker_figures_24h" USING btree ("miner_id","hash_rate","worker_id");--> statement-breakpoint
CREATE INDEX "worker_figures_24h_operator_hash_rate_idx" ON "app"."worker_figures_24h" USING btree ("operator_id","hash_rate","worker_id");--> statement-breakpoint
CREATE INDEX "worker_figures_24h_pool_hash_rate_idx" ON "app"."worker_figures_24h" USING btree ("pool_id","hash_rate","worker_id");--> statement-breakpoint
INSERT INTO "app"."worker_figures_15m" (worker_id, pool_id, miner_id, operator_id, hash_rate, shares, rejected_shares, reject_pct)
SELECT id, pool_id, miner_id, operator_id, hash_rate_15m, shares_15m, rejected_shares_15m, reject_pct_15m FROM "app"."workers";--> statement-breakpoint
INSERT INTO "app"."worker_figures_1h" (worker_id, pool_id, miner_id, operator_id, hash_rate, shares)
SELECT id, pool_id, miner_id, operator_id, hash_rate_1h, shares_1h FROM "app"."workers";--> statement-breakpoint
INSERT INTO "app"."worker_figures_24h" (worker_id, pool_id, miner_id, operator_id, hash_rate, shares)
SELECT id, pool_id, miner_id, operator_id, hash_rate_24h, shares_24h FROM "app"."workers";--> statement-breakpoint
-- Every worker has a row in each window from its creation, so a list sorted on a figure reads
-- that window's index alone and still shows the workers with no figures yet.
CREATE FUNCTION "app"."add_worker_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO app.worker_figures_15m (worker_id, pool_id, miner_id, operator_id) SELECT id, pool_id, miner_id, operator_id FROM created;
	INSERT INTO app.worker_figures_1h (worker_id, pool_id, miner_id, operator_id) SELECT id, pool_id, miner_id, operator_id FROM created;
	INSERT INTO app.worker_figures_24h (worker_id, pool_id, miner_id, operator_id) SELECT id, pool_id, miner_id, operator_id FROM created;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "workers_add_figures" AFTER INSERT ON "app"."workers" REFERENCING NEW TABLE AS created
	FOR EACH STATEMENT EXECUTE FUNCTION "app"."add_worker_figures"();--> statement-breakpoint
DROP INDEX "app"."workers_miner_hash_rate_15m_idx";--> statement-breakpoint
DROP INDEX "app"."workers_operator_hash_rate_15m_idx";--> statement-breakpoint
DROP INDEX "app"."workers_pool_hash_rate_15m_idx";--> statement-breakpoint
DROP INDEX "app"."workers_miner_hash_rate_1h_idx";--> statement-breakpoint
DROP INDEX "app"."workers_operator_hash_rate_1h_idx";--> statement-breakpoint
DROP INDEX "app"."workers_pool_hash_rate_1h_idx";--> statement-breakpoint
DROP INDEX "app"."workers_miner_hash_rate_24h_idx";--> statement-breakpoint
DROP INDEX "app"."workers_operator_hash_rate_24h_idx";--> statement-breakpoint
DROP INDEX "app"."workers_pool_hash_rate_24h_idx";--> statement-breakpoint
DROP INDEX "app"."workers_miner_reject_pct_15m_idx";--> statement-breakpoint
DROP INDEX "app"."workers_operator_reject_pct_15m_idx";--> statement-breakpoint
DROP INDEX "app"."workers_pool_reject_pct_15m_idx";--> statement-breakpoint
ALTER TABLE "app"."workers" DROP COLUMN "hash_rate_15m", DROP COLUMN "shares_15m", DROP COLUMN "rejected_shares_15m", DROP COLUMN "reject_pct_15m", DROP COLUMN "hash_rate_1h", DROP COLUMN "shares_1h", DROP COLUMN "hash_rate_24h", DROP COLUMN "shares_24h";
