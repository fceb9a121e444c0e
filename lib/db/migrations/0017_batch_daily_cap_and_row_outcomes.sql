ALTER TABLE "console"."payout_batch_rows" DROP CONSTRAINT "payout_batch_rows_status_valid";--> statement-breakpoint
ALTER TABLE "console"."payout_batches" ADD COLUMN "reference_values" jsonb;--> statement-breakpoint
CREATE INDEX "payout_batch_rows_following_idx" ON "console"."payout_batch_rows" USING btree ("status","updated_at");--> statement-breakpoint
ALTER TABLE "console"."payout_batch_rows" ADD CONSTRAINT "payout_batch_rows_status_valid" CHECK ("console"."payout_batch_rows"."status" in ('PENDING', 'SUBMITTING', 'CREATED', 'COMPLETED', 'FAILED', 'CANCELLED'));