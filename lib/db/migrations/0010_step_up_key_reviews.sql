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
CREATE TABLE "console"."step_up_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"method" text NOT NULL,
	"canonical" text NOT NULL,
	"digest" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "step_up_challenges_method_valid" CHECK ("console"."step_up_challenges"."method" in ('webauthn', 'totp'))
);
--> statement-breakpoint
ALTER TABLE "console"."step_up_challenges" ADD CONSTRAINT "step_up_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "console"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beneficiary_key_reviews_beneficiary_idx" ON "console"."beneficiary_key_reviews" USING btree ("beneficiary_id");--> statement-breakpoint
CREATE INDEX "step_up_challenges_user_idx" ON "console"."step_up_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "step_up_challenges_expires_at_idx" ON "console"."step_up_challenges" USING btree ("expires_at");