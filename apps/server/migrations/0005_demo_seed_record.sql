CREATE TABLE "app"."seeds" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
-- Databases seeded before this record existed: the demo's people are there, so the demo counts as seeded.
INSERT INTO "app"."seeds" ("name", "completed_at")
SELECT 'demo', now()
WHERE EXISTS (
	SELECT 1 FROM "app"."users" WHERE "id" IN (
		'0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d01', '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d02', '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d03',
		'0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d04', '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d05'
	)
);
