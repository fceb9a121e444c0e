CREATE TABLE "console"."control_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"requested_by_email" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"effective_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by_id" uuid,
	"decided_by_email" text,
	"decided_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"note" text,
	CONSTRAINT "control_changes_status_valid" CHECK ("console"."control_changes"."status" in ('PENDING', 'APPROVED', 'REJECTED', 'APPLIED', 'CANCELLED', 'EXPIRED'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "control_changes_one_pending_per_subject" ON "console"."control_changes" USING btree ("subject") WHERE "console"."control_changes"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "control_changes_status_effective_idx" ON "console"."control_changes" USING btree ("status","effective_at");--> statement-breakpoint
CREATE INDEX "control_changes_requested_at_idx" ON "console"."control_changes" USING btree ("requested_at");