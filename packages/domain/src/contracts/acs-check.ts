import { z } from '../zod.ts';

// The panel's menu asks it on every page, so it is a module of its own: the panel's chunks build this
// one schema and not those of the devices' pages (contracts/devices.ts).

/** GET /api/acs/customer/check: whether the devices area exists for this subscriber. */
export const acsCheckResponse = z.object({ is_acs_configured: z.boolean() }).meta({ id: 'AcsCheck' });
export type AcsCheck = z.infer<typeof acsCheckResponse>;
