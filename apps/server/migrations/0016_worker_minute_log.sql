-- Each flush appends its worker minutes here as one row of columns, committed with its batch ids,
-- instead of upserting a row per worker: under load a flush holds nearly every worker of the pool.
-- The engine folds the log into worker_hashrate_1m every few seconds, before closing buckets,
-- and on start (modules/mining/engine/flush-writes.ts); folding deletes what it adds, in one statement.
CREATE TABLE "app"."worker_minute_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"worker_ids" integer[] NOT NULL,
	"bucket_starts" bigint[] NOT NULL,
	"accepted_difficulty" double precision[] NOT NULL,
	"rejected_difficulty" double precision[] NOT NULL,
	"accepted_shares" integer[] NOT NULL,
	"rejected_shares" integer[] NOT NULL
);--> statement-breakpoint
-- Rows live for seconds: compressing their arrays would cost more than the bytes it saves.
ALTER TABLE "app"."worker_minute_log" ALTER COLUMN "worker_ids" SET STORAGE EXTERNAL, ALTER COLUMN "bucket_starts" SET STORAGE EXTERNAL, ALTER COLUMN "accepted_difficulty" SET STORAGE EXTERNAL, ALTER COLUMN "rejected_difficulty" SET STORAGE EXTERNAL, ALTER COLUMN "accepted_shares" SET STORAGE EXTERNAL, ALTER COLUMN "rejected_shares" SET STORAGE EXTERNAL;
