ALTER TABLE "payments" ADD COLUMN "settle_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attention_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attention_reason" text;