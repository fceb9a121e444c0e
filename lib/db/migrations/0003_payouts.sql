CREATE TABLE "console"."approval_policies" (
	"asset" text PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_by_id" uuid,
	"updated_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console"."payout_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"approver_id" uuid NOT NULL,
	"approver_email" text NOT NULL,
	"approver_name" text NOT NULL,
	"fresh_quote" jsonb NOT NULL,
	"drift_bps" text NOT NULL,
	"acknowledged" boolean NOT NULL,
	"tolerance_bps" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "console"."payout_quote_previews" (
	"quote_id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"quote" jsonb NOT NULL,
	"drift_bps" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console"."payout_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"requester_email" text NOT NULL,
	"requester_name" text NOT NULL,
	"source_account_id" uuid NOT NULL,
	"source_account_name" text NOT NULL,
	"source_asset" text NOT NULL,
	"beneficiary_id" uuid NOT NULL,
	"beneficiary_name" text NOT NULL,
	"instruction_id" uuid NOT NULL,
	"target_asset" text NOT NULL,
	"dict_key_type" text NOT NULL,
	"dict_key" text NOT NULL,
	"fixed_side" text NOT NULL,
	"amount" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"indicative_quote" jsonb NOT NULL,
	"required_approvals" integer NOT NULL,
	"status" text NOT NULL,
	"quote_attempt" integer DEFAULT 0 NOT NULL,
	"tolerance_bps" text,
	"lease_until" timestamp with time zone,
	"executed_quote" jsonb,
	"operation_id" uuid,
	"operation_status" text,
	"failure" jsonb,
	"rejection_reason" text,
	"decided_by_id" uuid,
	"decided_by_email" text,
	"states" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_requests_status_valid" CHECK ("console"."payout_requests"."status" in ('APPROVING', 'EXECUTING', 'PROCESSING', 'COMPLETED', 'FAILED', 'REJECTED', 'CANCELLED', 'EXPIRED'))
);
--> statement-breakpoint
ALTER TABLE "console"."payout_approvals" ADD CONSTRAINT "payout_approvals_request_id_payout_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "console"."payout_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."payout_quote_previews" ADD CONSTRAINT "payout_quote_previews_request_id_payout_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "console"."payout_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_approvals_one_per_approver" ON "console"."payout_approvals" USING btree ("request_id","approver_id") WHERE "console"."payout_approvals"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "payout_quote_previews_request_idx" ON "console"."payout_quote_previews" USING btree ("request_id","user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payout_requests_created_idx" ON "console"."payout_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payout_requests_requester_idx" ON "console"."payout_requests" USING btree ("requester_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payout_requests_status_idx" ON "console"."payout_requests" USING btree ("status","expires_at");