CREATE TABLE "download_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"erp_customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"erp_customer_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"card_id" uuid,
	"installments" integer NOT NULL,
	"invoice_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"gateway_payment_id" text,
	"authorization_code" text,
	"return_code" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"erp_customer_id" text NOT NULL,
	"gateway_token_enc" text NOT NULL,
	"fingerprint" text NOT NULL,
	"brand" text NOT NULL,
	"last_digits" text NOT NULL,
	"expiry" text NOT NULL,
	"alias" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "invoice_window_days" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "cielo_merchant_id" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "cielo_merchant_key_enc" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "cielo_api_url" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "cielo_query_url" text;--> statement-breakpoint
ALTER TABLE "download_tokens" ADD CONSTRAINT "download_tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_id_saved_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_per_invoice" ON "payments" USING btree ("tenant_id","invoice_id") WHERE status IN ('pending', 'paid');--> statement-breakpoint
CREATE INDEX "saved_cards_customer" ON "saved_cards" USING btree ("tenant_id","erp_customer_id");