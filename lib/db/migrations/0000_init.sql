-- IF NOT EXISTS: drizzle's migrator creates this schema first for its own table (migrationsSchema: console).
CREATE SCHEMA IF NOT EXISTS "console";
--> statement-breakpoint
CREATE TABLE "console"."audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"target" text,
	"outcome" text NOT NULL,
	"correlation_id" text,
	"details" jsonb,
	CONSTRAINT "audit_events_outcome_valid" CHECK ("console"."audit_events"."outcome" in ('success', 'denied', 'error'))
);
--> statement-breakpoint
CREATE TABLE "console"."login_attempts" (
	"email" text PRIMARY KEY NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console"."sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"role_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent_hash" text
);
--> statement-breakpoint
CREATE TABLE "console"."users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"disabled_at" timestamp with time zone,
	"role_version" integer DEFAULT 1 NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower" CHECK ("console"."users"."email" = lower("console"."users"."email")),
	CONSTRAINT "users_role_valid" CHECK ("console"."users"."role" in ('admin', 'compliance', 'finance', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "console"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "console"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "console"."audit_events" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "console"."audit_events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "console"."sessions" USING btree ("user_id");