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
CREATE INDEX "step_up_challenges_user_idx" ON "console"."step_up_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "step_up_challenges_expires_at_idx" ON "console"."step_up_challenges" USING btree ("expires_at");