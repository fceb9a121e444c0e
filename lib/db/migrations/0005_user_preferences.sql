ALTER TABLE "console"."users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "console"."users" ADD COLUMN "time_zone" text;