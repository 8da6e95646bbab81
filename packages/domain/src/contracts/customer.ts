import { z } from '../zod.ts';

/** GET /api/central/customer/list (spec §3 Customer details). */
export const customerDetailsSchema = z
  .object({
    name: z.string(),
    phone: z.string().nullable(),
    cnpj_cpf: z.string(),
    email: z.string().nullable(),
  })
  .meta({ id: 'CustomerDetails' });
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;
