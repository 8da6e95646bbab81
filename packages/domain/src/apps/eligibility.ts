import type { CustomerApp, CustomerAppList } from '../contracts/app-list.ts';
import type { ActivationCriterion, IntegrationMethod } from './methods.ts';

// Which of the tenant's apps a subscriber has (spec §3 App, §3 Tenant app, §7.2 GET /customer/apps).

/** What the rule reads of a tenant app; the rest of the app travels along untouched. */
export interface AppCriteria {
  id: string;
  activation_criteria: ActivationCriterion;
  integration_method: IntegrationMethod;
  /** IXC product ids (`produtos.id`); the admin stores them as 'id - label' pairs. */
  product_ids: readonly { id: string }[];
  /** IXC plan ids (`vd_contratos.id`). */
  plan_ids: readonly { id: string }[];
}

/** One item of a contract: an IXC `vd_contratos_produtos` row (the contract's own or its plan's default). */
export interface ContractProduct {
  /** The row's id: the contract's service (spec §7.2 services). */
  id: string;
  /** `id_produto`. */
  productId: string;
  name: string;
}

export interface SubscriberContract {
  id: string;
  /** IXC `status_internet` (spec §4: A, CM, CA, FA, AA, anything else disabled). */
  status: string;
  /** The plan the contract sells (`cliente_contrato.id_vd_contrato`), or null. */
  planId: string | null;
  products: readonly ContractProduct[];
}

/**
 * Only a contract shown as 'Ativo' (spec §4, status A) gives apps: blocked, pending-finance,
 * awaiting-signature and disabled contracts give none.
 */
export function contractGivesApps(contract: Pick<SubscriberContract, 'status'>): boolean {
  return contract.status === 'A';
}

/**
 * Whether the app's activation criterion holds for the contract (spec §3 Tenant app):
 * `any` always; `product_in_contract` when one of the app's products is among the contract's items;
 * `plan_in_contract` when the contract's plan is among the app's plans. The status is not read here.
 */
export function appApplies(app: AppCriteria, contract: SubscriberContract): boolean {
  switch (app.activation_criteria) {
    case 'any':
      return true;
    case 'product_in_contract':
      return matchingProduct(app, contract) !== null;
    case 'plan_in_contract':
      return contract.planId !== null && app.plan_ids.some((p) => p.id === contract.planId);
  }
}

/** The contract's first item (in IXC's order) whose product is one of the app's, or null. */
export function matchingProduct(app: AppCriteria, contract: SubscriberContract): ContractProduct | null {
  const ids = new Set(app.product_ids.map((p) => p.id));
  return contract.products.find((p) => ids.has(p.productId)) ?? null;
}

export interface AppOfContract<A extends AppCriteria> {
  app: A;
  contract: SubscriberContract;
  /** The contract item that made a product app apply; null for plan and `any` apps. */
  service: ContractProduct | null;
}

export interface SubscriberApps<A extends AppCriteria> {
  /** One entry per app and contract it applies to, by contract (in the given order), then by app. */
  apps: AppOfContract<A>[];
  /** The tenant's apps that apply to none of the subscriber's active contracts, each once. */
  inactive_apps: A[];
}

/**
 * The apps a subscriber has, per active contract, and the tenant's other apps.
 *
 * Deduplication: an app appears once per contract however many of its products the contract holds
 * (the detail page is per app and contract: /panel/app/{customerAppId}/{contractId}); an app with
 * criterion `any` does not depend on a contract, so it is listed once, on the first active contract;
 * an app is inactive only when no active contract has it, and is then listed once.
 */
export function subscriberApps<A extends AppCriteria>(
  tenantApps: readonly A[],
  contracts: readonly SubscriberContract[],
): SubscriberApps<A> {
  const active = contracts.filter(contractGivesApps);
  const apps: AppOfContract<A>[] = [];
  const had = new Set<string>();
  for (const contract of active) {
    for (const app of tenantApps) {
      if (app.activation_criteria === 'any' && had.has(app.id)) continue;
      if (!appApplies(app, contract)) continue;
      const service =
        app.activation_criteria === 'product_in_contract' ? matchingProduct(app, contract) : null;
      apps.push({ app, contract, service });
      had.add(app.id);
    }
  }
  const seen = new Set<string>();
  const inactive_apps = tenantApps.filter((a) => {
    if (had.has(a.id) || seen.has(a.id)) return false;
    seen.add(a.id);
    return true;
  });
  return { apps, inactive_apps };
}

/** The detail page of an app on a contract (spec §2.2): /panel/app/{customerAppId}/{contractId}[/{serviceId}]. */
export function appDetailPath(appId: string, contractId: string, serviceId?: string | null): string {
  const path = `/panel/app/${encodeURIComponent(appId)}/${encodeURIComponent(contractId)}`;
  return serviceId ? `${path}/${encodeURIComponent(serviceId)}` : path;
}

/** What the list shows of a tenant app besides the rule's fields (spec §3 Tenant app). */
export interface ListedApp extends AppCriteria {
  name: string;
  image: string;
  pending_text: string;
  active_text: string;
  app_store_link: string | null;
  play_store_link: string | null;
}

const customerApp = (app: ListedApp): CustomerApp => ({
  id: app.id,
  name: app.name,
  image: app.image,
  integration_method: app.integration_method,
  product_ids: app.product_ids.map((p) => p.id),
});

/**
 * GET /customer/apps (spec §3 App, §7.2) from the rule's result: `isActive` says whether the app was
 * activated on the contract, which picks the active or the pending text (spec §4); `appsDisabled` is the
 * §4 banner.
 */
export function customerAppList(
  tenantApps: readonly ListedApp[],
  contracts: readonly SubscriberContract[],
  options: { isActive: (appId: string, contractId: string) => boolean; appsDisabled: boolean },
): CustomerAppList {
  const { apps, inactive_apps } = subscriberApps(tenantApps, contracts);
  return {
    apps: apps.map(({ app, contract, service }) => {
      const active = options.isActive(app.id, contract.id);
      return {
        customer_app: customerApp(app),
        service: service && { id: service.id, name: service.name },
        contract: { id: contract.id },
        link: appDetailPath(app.id, contract.id, service?.id),
        description: active ? app.active_text : app.pending_text,
        app_store_link: app.app_store_link,
        play_store_link: app.play_store_link,
        active,
      };
    }),
    inactive_apps: inactive_apps.map((app) => ({
      customer_app: customerApp(app),
      description: app.pending_text,
      app_store_link: app.app_store_link,
      play_store_link: app.play_store_link,
    })),
    apps_disabled: options.appsDisabled,
  };
}
