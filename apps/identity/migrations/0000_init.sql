CREATE SCHEMA "identity";
--> statement-breakpoint
CREATE TABLE "identity"."courier_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text DEFAULT 'email' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"template_type" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"send_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."credential_identifiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credential_id" uuid NOT NULL,
	"type" text NOT NULL,
	"identifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_id" uuid NOT NULL,
	"type" text NOT NULL,
	"config" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."flow_errors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"error" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"identity_id" uuid,
	"csrf_token" text NOT NULL,
	"request_url" text NOT NULL,
	"return_to" text,
	"active" text,
	"refresh" boolean DEFAULT false NOT NULL,
	"requested_aal" text DEFAULT 'aal1' NOT NULL,
	"ui" jsonb NOT NULL,
	"internal" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"transient_payload" jsonb,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schema_id" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"state_changed_at" timestamp with time zone,
	"traits" jsonb NOT NULL,
	"metadata_public" jsonb,
	"metadata_admin" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"flow_id" uuid NOT NULL,
	"identity_id" uuid NOT NULL,
	"address" text NOT NULL,
	"code_hash" text NOT NULL,
	"issued_by" text DEFAULT 'self_service' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."recovery_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_id" uuid NOT NULL,
	"via" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."session_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"logout_token" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"aal" text NOT NULL,
	"authentication_methods" jsonb NOT NULL,
	"authenticated_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."verifiable_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_id" uuid NOT NULL,
	"via" text NOT NULL,
	"value" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."credential_identifiers" ADD CONSTRAINT "credential_identifiers_credential_id_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "identity"."credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."credentials" ADD CONSTRAINT "credentials_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "identity"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."flows" ADD CONSTRAINT "flows_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "identity"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."one_time_codes" ADD CONSTRAINT "one_time_codes_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "identity"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."one_time_codes" ADD CONSTRAINT "one_time_codes_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "identity"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."recovery_addresses" ADD CONSTRAINT "recovery_addresses_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "identity"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."session_devices" ADD CONSTRAINT "session_devices_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "identity"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."sessions" ADD CONSTRAINT "sessions_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "identity"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."verifiable_addresses" ADD CONSTRAINT "verifiable_addresses_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "identity"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courier_messages_status_idx" ON "identity"."courier_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credential_identifiers_type_identifier_key" ON "identity"."credential_identifiers" USING btree ("type","identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_identity_type_key" ON "identity"."credentials" USING btree ("identity_id","type");--> statement-breakpoint
CREATE INDEX "flows_expires_idx" ON "identity"."flows" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_flow_idx" ON "identity"."one_time_codes" USING btree ("flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_addresses_via_value_key" ON "identity"."recovery_addresses" USING btree ("via","value");--> statement-breakpoint
CREATE INDEX "session_devices_session_idx" ON "identity"."session_devices" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "identity"."sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_logout_token_key" ON "identity"."sessions" USING btree ("logout_token");--> statement-breakpoint
CREATE INDEX "sessions_identity_idx" ON "identity"."sessions" USING btree ("identity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "verifiable_addresses_via_value_key" ON "identity"."verifiable_addresses" USING btree ("via","value");