import { z } from 'zod';

/** The provider's IXC webservice: `erp.provider.com.br` or a full base URL; its token is the secret. */
export const erpSettings = z.object({ domain: z.string().min(1) });
export type ErpSettings = z.infer<typeof erpSettings>;

/** The provider's GenieACS NBI (spec §3 ACS record); its private key is the secret. */
export const acsSettings = z.object({ url: z.string().min(1), issuer: z.string().min(1) });
export type AcsSettings = z.infer<typeof acsSettings>;

/** The card gateway (Cielo API 3.0): sales go to `apiUrl`, queries to `queryUrl`; the merchant key is the secret. */
export const cardSettings = z.object({
  gateway: z.literal('cielo'),
  merchantId: z.string().min(1),
  apiUrl: z.string().min(1),
  queryUrl: z.string().min(1),
});
export type CardSettings = z.infer<typeof cardSettings>;

/** How subscribers ask for help (spec §3 Tenant: support_type, subjects, department and process). */
export const supportSettings = z.object({
  supportType: z.enum(['os', 'customer_service']).default('os'),
  subjects: z.array(z.object({ id: z.string(), content: z.string() })).default([]),
  departmentId: z.string().nullable().default(null),
  processId: z.string().nullable().default(null),
});
export type SupportSettings = z.infer<typeof supportSettings>;

export const defaultSupportSettings: SupportSettings = supportSettings.parse({});
