CREATE TABLE "console"."received_events" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "console"."received_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"resource_kind" text,
	"resource_id" text,
	"company_id" text,
	"at_time" timestamp with time zone,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "received_events_message_id_key" ON "console"."received_events" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "received_events_received_at_idx" ON "console"."received_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "received_events_resource_idx" ON "console"."received_events" USING btree ("resource_kind","resource_id","seq");