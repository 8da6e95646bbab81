CREATE TABLE "recovery_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"document" text NOT NULL,
	"erp_customer_id" text NOT NULL,
	"first_access" boolean DEFAULT false NOT NULL,
	"stage" text NOT NULL,
	"step_nonce" text NOT NULL,
	"mail_index" integer,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recovery_flows" ADD CONSTRAINT "recovery_flows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recovery_flows_subject" ON "recovery_flows" USING btree ("tenant_id","document");