-- Counters are per (e-mail, client address) plus one global row per e-mail (client_key '*'); existing rows become
-- the global ones. PostgreSQL named the old single-column key login_attempts_pkey.
ALTER TABLE "console"."login_attempts" DROP CONSTRAINT "login_attempts_pkey";--> statement-breakpoint
ALTER TABLE "console"."login_attempts" ADD COLUMN "client_key" text DEFAULT '*' NOT NULL;--> statement-breakpoint
ALTER TABLE "console"."login_attempts" ADD COLUMN "lock_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "console"."login_attempts" ADD CONSTRAINT "login_attempts_email_client_pk" PRIMARY KEY("email","client_key");
