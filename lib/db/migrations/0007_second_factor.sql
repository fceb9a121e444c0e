CREATE TABLE "console"."recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "console"."team_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"second_factor_required" boolean,
	"updated_by_id" uuid,
	"updated_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_settings_single_row" CHECK ("console"."team_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "console"."totp_factors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret_enc" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_time_step" bigint,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console"."webauthn_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "console"."sessions" ADD COLUMN "stage" text DEFAULT 'complete' NOT NULL;--> statement-breakpoint
ALTER TABLE "console"."sessions" ADD COLUMN "amr" text DEFAULT 'pwd' NOT NULL;--> statement-breakpoint
ALTER TABLE "console"."sessions" ADD COLUMN "factor_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "console"."sessions" ADD COLUMN "factor_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "console"."sessions" ADD COLUMN "webauthn_challenge" text;--> statement-breakpoint
ALTER TABLE "console"."sessions" ADD COLUMN "webauthn_challenge_purpose" text;--> statement-breakpoint
ALTER TABLE "console"."sessions" ADD COLUMN "webauthn_challenge_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "console"."recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "console"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."totp_factors" ADD CONSTRAINT "totp_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "console"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."webauthn_credentials" ADD CONSTRAINT "webauthn_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "console"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_user_hash_key" ON "console"."recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE INDEX "webauthn_credentials_user_idx" ON "console"."webauthn_credentials" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "console"."sessions" ADD CONSTRAINT "sessions_stage_valid" CHECK ("console"."sessions"."stage" in ('second-factor', 'enrol', 'complete'));