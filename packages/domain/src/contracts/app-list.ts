import { integrationMethods } from '../apps/methods.ts';
import { z } from '../zod.ts';

// The subscriber's apps as the home lists them (spec §2.2, §3 App, §7.2 GET /customer/apps): a module of
// their own, so that the home's chunks build these few schemas and not those of the apps' pages (details,
// activations, cloud box), which are many more (contracts/apps.ts).

/** spec §3 App: `customer_app`, the tenant's app as a subscriber sees it. */
export const customerAppSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    image: z.string(),
    integration_method: z.enum(integrationMethods),
    /** IXC product ids. */
    product_ids: z.array(z.string()),
  })
  .meta({ id: 'CustomerApp' });
export type CustomerApp = z.infer<typeof customerAppSchema>;

/** One app the subscriber has on one contract (spec §3 App). */
export const customerAppItemSchema = z
  .object({
    customer_app: customerAppSchema,
    /** The contract item that gives the app (product apps); null for plan and `any` apps. */
    service: z.object({ id: z.string(), name: z.string() }).nullable(),
    contract: z.object({ id: z.string() }),
    /** The app's detail page in the portal. */
    link: z.string(),
    /** The active text when active, else the pending text (spec §4). */
    description: z.string(),
    app_store_link: z.string().nullable(),
    play_store_link: z.string().nullable(),
    active: z.boolean(),
  })
  .meta({ id: 'CustomerAppItem' });
export type CustomerAppItem = z.infer<typeof customerAppItemSchema>;

/** A tenant app the subscriber does not have (none of the active contracts qualifies). */
export const inactiveAppSchema = z
  .object({
    customer_app: customerAppSchema,
    /** The pending text. */
    description: z.string(),
    app_store_link: z.string().nullable(),
    play_store_link: z.string().nullable(),
  })
  .meta({ id: 'CustomerInactiveApp' });
export type InactiveApp = z.infer<typeof inactiveAppSchema>;

/** GET /api/central/customer/apps (spec §7.2). */
export const customerAppListResponse = z
  .object({
    apps: z.array(customerAppItemSchema),
    inactive_apps: z.array(inactiveAppSchema),
    /** spec §4: the partner disabled the subscriber's apps (open invoices): the home's warning banner. */
    apps_disabled: z.boolean(),
  })
  .meta({ id: 'CustomerAppList' });
export type CustomerAppList = z.infer<typeof customerAppListResponse>;
