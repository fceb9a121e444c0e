CREATE TABLE "console"."payout_batch_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"approver_id" uuid NOT NULL,
	"approver_email" text NOT NULL,
	"approver_name" text NOT NULL,
	"approver_role" text NOT NULL,
	"step" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console"."payout_batch_rows" (
	"batch_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"beneficiary_id" uuid NOT NULL,
	"beneficiary_name" text NOT NULL,
	"instruction_id" uuid NOT NULL,
	"tax_id" text NOT NULL,
	"dict_key" text NOT NULL,
	"amount" text NOT NULL,
	"asset" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"quote_attempt" integer DEFAULT 0 NOT NULL,
	"operation_id" uuid,
	"operation_status" text,
	"failure" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_batch_rows_batch_id_line_pk" PRIMARY KEY("batch_id","line"),
	CONSTRAINT "payout_batch_rows_status_valid" CHECK ("console"."payout_batch_rows"."status" in ('PENDING', 'SUBMITTING', 'CREATED', 'FAILED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "console"."payout_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"requester_id" uuid NOT NULL,
	"requester_email" text NOT NULL,
	"requester_name" text NOT NULL,
	"source_account_id" uuid NOT NULL,
	"source_account_name" text NOT NULL,
	"file_row_count" integer NOT NULL,
	"file_digest" text NOT NULL,
	"row_count" integer NOT NULL,
	"payable_digest" text NOT NULL,
	"totals" jsonb NOT NULL,
	"reference_currency" text NOT NULL,
	"reference_total" text,
	"approval_plan" jsonb NOT NULL,
	"rejection_reason" text,
	"decided_by_email" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "payout_batches_status_valid" CHECK ("console"."payout_batches"."status" in ('PENDING_APPROVAL', 'APPROVED', 'EXECUTING', 'COMPLETED', 'CANCELLED', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "console"."payout_batch_approvals" ADD CONSTRAINT "payout_batch_approvals_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "console"."payout_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."payout_batch_rows" ADD CONSTRAINT "payout_batch_rows_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "console"."payout_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_approvals_one_per_approver" ON "console"."payout_batch_approvals" USING btree ("batch_id","approver_id");--> statement-breakpoint
CREATE INDEX "payout_batch_rows_next_idx" ON "console"."payout_batch_rows" USING btree ("batch_id","status","line");--> statement-breakpoint
CREATE INDEX "payout_batches_created_id_idx" ON "console"."payout_batches" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payout_batches_status_idx" ON "console"."payout_batches" USING btree ("status");