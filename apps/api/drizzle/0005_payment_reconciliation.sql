DROP INDEX "payments_one_live_per_invoice";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "check_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_per_invoice" ON "payments" USING btree ("tenant_id","invoice_id") WHERE status IN ('pending', 'unknown', 'paid');