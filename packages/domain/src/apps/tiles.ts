import type { CustomerAppItem } from '../contracts/app-list.ts';
import { appsDisabledForOpenInvoices } from './details.ts';
import type { IntegrationMethod } from './methods.ts';

// The home's apps card (spec §2.5): apps are grouped by integration method (watchbr, playhub,
// display_only) and the apps of one such method are merged into one tile.

/** spec §2.5: the methods whose apps share one tile, in the card's order. */
export const mergedTileMethods = [
  'watchbr',
  'playhub',
  'display_only',
] as const satisfies readonly IntegrationMethod[];

export interface AppTile {
  /** Stable React key: 'method:{method}' for a merged tile, '{appId}:{contractId}' otherwise. */
  key: string;
  integration_method: IntegrationMethod;
  /** The distinct names of its apps, in list order, joined by ', '. */
  name: string;
  /** The first app's image; `images` has each distinct one. */
  image: string;
  images: string[];
  /** The first app's page: a merged tile opens the first of its apps. */
  link: string;
  description: string;
  app_store_link: string | null;
  play_store_link: string | null;
  /** Every app of the tile is active. */
  active: boolean;
  apps: CustomerAppItem[];
}

const distinct = (values: string[]) => [...new Set(values)];

function tile(key: string, apps: CustomerAppItem[]): AppTile {
  const first = apps[0]!;
  return {
    key,
    integration_method: first.customer_app.integration_method,
    name: distinct(apps.map((a) => a.customer_app.name)).join(', '),
    image: first.customer_app.image,
    images: distinct(apps.map((a) => a.customer_app.image)),
    link: first.link,
    description: first.description,
    app_store_link: apps.find((a) => a.app_store_link)?.app_store_link ?? null,
    play_store_link: apps.find((a) => a.play_store_link)?.play_store_link ?? null,
    active: apps.every((a) => a.active),
    apps,
  };
}

const isMerged = (method: IntegrationMethod) =>
  (mergedTileMethods as readonly IntegrationMethod[]).includes(method);

/**
 * The tiles of the home's apps card: one tile per merged method that has apps, in the order watchbr,
 * playhub, display_only; then one tile per other app, in the list's order.
 */
export function homeAppTiles(apps: readonly CustomerAppItem[]): AppTile[] {
  const merged = mergedTileMethods
    .map((method) => apps.filter((a) => a.customer_app.integration_method === method))
    .filter((group) => group.length > 0)
    .map((group) => tile(`method:${group[0]!.customer_app.integration_method}`, group));
  const single = apps
    .filter((a) => !isMerged(a.customer_app.integration_method))
    .map((a) => tile(`${a.customer_app.id}:${a.contract.id}`, [a]));
  return [...merged, ...single];
}

/**
 * spec §4: the home shows the 'apps disabled, check the open invoices' banner when any of the
 * subscriber's partner records has status_assinante_watch and online both '0'.
 */
export function anyAppsDisabled(
  records: readonly Parameters<typeof appsDisabledForOpenInvoices>[0][],
): boolean {
  return records.some(appsDisabledForOpenInvoices);
}
