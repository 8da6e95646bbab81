import { messages } from '../messages.ts';
import type { IntegrationMethod } from './methods.ts';

// The app detail page (spec §2.3, §3 App details, §4 App state and Activation, §5, §9).

/** spec §7.6, §9: the platform values POST /customer/create/content-app sends. */
export const contentAppPlatforms = [
  'watch',
  'watchbr',
  'oletv',
  'playhub',
  'login_sva',
  'add_product_in_contract',
] as const;
export type ContentAppPlatform = (typeof contentAppPlatforms)[number];

/** spec §5: the activation form asks for an e-mail for these. */
export const platformsAskingEmail: readonly ContentAppPlatform[] = ['watch', 'watchbr', 'oletv'];

/**
 * The platform an app is activated on (spec §4: ole_tv is sent as oletv). Null for the methods that are
 * not activated through the form: display_only (nothing to call), the cloud box and the book app (their
 * own views).
 */
export function platformOf(method: IntegrationMethod): ContentAppPlatform | null {
  switch (method) {
    case 'ole_tv':
      return 'oletv';
    case 'watchbr':
    case 'playhub':
    case 'login_sva':
    case 'add_product_in_contract':
      return method;
    case 'display_only':
    case 'api_atp_box':
    case 'api_toca_livros':
      return null;
  }
}

export function asksEmail(platform: ContentAppPlatform | null): boolean {
  return platform !== null && platformsAskingEmail.includes(platform);
}

export interface ActivationForm {
  platform: ContentAppPlatform | null;
  /** spec §5: watch, watchbr and oletv ask for an e-mail ('E-mail não informado.' when empty). */
  asksEmail: boolean;
  /** The e-mail the field starts with: the one in the ERP, or ''. */
  email: string;
  /** spec §4: the button is disabled when the customer has no phone number in the ERP. */
  disabled: boolean;
  notice: string | null;
}

export function activationForm(
  method: IntegrationMethod,
  customer: { email: string | null; phone_number: string | null },
  platform: ContentAppPlatform | null = platformOf(method),
): ActivationForm {
  const noPhone = !customer.phone_number?.replace(/\D/g, '');
  return {
    platform,
    asksEmail: asksEmail(platform),
    email: customer.email?.trim() ?? '',
    disabled: noPhone,
    notice: noPhone ? messages.appPhoneMissing : null,
  };
}

/** The e-mail check of the form: null when it may be sent. */
export function activationEmailError(
  platform: ContentAppPlatform | null,
  email: string | null,
): string | null {
  return asksEmail(platform) && !email?.trim() ? messages.appEmailMissing : null;
}

/** spec §9: the static catalogue, by IXC product id ('173;174' is one entry for either product). */
export const catalogueProducts = [
  { productIds: ['133'], key: 'globoplay', name: 'Globo Play' },
  { productIds: ['137'], key: 'globoplay_premium', name: 'Globo Play Premium' },
  { productIds: ['389'], key: 'premiere', name: 'Premiere' },
  { productIds: ['379'], key: 'full_play', name: 'Pacote Full Play' },
  { productIds: ['173', '174'], key: 'telemedicine', name: 'Telemedicina' },
  { productIds: ['393'], key: 'tracker', name: 'Rastreador' },
] as const;
export type CatalogueEntry = (typeof catalogueProducts)[number];

/** spec §9: a product given as 'id - label' is matched on the id before ' - '; '173;174' stands for both. */
export function productIdsOf(products: readonly (string | { id: string })[]): string[] {
  return products.flatMap((p) =>
    (typeof p === 'string' ? (p.split(' - ')[0] ?? '') : p.id)
      .split(';')
      .map((id) => id.trim())
      .filter(Boolean),
  );
}

/**
 * The catalogue entries of the app's products, in catalogue order; when the contract's products are
 * known, only those the contract holds.
 */
export function catalogueEntries(
  appProducts: readonly (string | { id: string })[],
  contractProducts?: readonly (string | { id: string })[],
): CatalogueEntry[] {
  const app = new Set(productIdsOf(appProducts));
  const contract = contractProducts ? new Set(productIdsOf(contractProducts)) : null;
  const held = (id: string) => app.has(id) && (contract === null || contract.has(id));
  return catalogueProducts.filter((entry) => entry.productIds.some(held));
}

export type AppDetailView =
  | { view: 'book_active' }
  | { view: 'book_inactive' }
  | { view: 'cloud_box' }
  | { view: 'static_catalogue'; entries: CatalogueEntry[] }
  | { view: 'active' }
  | { view: 'activation_form'; form: ActivationForm }
  | { view: 'pending'; notice: string };

export interface AppDetailInput {
  app: {
    integration_method: IntegrationMethod;
    is_active: boolean;
    is_online: boolean;
    product_ids: readonly (string | { id: string })[];
    /** The partner's platform when the details name one (it may be 'watch'); else from the method. */
    platform?: ContentAppPlatform | null;
  };
  customer: { email: string | null; phone_number: string | null };
  /** The contract's products (IXC ids), to narrow the static catalogue. */
  contract?: { productIds: readonly (string | { id: string })[] };
  /** The tenant setting that stands for the spec's 'client id contains a marker word'. */
  staticCatalogue: boolean;
}

/**
 * spec §2.3, in its order: the book app's active or not-active view; the cloud box's user management;
 * the static catalogue for its tenant; otherwise online and active → active view, online and not
 * active → activation form, offline → pending ('Seu app está desativado').
 */
export function appDetailView({ app, customer, contract, staticCatalogue }: AppDetailInput): AppDetailView {
  if (app.integration_method === 'api_toca_livros')
    return { view: app.is_active ? 'book_active' : 'book_inactive' };
  if (app.integration_method === 'api_atp_box') return { view: 'cloud_box' };
  if (staticCatalogue)
    return { view: 'static_catalogue', entries: catalogueEntries(app.product_ids, contract?.productIds) };
  if (!app.is_online) return { view: 'pending', notice: messages.appDisabled };
  if (app.is_active) return { view: 'active' };
  const platform = app.platform ?? platformOf(app.integration_method);
  return { view: 'activation_form', form: activationForm(app.integration_method, customer, platform) };
}

/**
 * spec §4: the warning banner (apps disabled; check the open invoices) shows when the partner record's
 * status_assinante_watch and online are both '0'. IXC may send them as numbers; a missing record is no
 * warning.
 */
export function appsDisabledForOpenInvoices(
  record: { status_assinante_watch: string | number | null; online: string | number | null } | null,
): boolean {
  return record !== null && String(record.status_assinante_watch) === '0' && String(record.online) === '0';
}

/** spec §8 Apps: the TV app's password-recovery success, naming the e-mail it was sent to. */
export function oleTvRecoverySent(email: string): string {
  return `Enviamos as instruções de recuperação de senha para ${email}.`;
}
