CREATE TABLE "console"."rate_samples" (
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"rate" text NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_samples_base_quote_observed_at_pk" PRIMARY KEY("base","quote","observed_at")
);
--> statement-breakpoint
CREATE TABLE "console"."saved_view_defaults" (
	"user_id" uuid NOT NULL,
	"list" text NOT NULL,
	"view_id" uuid NOT NULL,
	CONSTRAINT "saved_view_defaults_user_id_list_pk" PRIMARY KEY("user_id","list")
);
--> statement-breakpoint
CREATE TABLE "console"."saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"team_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_list_valid" CHECK ("console"."saved_views"."list" in ('operations', 'payouts', 'audit', 'webhookLogs')),
	CONSTRAINT "saved_views_team_default_shared" CHECK (not "console"."saved_views"."team_default" or "console"."saved_views"."shared")
);
--> statement-breakpoint
ALTER TABLE "console"."saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "console"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_view_id_saved_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "console"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console"."saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "console"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_list_name_idx" ON "console"."saved_views" USING btree ("owner_id","list",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_team_default_idx" ON "console"."saved_views" USING btree ("list") WHERE "console"."saved_views"."team_default";--> statement-breakpoint
CREATE INDEX "saved_views_list_idx" ON "console"."saved_views" USING btree ("list","shared");