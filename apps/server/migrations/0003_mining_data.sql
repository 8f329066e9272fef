CREATE TABLE "app"."account_activity" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"first_share_at" timestamp with time zone NOT NULL,
	"last_share_at" timestamp with time zone NOT NULL,
	"workers_stable" integer DEFAULT 0 NOT NULL,
	"workers_unavailable" integer DEFAULT 0 NOT NULL,
	"workers_off" integer DEFAULT 0 NOT NULL,
	"workers_removed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_activity_kind_check" CHECK ("app"."account_activity"."kind" in ('miner', 'operator', 'pool'))
);
--> statement-breakpoint
CREATE TABLE "app"."account_hashrate_1d" (
	"account_id" uuid NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"accepted_difficulty" double precision NOT NULL,
	"rejected_difficulty" double precision NOT NULL,
	"accepted_shares" integer NOT NULL,
	"rejected_shares" integer NOT NULL,
	CONSTRAINT "account_hashrate_1d_pkey" PRIMARY KEY("account_id","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "app"."account_hashrate_1m" (
	"account_id" uuid NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"accepted_difficulty" double precision NOT NULL,
	"rejected_difficulty" double precision NOT NULL,
	"accepted_shares" integer NOT NULL,
	"rejected_shares" integer NOT NULL,
	CONSTRAINT "account_hashrate_1m_pkey" PRIMARY KEY("account_id","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "app"."account_hashrate_20m" (
	"account_id" uuid NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"accepted_difficulty" double precision NOT NULL,
	"rejected_difficulty" double precision NOT NULL,
	"accepted_shares" integer NOT NULL,
	"rejected_shares" integer NOT NULL,
	CONSTRAINT "account_hashrate_20m_pkey" PRIMARY KEY("account_id","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "app"."account_hashrate_4h" (
	"account_id" uuid NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"accepted_difficulty" double precision NOT NULL,
	"rejected_difficulty" double precision NOT NULL,
	"accepted_shares" integer NOT NULL,
	"rejected_shares" integer NOT NULL,
	CONSTRAINT "account_hashrate_4h_pkey" PRIMARY KEY("account_id","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "app"."account_hashrate_5m" (
	"account_id" uuid NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"accepted_difficulty" double precision NOT NULL,
	"rejected_difficulty" double precision NOT NULL,
	"accepted_shares" integer NOT NULL,
	"rejected_shares" integer NOT NULL,
	CONSTRAINT "account_hashrate_5m_pkey" PRIMARY KEY("account_id","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "app"."ingest_batches" (
	"batch_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"accepted" integer NOT NULL,
	"rejected" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."rollup_state" (
	"resolution" text PRIMARY KEY NOT NULL,
	"closed_through" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."virtual_mining_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donor_miner_id" uuid NOT NULL,
	"recipient_miner_id" uuid NOT NULL,
	"hash_rate_share" double precision,
	"fixed_hash_rate" double precision,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "virtual_mining_contracts_rate_check" CHECK (("app"."virtual_mining_contracts"."hash_rate_share" is null) <> ("app"."virtual_mining_contracts"."fixed_hash_rate" is null)
        and coalesce("app"."virtual_mining_contracts"."hash_rate_share", 0) between 0 and 1 and coalesce("app"."virtual_mining_contracts"."fixed_hash_rate", 0) >= 0),
	CONSTRAINT "virtual_mining_contracts_parties_check" CHECK ("app"."virtual_mining_contracts"."donor_miner_id" <> "app"."virtual_mining_contracts"."recipient_miner_id")
);
--> statement-breakpoint
CREATE TABLE "app"."worker_hashrate_1d" (
	"worker_id" integer NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"accepted_difficulty" double precision NOT NULL,
	"rejected_difficulty" double precision NOT NULL,
	"accepted_shares" integer NOT NULL,
	"rejected_shares" integer NOT NULL,
	CONSTRAINT "worker_hashrate_1d_pkey" PRIMARY KEY("worker_id","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "app"."worker_hashrate_1m" (
	"worker_id" integer NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"accepted_difficulty" double precision NOT NULL,
	"rejected_difficulty" double precision NOT NULL,
	"accepted_shares" integer NOT NULL,
	"rejected_shares" integer NOT NULL,
	CONSTRAINT "worker_hashrate_1m_pkey" PRIMARY KEY("worker_id","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "app"."worker_hashrate_20m" (
	"worker_id" integer NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"accepted_difficulty" double precision NOT NULL,
	"rejected_difficulty" double precision NOT NULL,
	"accepted_shares" integer NOT NULL,
	"rejected_shares" integer NOT NULL,
	CONSTRAINT "worker_hashrate_20m_pkey" PRIMARY KEY("worker_id","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "app"."worker_hashrate_4h" (
	"worker_id" integer NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"accepted_difficulty" double precision NOT NULL,
	"rejected_difficulty" double precision NOT NULL,
	"accepted_shares" integer NOT NULL,
	"rejected_shares" integer NOT NULL,
	CONSTRAINT "worker_hashrate_4h_pkey" PRIMARY KEY("worker_id","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "app"."worker_hashrate_5m" (
	"worker_id" integer NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"accepted_difficulty" double precision NOT NULL,
	"rejected_difficulty" double precision NOT NULL,
	"accepted_shares" integer NOT NULL,
	"rejected_shares" integer NOT NULL,
	CONSTRAINT "worker_hashrate_5m_pkey" PRIMARY KEY("worker_id","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "app"."workers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."workers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pool_id" uuid NOT NULL,
	"miner_id" uuid NOT NULL,
	"operator_id" uuid,
	"worker_name" text NOT NULL,
	"behaviour" text DEFAULT 'hardware' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_share_at" timestamp with time zone,
	"last_share_at" timestamp with time zone,
	"hash_rate_15m" double precision DEFAULT 0 NOT NULL,
	"shares_15m" integer DEFAULT 0 NOT NULL,
	"rejected_shares_15m" integer DEFAULT 0 NOT NULL,
	"reject_pct_15m" double precision DEFAULT 0 NOT NULL,
	"hash_rate_1h" double precision DEFAULT 0 NOT NULL,
	"shares_1h" integer DEFAULT 0 NOT NULL,
	"hash_rate_24h" double precision DEFAULT 0 NOT NULL,
	"shares_24h" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "workers_behaviour_check" CHECK ("app"."workers"."behaviour" in ('hardware', 'boundary'))
);
--> statement-breakpoint
ALTER TABLE "app"."virtual_mining_contracts" ADD CONSTRAINT "virtual_mining_contracts_donor_miner_id_miners_id_fk" FOREIGN KEY ("donor_miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."virtual_mining_contracts" ADD CONSTRAINT "virtual_mining_contracts_recipient_miner_id_miners_id_fk" FOREIGN KEY ("recipient_miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."workers" ADD CONSTRAINT "workers_miner_id_miners_id_fk" FOREIGN KEY ("miner_id") REFERENCES "app"."miners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_hashrate_1d_bucket_idx" ON "app"."account_hashrate_1d" USING btree ("bucket_start");--> statement-breakpoint
CREATE INDEX "account_hashrate_1m_bucket_idx" ON "app"."account_hashrate_1m" USING btree ("bucket_start");--> statement-breakpoint
CREATE INDEX "account_hashrate_20m_bucket_idx" ON "app"."account_hashrate_20m" USING btree ("bucket_start");--> statement-breakpoint
CREATE INDEX "account_hashrate_4h_bucket_idx" ON "app"."account_hashrate_4h" USING btree ("bucket_start");--> statement-breakpoint
CREATE INDEX "account_hashrate_5m_bucket_idx" ON "app"."account_hashrate_5m" USING btree ("bucket_start");--> statement-breakpoint
CREATE INDEX "ingest_batches_received_idx" ON "app"."ingest_batches" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "virtual_mining_contracts_recipient_idx" ON "app"."virtual_mining_contracts" USING btree ("recipient_miner_id");--> statement-breakpoint
CREATE INDEX "worker_hashrate_1d_bucket_idx" ON "app"."worker_hashrate_1d" USING btree ("bucket_start");--> statement-breakpoint
CREATE INDEX "worker_hashrate_1m_bucket_idx" ON "app"."worker_hashrate_1m" USING btree ("bucket_start");--> statement-breakpoint
CREATE INDEX "worker_hashrate_20m_bucket_idx" ON "app"."worker_hashrate_20m" USING btree ("bucket_start");--> statement-breakpoint
CREATE INDEX "worker_hashrate_4h_bucket_idx" ON "app"."worker_hashrate_4h" USING btree ("bucket_start");--> statement-breakpoint
CREATE INDEX "worker_hashrate_5m_bucket_idx" ON "app"."worker_hashrate_5m" USING btree ("bucket_start");--> statement-breakpoint
CREATE UNIQUE INDEX "workers_miner_name_key" ON "app"."workers" USING btree ("miner_id","worker_name");--> statement-breakpoint
CREATE INDEX "workers_operator_name_idx" ON "app"."workers" USING btree ("operator_id","worker_name");--> statement-breakpoint
CREATE INDEX "workers_pool_name_idx" ON "app"."workers" USING btree ("pool_id","worker_name");--> statement-breakpoint
CREATE INDEX "workers_miner_hash_rate_15m_idx" ON "app"."workers" USING btree ("miner_id","hash_rate_15m","id");--> statement-breakpoint
CREATE INDEX "workers_operator_hash_rate_15m_idx" ON "app"."workers" USING btree ("operator_id","hash_rate_15m","id");--> statement-breakpoint
CREATE INDEX "workers_pool_hash_rate_15m_idx" ON "app"."workers" USING btree ("pool_id","hash_rate_15m","id");--> statement-breakpoint
CREATE INDEX "workers_miner_hash_rate_1h_idx" ON "app"."workers" USING btree ("miner_id","hash_rate_1h","id");--> statement-breakpoint
CREATE INDEX "workers_operator_hash_rate_1h_idx" ON "app"."workers" USING btree ("operator_id","hash_rate_1h","id");--> statement-breakpoint
CREATE INDEX "workers_pool_hash_rate_1h_idx" ON "app"."workers" USING btree ("pool_id","hash_rate_1h","id");--> statement-breakpoint
CREATE INDEX "workers_miner_hash_rate_24h_idx" ON "app"."workers" USING btree ("miner_id","hash_rate_24h","id");--> statement-breakpoint
CREATE INDEX "workers_operator_hash_rate_24h_idx" ON "app"."workers" USING btree ("operator_id","hash_rate_24h","id");--> statement-breakpoint
CREATE INDEX "workers_pool_hash_rate_24h_idx" ON "app"."workers" USING btree ("pool_id","hash_rate_24h","id");--> statement-breakpoint
CREATE INDEX "workers_miner_reject_pct_15m_idx" ON "app"."workers" USING btree ("miner_id","reject_pct_15m","id");--> statement-breakpoint
CREATE INDEX "workers_operator_reject_pct_15m_idx" ON "app"."workers" USING btree ("operator_id","reject_pct_15m","id");--> statement-breakpoint
CREATE INDEX "workers_pool_reject_pct_15m_idx" ON "app"."workers" USING btree ("pool_id","reject_pct_15m","id");--> statement-breakpoint
-- Written by hand: rows updated in place at every flush or close keep room for HOT updates.
ALTER TABLE "app"."workers" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "app"."worker_hashrate_1m" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "app"."account_hashrate_1m" SET (fillfactor = 80);
