ALTER TABLE "billing_uploads" ADD COLUMN "totals" jsonb;--> statement-breakpoint
ALTER TABLE "credit_limits" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "note" text;