CREATE TABLE "tenant_branding" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"vertical_logo_url" text NOT NULL,
	"horizontal_logo_url" text,
	"favicon_url" text,
	"app_logo_url" text,
	"primary_color" text NOT NULL,
	"secondary_color" text,
	"address" text,
	"whatsapp_number" text,
	"phone_number" text,
	"contact_email" text,
	"faq_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_settings" (
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"settings" jsonb NOT NULL,
	"secret_enc" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_settings_tenant_id_kind_pk" PRIMARY KEY("tenant_id","kind")
);
--> statement-breakpoint
DROP TABLE "audit_log" CASCADE;--> statement-breakpoint
ALTER TABLE "tenant_branding" ADD CONSTRAINT "tenant_branding_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD CONSTRAINT "tenant_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing providers keep their settings: each concern moves to its own row before the wide columns go.
INSERT INTO "tenant_branding" ("tenant_id", "vertical_logo_url", "horizontal_logo_url", "favicon_url", "app_logo_url", "primary_color", "secondary_color", "address", "whatsapp_number", "phone_number", "contact_email", "faq_url")
SELECT "id", "vertical_logo_url", "horizontal_logo_url", "favicon_url", "app_logo_url", "primary_color", "secondary_color", "address", "whatsapp_number", "phone_number", "contact_email", "faq_url" FROM "tenants";--> statement-breakpoint
INSERT INTO "tenant_settings" ("tenant_id", "kind", "settings", "secret_enc")
SELECT "id", 'erp', jsonb_build_object('domain', "ixc_domain"), "ixc_access_token_enc" FROM "tenants";--> statement-breakpoint
INSERT INTO "tenant_settings" ("tenant_id", "kind", "settings", "secret_enc")
SELECT "id", 'support', jsonb_build_object('supportType', "support_type", 'subjects', "subjects", 'departmentId', "department_id", 'processId', "process_id"), NULL FROM "tenants";--> statement-breakpoint
INSERT INTO "tenant_settings" ("tenant_id", "kind", "settings", "secret_enc")
SELECT "id", 'acs', jsonb_build_object('url', "ixc_acs_url", 'issuer', "ixc_acs_issuer"), "ixc_acs_private_key_enc" FROM "tenants"
WHERE "ixc_acs_url" IS NOT NULL AND "ixc_acs_issuer" IS NOT NULL AND "ixc_acs_private_key_enc" IS NOT NULL;--> statement-breakpoint
INSERT INTO "tenant_settings" ("tenant_id", "kind", "settings", "secret_enc")
SELECT "id", 'card', jsonb_build_object('gateway', 'cielo', 'merchantId', "cielo_merchant_id", 'apiUrl', "cielo_api_url", 'queryUrl', coalesce("cielo_query_url", "cielo_api_url")), "cielo_merchant_key_enc" FROM "tenants"
WHERE "cielo_merchant_id" IS NOT NULL AND "cielo_merchant_key_enc" IS NOT NULL AND "cielo_api_url" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "vertical_logo_url";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "horizontal_logo_url";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "favicon_url";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "app_logo_url";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "ixc_domain";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "ixc_access_token_enc";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "primary_color";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "secondary_color";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "address";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "whatsapp_number";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "phone_number";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "contact_email";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "faq_url";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "support_type";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "subjects";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "department_id";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "process_id";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "ixc_acs_issuer";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "ixc_acs_private_key_enc";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "ixc_acs_url";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "cielo_merchant_id";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "cielo_merchant_key_enc";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "cielo_api_url";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "cielo_query_url";