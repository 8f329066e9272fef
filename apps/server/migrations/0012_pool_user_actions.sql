-- Spec 6 "Pool users": what pool staff and platform admins did to a user, and deletion requests.
-- Neither names app.users by foreign key: the record outlives a user who is deleted.
CREATE TABLE "app"."pool_user_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pool_user_actions_action_check" CHECK ("action" in ('session_closed', 'second_factor_reset', 'deletion_requested', 'user_deleted', 'invite_resent'))
);
--> statement-breakpoint
CREATE INDEX "pool_user_actions_user_idx" ON "app"."pool_user_actions" USING btree ("pool_id", "user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "app"."user_deletion_requests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"pool_id" uuid NOT NULL,
	"email" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_by_email" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
