CREATE TABLE "customer_snapshots" (
	"tenant_id" uuid NOT NULL,
	"document" text NOT NULL,
	"erp_customer_id" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"invoices" jsonb,
	"invoices_at" timestamp with time zone,
	CONSTRAINT "customer_snapshots_tenant_id_document_pk" PRIMARY KEY("tenant_id","document")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "offline_sign_in_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_snapshots" ADD CONSTRAINT "customer_snapshots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;