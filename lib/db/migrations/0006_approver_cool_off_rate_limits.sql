CREATE TABLE "console"."rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
ALTER TABLE "console"."users" ADD COLUMN "approver_since" timestamp with time zone DEFAULT now();--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "console"."rate_limits" USING btree ("expire");--> statement-breakpoint
-- Existing approvers: when they gained the right is not recorded, so their account's creation stands in for it;
-- everyone else has no right to approve. (The column's default, now(), is for rows written later without it.)
UPDATE "console"."users" SET "approver_since" = CASE WHEN "role" IN ('admin', 'finance') THEN "created_at" ELSE NULL END;
