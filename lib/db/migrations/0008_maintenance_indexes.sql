DROP INDEX "console"."audit_events_at_idx";--> statement-breakpoint
DROP INDEX "console"."payout_quote_previews_request_idx";--> statement-breakpoint
DROP INDEX "console"."payout_requests_created_idx";--> statement-breakpoint
DROP INDEX "console"."payout_requests_requester_idx";--> statement-breakpoint
DROP INDEX "console"."webhook_replay_jobs_subscription_idx";--> statement-breakpoint
CREATE INDEX "audit_events_at_id_idx" ON "console"."audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "payout_quote_previews_request_created_idx" ON "console"."payout_quote_previews" USING btree ("request_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_requests_created_id_idx" ON "console"."payout_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payout_requests_requester_created_idx" ON "console"."payout_requests" USING btree ("requester_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sessions_last_seen_at_idx" ON "console"."sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "sessions_created_at_idx" ON "console"."sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_replay_jobs_subscription_created_idx" ON "console"."webhook_replay_jobs" USING btree ("subscription_id","created_at");