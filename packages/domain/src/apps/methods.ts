// The integration methods and activation criteria of a tenant's app (spec §3 Tenant app, §4, §5), kept
// apart from the back office's schemas: the subscriber's apps need these names, and importing them from
// contracts/admin.ts would build every back-office schema on each phone that opens the home.

export const activationCriteria = ['any', 'product_in_contract', 'plan_in_contract'] as const;
export type ActivationCriterion = (typeof activationCriteria)[number];
export const integrationMethods = [
  'watchbr',
  'ole_tv',
  'playhub',
  'login_sva',
  'display_only',
  'api_atp_box',
  'api_toca_livros',
  'add_product_in_contract',
] as const;
export type IntegrationMethod = (typeof integrationMethods)[number];
/** spec §4/§5: these need a product or plan criterion; 'any' is refused. */
export const methodsNotForAny: readonly IntegrationMethod[] = ['watchbr', 'ole_tv', 'playhub'];
export function isMethodAllowed(method: IntegrationMethod, criterion: ActivationCriterion): boolean {
  return !(criterion === 'any' && methodsNotForAny.includes(method));
}
