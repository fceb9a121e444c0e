CREATE TABLE "console"."webhook_replay_items" (
	"job_id" uuid NOT NULL,
	"log_id" text NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"log_created_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"idempotency_key" uuid NOT NULL,
	"not_before" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_replay_items_job_id_log_id_pk" PRIMARY KEY("job_id","log_id"),
	CONSTRAINT "webhook_replay_items_status_valid" CHECK ("console"."webhook_replay_items"."status" in ('PENDING', 'SENDING', 'SENT', 'REFUSED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "console"."webhook_replay_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"status" text NOT NULL,
	"rate_per_second" integer DEFAULT 5 NOT NULL,
	"window_from" timestamp with time zone,
	"window_to" timestamp with time zone,
	"event_types" jsonb NOT NULL,
	"total" integer NOT NULL,
	"created_by_id" uuid,
	"created_by_email" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "webhook_replay_jobs_status_valid" CHECK ("console"."webhook_replay_jobs"."status" in ('RUNNING', 'COMPLETED', 'CANCELLED'))
);
--> statement-breakpoint
ALTER TABLE "console"."webhook_replay_items" ADD CONSTRAINT "webhook_replay_items_job_id_webhook_replay_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "console"."webhook_replay_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_replay_items_next_idx" ON "console"."webhook_replay_items" USING btree ("job_id","status","log_created_at");--> statement-breakpoint
CREATE INDEX "webhook_replay_jobs_subscription_idx" ON "console"."webhook_replay_jobs" USING btree ("subscription_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_replay_jobs_running_idx" ON "console"."webhook_replay_jobs" USING btree ("status");