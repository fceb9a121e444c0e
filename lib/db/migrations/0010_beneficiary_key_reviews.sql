CREATE TABLE "console"."beneficiary_key_reviews" (
	"instruction_id" uuid PRIMARY KEY NOT NULL,
	"beneficiary_id" uuid NOT NULL,
	"creator_id" uuid,
	"creator_email" text,
	"creator_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewer_id" uuid,
	"reviewer_email" text,
	"reviewer_name" text,
	"decision" text,
	"decided_by_system" boolean DEFAULT false NOT NULL,
	"decided_at" timestamp with time zone,
	"reason" text,
	"proof" jsonb,
	CONSTRAINT "beneficiary_key_reviews_decision_valid" CHECK ("console"."beneficiary_key_reviews"."decision" is null or "console"."beneficiary_key_reviews"."decision" in ('APPROVED', 'REJECTED')),
	CONSTRAINT "beneficiary_key_reviews_not_own" CHECK ("console"."beneficiary_key_reviews"."reviewer_id" is null or "console"."beneficiary_key_reviews"."creator_id" is null or "console"."beneficiary_key_reviews"."reviewer_id" <> "console"."beneficiary_key_reviews"."creator_id")
);
--> statement-breakpoint
CREATE INDEX "beneficiary_key_reviews_beneficiary_idx" ON "console"."beneficiary_key_reviews" USING btree ("beneficiary_id");