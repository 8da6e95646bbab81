/**
 * Every URL of the SPA (spec §2), written once for the router, the menu, the guards and the links:
 * `import * as paths from '@/shared/paths'`. A function builds the URL of one item; given `':invoiceId'`
 * it builds the route's pattern.
 */

export const root = '/';
export const signIn = '/sign-in';
export const signInPassword = '/sign-in-2';
/** spec §2.1: the terms of use and privacy policy. */
export const terms = '/termos-de-privacidade';
/** spec §2.1: password recovery and first access, in the order of their steps. */
export const recovery = {
  cpfCnpj: '/request-password-restoration',
  email: '/send-password-restoration-request',
  code: '/verification-code',
  password: '/change-password',
  done: '/password-changed-successfully',
} as const;

export const panel = '/panel';
export const notifications = `${panel}/notifications`;
export const devices = `${panel}/devices`;
/** One of the subscriber's routers, by its serial number (spec §2.2 /panel/device/{device_id}). */
export const device = (serial: string) => `${panel}/device/${serial}`;
/** Issue 15 'Meu Consumo': the connection history. */
export const connection = `${panel}/connection`;
export const security = `${panel}/security`;
export const financial = `${panel}/financial`;
export const invoices = `${financial}/invoices`;
export const invoicesToPay = `${financial}/invoices/to-pay`;
export const invoicesReceived = `${financial}/invoices/received`;
export const invoice = (invoiceId: string) => `${financial}/invoice/${invoiceId}`;
export const pixPayment = (invoiceId: string) => `${invoice(invoiceId)}/payment/pix`;
export const boletoPayment = (invoiceId: string) => `${invoice(invoiceId)}/payment/boleto`;
export const cardPayment = (invoiceId: string) => `${invoice(invoiceId)}/payment/card`;
/** A card added from the payment of an invoice goes back to that payment. */
export const cardPaymentNewCard = (invoiceId: string) => `${cardPayment(invoiceId)}/new`;
export const cards = `${financial}/credit-card`;
export const newCard = `${financial}/credit-card/new`;
export const fiscalNotes = `${financial}/nfs`;
export const contracts = `${financial}/contracts`;
export const customerService = {
  request: `${panel}/customer-service/request`,
  inProgress: `${panel}/customer-service/in-progress`,
  closed: `${panel}/customer-service/closed`,
} as const;
/** One ticket; its id is digits, so it never meets 'request', 'in-progress' or 'closed'. */
export const supportTicket = (supportId: string) => `${panel}/customer-service/${supportId}`;
export const supportAddMessage = (supportId: string) => `${supportTicket(supportId)}/add-message`;

/** spec §2.2 apps: an app on a contract, maybe on one contract item (the cloud box's cloud service). */
const apps = `${panel}/app`;
const tail = (segment?: string | null) => (segment ? `/${segment}` : '');
export const app = (customerAppId: string, contractId: string, cloudServiceId?: string | null) =>
  `${apps}/${customerAppId}/${contractId}${tail(cloudServiceId)}`;
/** The cloud box's users; the cloud service is in the spec's path, but a box given by a plan has none. */
export const cloudBox = (contractId: string, cloudServiceId?: string | null) =>
  `${apps}/atp-box/${contractId}${tail(cloudServiceId)}`;
export const cloudUserNew = (contractId: string, cloudServiceId?: string | null) =>
  `${cloudBox(contractId, cloudServiceId)}/user`;
export const cloudUserEdit = (
  contractId: string,
  cloudServiceId: string | null | undefined,
  userId: string,
) => `${cloudBox(contractId, cloudServiceId)}/user/edit/${userId}`;
export const oleTv = `${apps}/atplus-oletv`;
export const oleTvApp = (contractId: string, appId: string) => `${apps}/ole-tv/${contractId}/${appId}`;
export const watchbrApp = (contractId: string, appId: string) => `${apps}/watchbr/${contractId}/${appId}`;
export const tocaLivros = (contractId: string, appId: string) => `${apps}/tocalivros/${contractId}/${appId}`;

/** spec §2.4: the staff's back office; /adm and /auth/adm lead to its sign-in. */
export const adm = '/adm';
export const authAdm = '/auth/adm';
export const admSignIn = `${authAdm}/sign-in`;
export const admCustomers = `${adm}/customers`;
export const admNewCustomer = `${adm}/customer/new`;
export const admCustomer = (clientId: string) => `${adm}/customer/${clientId}/edit`;
export const admNewApp = (clientId: string) => `${adm}/customer/${clientId}/app/add`;
export const admEditApp = (clientId: string, appId: string) =>
  `${adm}/customer/${clientId}/app/${appId}/edit`;
/** spec §2.4: the providers' own sign-in (user = client id) and their area. */
export const providerSignIn = '/admin';
export const provider = '/provider';

/** The back office's areas: not white-labelled, with sessions of their own. */
export function isBackOffice(pathname: string): boolean {
  return [adm, authAdm, providerSignIn, provider].some(
    (area) => pathname === area || pathname.startsWith(`${area}/`),
  );
}

type RecoveryPath = (typeof recovery)[keyof typeof recovery];

/** A recovery page; `?first_access=true` keeps every page of the flow in its first-access wording. */
export function recoveryUrl(path: RecoveryPath, firstAccess: boolean): string {
  return firstAccess ? `${path}?first_access=true` : path;
}
