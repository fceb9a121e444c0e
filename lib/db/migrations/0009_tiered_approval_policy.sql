-- Tiered payout approvals (issue 25). The per-asset thresholds in approval_policies are kept as they are and read
-- until an admin saves a tiered policy (lib/domain/payouts/approval-policy.ts policyFromLegacy; README "Payout approval
-- policy"); requests made before have no approval_plan and keep required_approvals by any approver.
CREATE TABLE "console"."payout_approval_policy" (
	"id" text PRIMARY KEY DEFAULT 'team' NOT NULL,
	"policy" jsonb NOT NULL,
	"updated_by_id" uuid,
	"updated_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_approval_policy_one_row" CHECK ("console"."payout_approval_policy"."id" = 'team')
);
--> statement-breakpoint
ALTER TABLE "console"."payout_approvals" ADD COLUMN "step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "console"."payout_approvals" ADD COLUMN "approver_role" text;--> statement-breakpoint
ALTER TABLE "console"."payout_requests" ADD COLUMN "approval_plan" jsonb;