import { randomBytes, randomInt } from 'node:crypto';
import {
  type AppDetails,
  appApplies,
  asksEmail,
  type ContentAppResponse,
  type CustomerAppList,
  cloudGroupId,
  type contentAppBody,
  contractGivesApps,
  customerAppList,
  type ErrorCode,
  formatCpfOrCnpj,
  type IntegrationMethod,
  type ListedApp,
  messages,
  type OleTvCheck,
  oleTvRecoverySent,
  onlyDigits,
  platformOf,
  type SubscriberContract,
  type TocaLivrosPrefill,
  type tocaLivrosBody,
} from '@central/domain';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { IxcError } from '../../integrations/ixc/client.ts';
import { findCustomerContract, listCustomerContracts } from '../../integrations/ixc/contracts.ts';
import { customerEmails, customerName, findCustomerById } from '../../integrations/ixc/customers.ts';
import {
  addProductToContract,
  contractItems,
  contractProducts,
  findProduct,
} from '../../integrations/ixc/products.ts';
import type { IxcContract, IxcCustomer } from '../../integrations/ixc/records.ts';
import { OleTvClient } from '../../integrations/partners/oletv.ts';
import { PlayhubClient } from '../../integrations/partners/playhub.ts';
import { TocaLivrosClient } from '../../integrations/partners/tocalivros.ts';
import {
  PartnerError,
  type PartnerSubscriberInput,
  type StreamingActivation,
  type StreamingSubscriber,
} from '../../integrations/partners/types.ts';
import { WatchClient } from '../../integrations/partners/watch.ts';
import { AppError, rateLimited } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { CustomerSession } from '../../platform/sessions.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import type { PartnerName } from '../../platform/tenant-settings.ts';
import { listApps, type TenantAppRow } from '../tenant-apps/repository.ts';
import { toView } from '../tenant-apps/service.ts';
import {
  activationsOf,
  claimActivation,
  findActivation,
  markActive,
  releaseClaim,
  upsertActive,
} from './repository.ts';

/**
 * An activation calls a partner or writes to the ERP: a script must not be able to hammer either in a
 * subscriber's name. Counted per subscriber, whatever the outcome.
 */
export const APP_LIMITS = {
  activationsPerCustomer: { limit: 10, windowMs: 3600_000 },
  oleTvRecoveryPerCustomer: { limit: 5, windowMs: 3600_000 },
};
/** An activation whose outcome is unknown (a timeout) may be tried again after this long. */
export const ACTIVATION_CLAIM_MS = 60_000;

const unavailable = () => new AppError(404, 'APP_UNAVAILABLE');

/** The method an app's partner answers for, or null for the methods without one. */
function partnerOf(method: IntegrationMethod): PartnerName | null {
  switch (method) {
    case 'watchbr':
      return 'watch';
    case 'playhub':
      return 'playhub';
    case 'ole_tv':
      return 'oletv';
    case 'api_toca_livros':
      return 'tocalivros';
    default:
      return null;
  }
}

/** A downstream failure (ERP, partner) as the catalogued 502 of the call; the cause is logged, not shown. */
function downstream(error: unknown, code: ErrorCode): never {
  if (error instanceof IxcError || error instanceof PartnerError) {
    const answer = new AppError(502, code);
    answer.cause = error;
    throw answer;
  }
  throw error;
}

export function toListedApp(row: TenantAppRow): ListedApp & { integrationProductIds: string[] } {
  return { ...toView(row, ''), integrationProductIds: row.integrationMethodProductIds.map((p) => p.id) };
}
type TenantListedApp = ReturnType<typeof toListedApp>;

/** The subscriber's phone: the mobile, else the landline; digits only, or null. */
function phoneOf(customer: IxcCustomer): string | null {
  const digits = onlyDigits(customer.telefone_celular) || onlyDigits(customer.fone);
  return digits.length >= 10 ? digits : null;
}

const birthdateOf = (customer: IxcCustomer) =>
  /^\d{4}-\d{2}-\d{2}$/.test(customer.data_nascimento) && !customer.data_nascimento.startsWith('0000')
    ? customer.data_nascimento
    : null;

export function createAppsService(deps: {
  db: Db;
  limiter: RateLimiter;
  log: Logger;
  partnerTimeoutMs?: number;
  now?: () => Date;
}) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());

  function partner<C>(
    tenant: Tenant,
    name: PartnerName,
    make: (c: { url: string; token: string; timeoutMs?: number }) => C,
  ): C | null {
    const connection = tenant.apps.partner(name);
    return connection ? make({ ...connection, timeoutMs: deps.partnerTimeoutMs }) : null;
  }
  const watch = (t: Tenant) => partner(t, 'watch', (c) => new WatchClient(c));
  const playhub = (t: Tenant) => partner(t, 'playhub', (c) => new PlayhubClient(c));
  const oleTv = (t: Tenant) => partner(t, 'oletv', (c) => new OleTvClient(c));
  const tocaLivros = (t: Tenant) => partner(t, 'tocalivros', (c) => new TocaLivrosClient(c));

  function streaming(tenant: Tenant, method: IntegrationMethod) {
    if (method === 'watchbr') return watch(tenant);
    if (method === 'playhub') return playhub(tenant);
    return null;
  }

  async function tenantApps(tenant: Tenant): Promise<TenantListedApp[]> {
    return (await listApps(db, tenant.id)).map(toListedApp);
  }

  async function withProducts(tenant: Tenant, contract: IxcContract): Promise<SubscriberContract> {
    const base = {
      id: contract.id,
      status: contract.status_internet,
      planId: /^[1-9]\d*$/.test(contract.id_vd_contrato) ? contract.id_vd_contrato : null,
    };
    // Only an active contract gives apps: the others' products are never asked for.
    const products = contractGivesApps(base) ? await contractProducts(tenant.ixc, contract) : [];
    return { ...base, products };
  }

  /** The customer's contracts with their products; products only of active contracts. */
  async function subscriberContracts(tenant: Tenant, session: CustomerSession) {
    const contracts = await listCustomerContracts(tenant.ixc, session.erpCustomerId);
    return Promise.all(contracts.map((c) => withProducts(tenant, c)));
  }

  /**
   * The app and one of the customer's contracts it applies to, or 404: an app of another tenant, a
   * contract of another customer, an inactive contract or one the app's criterion does not hold for all
   * answer the same.
   */
  async function appOnContract(tenant: Tenant, session: CustomerSession, appId: string, contractId: string) {
    return onContract(tenant, session, contractId, (a) => a.id === appId);
  }

  /** The first app of an integration method that the customer's contract has, as `appOnContract`. */
  async function methodOnContract(
    tenant: Tenant,
    session: CustomerSession,
    method: IntegrationMethod,
    contractId: string,
  ) {
    return onContract(tenant, session, contractId, (a) => a.integration_method === method);
  }

  async function onContract(
    tenant: Tenant,
    session: CustomerSession,
    contractId: string,
    wanted: (app: TenantListedApp) => boolean,
  ) {
    const apps = (await tenantApps(tenant)).filter(wanted);
    if (apps.length === 0) throw unavailable();
    const [found, customer] = await Promise.all([
      findCustomerContract(tenant.ixc, session.erpCustomerId, contractId),
      findCustomerById(tenant.ixc, session.erpCustomerId),
    ]);
    if (!found || !customer) throw unavailable();
    const contract = await withProducts(tenant, found);
    const app = contractGivesApps(contract) ? apps.find((a) => appApplies(a, contract)) : undefined;
    if (!app) throw unavailable();
    return { app, contract, customer };
  }

  function subscriberInput(
    session: CustomerSession,
    customer: IxcCustomer,
    contractId: string,
    app: TenantListedApp,
    email: string | null,
  ): PartnerSubscriberInput {
    return {
      name: customerName(customer),
      email,
      document: session.document,
      phone: phoneOf(customer),
      birthdate: birthdateOf(customer),
      externalId: `${session.erpCustomerId}-${contractId}`,
      productIds: app.integrationProductIds.length
        ? app.integrationProductIds
        : app.product_ids.map((p) => p.id),
    };
  }

  /** The partner's record of a streaming subscriber, or null (none, or the partner could not say). */
  async function streamingRecord(tenant: Tenant, method: IntegrationMethod, document: string) {
    const client = streaming(tenant, method);
    if (!client) return null;
    try {
      return await client.subscriber(document);
    } catch (error) {
      log.warn({ err: error, tenant: tenant.clientId, method }, 'partner subscriber lookup failed');
      return null;
    }
  }

  async function limit(rule: { limit: number; windowMs: number }, key: string) {
    const hit = await deps.limiter.hit(key, rule.limit, rule.windowMs);
    if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds);
  }

  /**
   * Runs one activation under a claim (see `claimActivation`): a second request while one is under way
   * is told to wait; an outcome that is unknown keeps the claim so that the next attempt, a minute on,
   * first asks the other side what it has.
   */
  async function claimed<T extends { login: string | null }>(
    key: Parameters<typeof claimActivation>[1],
    run: () => Promise<T>,
  ): Promise<T | 'active'> {
    const claim = await claimActivation(db, key, new Date(now().getTime() - ACTIVATION_CLAIM_MS));
    if (!claim) {
      const row = await findActivation(db, key);
      if (row?.status === 'active') return 'active';
      throw new AppError(409, 'APP_ACTIVATION_FAILED', messages.appActivationInProgress);
    }
    try {
      const result = await run();
      await markActive(db, claim.id, result.login);
      return result;
    } catch (error) {
      const unknownOutcome =
        (error instanceof PartnerError && error.kind === 'timeout') ||
        (error instanceof IxcError && error.kind === 'timeout');
      if (!unknownOutcome) await releaseClaim(db, claim.id);
      throw error;
    }
  }

  async function activateStreaming(
    tenant: Tenant,
    app: TenantListedApp,
    input: PartnerSubscriberInput,
  ): Promise<{ login: string | null; message: string }> {
    const client = streaming(tenant, app.integration_method);
    if (!client) throw unavailable();
    let answer: StreamingActivation;
    try {
      answer = await client.activate(input);
    } catch (error) {
      log.warn({ err: error, tenant: tenant.clientId, method: app.integration_method }, 'activation failed');
      throw error;
    }
    switch (answer.outcome) {
      case 'activated':
        return { login: answer.login, message: messages.appActivated };
      case 'already_active':
        return { login: answer.login, message: messages.appExistingLogin };
      case 'email_in_use':
        throw new AppError(409, 'APP_EMAIL_IN_USE');
      case 'birthdate_missing':
        throw new AppError(422, 'APP_BIRTHDATE_MISSING');
      case 'email_linked':
        throw new AppError(409, 'APP_EMAIL_LINKED');
      default:
        log.warn({ tenant: tenant.clientId, method: app.integration_method }, 'partner refused activation');
        throw new AppError(502, 'APP_ACTIVATION_FAILED');
    }
  }

  async function activateOleTv(tenant: Tenant, input: PartnerSubscriberInput) {
    const client = oleTv(tenant);
    if (!client) throw unavailable();
    const answer = await client.activate(input);
    switch (answer.outcome) {
      case 'activated':
        return { login: input.email, message: messages.oleTvActivated };
      case 'already_exists':
        throw new AppError(409, 'OLETV_ALREADY_ACTIVE');
      case 'email_in_use':
        throw new AppError(409, 'OLETV_EMAIL_IN_USE');
      default:
        throw new AppError(502, 'OLETV_ACTIVATION_FAILED');
    }
  }

  /** add_product_in_contract: the app's product is added to the contract unless it holds it already. */
  async function addProduct(tenant: Tenant, app: TenantListedApp, contract: SubscriberContract) {
    const productId = app.integrationProductIds[0] ?? app.product_ids[0]?.id;
    if (!productId) throw new AppError(400, 'APP_NOT_ACTIVATABLE');
    // Read again under the claim: an earlier attempt that timed out may have added it.
    const items = await contractItems(tenant.ixc, {
      id: contract.id,
      id_vd_contrato: contract.planId ?? '0',
    });
    if (!items.some((item) => item.id_produto === productId)) {
      const radiusGroup = items.find((item) => /^[1-9]\d*$/.test(item.id_plano))?.id_plano;
      const product = await findProduct(tenant.ixc, productId);
      if (!product || !radiusGroup) {
        log.warn({ tenant: tenant.clientId, productId }, 'app product or contract group missing in the ERP');
        throw new AppError(502, 'APP_ACTIVATION_FAILED');
      }
      await addProductToContract(tenant.ixc, contract.id, radiusGroup, product);
    }
    return { login: null, message: messages.appActivated };
  }

  /** login_sva: a login made for the subscriber, its password shown once and kept nowhere. */
  function svaLogin(session: CustomerSession, contractId: string) {
    const login = `${session.erpCustomerId}.${contractId}.${randomInt(100, 1000)}`;
    const password = randomBytes(9).toString('base64url');
    return { login, password };
  }

  return {
    /** GET /customer/apps (spec §3 App, §7.2). */
    async list(tenant: Tenant, session: CustomerSession): Promise<CustomerAppList> {
      const apps = await tenantApps(tenant);
      if (apps.length === 0) return { apps: [], inactive_apps: [], apps_disabled: false };
      const watchApps = apps.some((a) => a.integration_method === 'watchbr');
      const [contracts, activations, watchRecord] = await Promise.all([
        subscriberContracts(tenant, session),
        activationsOf(db, tenant.id, session.erpCustomerId),
        watchApps ? streamingRecord(tenant, 'watchbr', session.document) : Promise.resolve(null),
      ]);
      const active = new Set(
        activations.filter((a) => a.status === 'active').map((a) => `${a.appId}:${a.contractId}`),
      );
      const byId = new Map(apps.map((a) => [a.id, a]));
      const contractOf = new Map(contracts.map((c) => [c.id, c]));
      return customerAppList(apps, contracts, {
        isActive: (appId, contractId) => {
          const app = byId.get(appId);
          if (!app) return false;
          switch (app.integration_method) {
            case 'display_only':
            case 'api_atp_box':
              return true;
            case 'add_product_in_contract': {
              const contract = contractOf.get(contractId);
              const wanted = new Set(app.integrationProductIds);
              return (
                active.has(`${appId}:${contractId}`) ||
                (wanted.size > 0 && !!contract?.products.some((p) => wanted.has(p.productId)))
              );
            }
            case 'watchbr':
              return active.has(`${appId}:${contractId}`) || watchRecord !== null;
            default:
              return active.has(`${appId}:${contractId}`);
          }
        },
        appsDisabled: watchRecord !== null && !watchRecord.active,
      });
    },

    /** GET /customer/app/{appId}/{contractId}[/{cloudServiceId}]/details (spec §2.3, §3 App details). */
    async details(
      tenant: Tenant,
      session: CustomerSession,
      appId: string,
      contractId: string,
    ): Promise<AppDetails> {
      const { app, contract, customer } = await appOnContract(tenant, session, appId, contractId);
      const method = app.integration_method;
      const key = { tenantId: tenant.id, appId, erpCustomerId: session.erpCustomerId, contractId };
      const partnerName = partnerOf(method);
      const configured = partnerName === null || tenant.apps.partner(partnerName) !== null;

      let record: StreamingSubscriber | null = null;
      let partnerActive = false;
      const [activation] = await Promise.all([
        findActivation(db, key),
        (async () => {
          try {
            if (method === 'watchbr' || method === 'playhub') {
              record = await streamingRecord(tenant, method, session.document);
              partnerActive = record !== null;
            } else if (method === 'ole_tv') {
              partnerActive = (await oleTv(tenant)?.check(session.document))?.exists ?? false;
            } else if (method === 'api_toca_livros') {
              partnerActive = (await tocaLivros(tenant)?.isActive(session.document)) ?? false;
            }
          } catch (error) {
            if (!(error instanceof PartnerError)) throw error;
            log.warn({ err: error, tenant: tenant.clientId, method }, 'partner status failed');
          }
        })(),
      ]);
      const recorded = activation?.status === 'active';
      const wanted = new Set(app.integrationProductIds);
      const isActive =
        method === 'display_only' ||
        method === 'api_atp_box' ||
        recorded ||
        partnerActive ||
        (method === 'add_product_in_contract' && contract.products.some((p) => wanted.has(p.productId)));
      const suspended = (record as StreamingSubscriber | null)?.active === false;
      const isOnline = method === 'api_atp_box' ? tenant.apps.nextcloud() !== null : configured && !suspended;
      const login = activation?.login ?? (record as StreamingSubscriber | null)?.login ?? null;
      const platform = platformOf(method);
      const watchRecord = record as StreamingSubscriber | null;
      return {
        id: app.id,
        name: app.name,
        image: app.image,
        pending_text: app.pending_text,
        active_text: app.active_text,
        app_store_link: app.app_store_link,
        play_store_link: app.play_store_link,
        integration_method: method,
        integration: login ? { login } : null,
        is_active: isActive,
        is_online: isOnline,
        product_ids: app.product_ids.map((p) => p.id),
        platform: platform ? { name: platform, login } : null,
        customer: {
          full_name: customerName(customer),
          cpf_cnpj: formatCpfOrCnpj(session.document),
          email: customerEmails(customer)[0] ?? null,
          phone_number: phoneOf(customer),
        },
        app: watchRecord
          ? {
              status_assinante_watch: watchRecord.active ? '1' : '0',
              online: watchRecord.active ? '1' : '0',
            }
          : null,
        title: app.name,
        description: isActive ? app.active_text : app.pending_text,
        atp_box_group:
          method === 'api_atp_box'
            ? cloudGroupId(customerName(customer), session.document, contract.id)
            : null,
        static_catalogue: tenant.apps.staticCatalogue,
        contract_product_ids: contract.products.map((p) => p.productId),
      };
    },

    /** POST /customer/create/content-app (spec §4 Activation, §7.6). */
    async activate(
      tenant: Tenant,
      session: CustomerSession,
      body: z.output<typeof contentAppBody>,
    ): Promise<ContentAppResponse> {
      const rule = APP_LIMITS.activationsPerCustomer;
      await limit(rule, `apps:activate:${tenant.id}:${session.erpCustomerId}`);
      const { app, contract, customer } = await appOnContract(
        tenant,
        session,
        body.customerAppId,
        body.contractId,
      );
      const method = app.integration_method;
      if (method === 'api_atp_box' || method === 'api_toca_livros')
        throw new AppError(400, 'APP_NOT_ACTIVATABLE');
      const key = {
        tenantId: tenant.id,
        appId: app.id,
        erpCustomerId: session.erpCustomerId,
        contractId: contract.id,
        method,
      };
      if (method === 'display_only') {
        await upsertActive(db, key, null);
        return { message: messages.appActivated, active: true, login: null };
      }
      // The method is the tenant app's, never the body's: the e-mail rule follows it.
      const email = body.customerEmail ?? customerEmails(customer)[0] ?? null;
      if (asksEmail(platformOf(method)) && !email)
        throw new AppError(400, 'VALIDATION', messages.appEmailMissing);
      if (partnerOf(method) && !phoneOf(customer)) throw new AppError(400, 'APP_PHONE_MISSING');
      const input = subscriberInput(session, customer, contract.id, app, email);

      let sva: { login: string; password: string } | null = null;
      const failure: ErrorCode = method === 'ole_tv' ? 'OLETV_ACTIVATION_FAILED' : 'APP_ACTIVATION_FAILED';
      let outcome: { login: string | null; message: string } | 'active';
      try {
        outcome = await claimed<{ login: string | null; message: string }>(key, async () => {
          switch (method) {
            case 'watchbr':
            case 'playhub':
              return activateStreaming(tenant, app, input);
            case 'ole_tv':
              return activateOleTv(tenant, input);
            case 'add_product_in_contract':
              return addProduct(tenant, app, contract);
            case 'login_sva':
              sva = svaLogin(session, contract.id);
              return { login: sva.login, message: messages.appActivated };
            default:
              throw new AppError(400, 'APP_NOT_ACTIVATABLE');
          }
        });
      } catch (error) {
        downstream(error, failure);
      }
      if (outcome === 'active') return { message: messages.appExistingLogin, active: true, login: null };
      log.info({ tenant: tenant.clientId, app: app.id, method }, 'app activated');
      return { message: outcome.message, active: true, login: sva };
    },

    // Book app (Toca Livros)

    /** GET /customer/app/tocalivros: null (204) when already active, else the form's starting values. */
    async tocaLivrosPrefill(
      tenant: Tenant,
      session: CustomerSession,
      contractId: string,
    ): Promise<TocaLivrosPrefill | null> {
      const { customer } = await bookApp(tenant, session, contractId);
      const client = tocaLivros(tenant);
      if (!client) throw unavailable();
      let active: boolean;
      try {
        active = await client.isActive(session.document);
      } catch (error) {
        downstream(error, 'APP_DETAILS_FAILED');
      }
      if (active) return null;
      const phone = phoneOf(customer);
      return {
        name: customerName(customer),
        email: customerEmails(customer)[0] ?? null,
        cpf_cnpj: formatCpfOrCnpj(session.document),
        ddd: phone ? phone.slice(0, 2) : null,
        telefone: phone ? phone.slice(2) : null,
        internal_id: session.erpCustomerId,
        contract_id: contractId,
      };
    },

    /** POST /customer/app/tocalivros: the document and customer id are the session's, never the body's. */
    async tocaLivrosActivate(
      tenant: Tenant,
      session: CustomerSession,
      body: z.output<typeof tocaLivrosBody>,
    ): Promise<{ message: string }> {
      await limit(APP_LIMITS.activationsPerCustomer, `apps:activate:${tenant.id}:${session.erpCustomerId}`);
      if (body.cpf_cnpj !== session.document || body.internal_id !== session.erpCustomerId)
        throw unavailable();
      const { app } = await bookApp(tenant, session, body.contract_id);
      const client = tocaLivros(tenant);
      if (!client) throw unavailable();
      const key = {
        tenantId: tenant.id,
        appId: app.id,
        erpCustomerId: session.erpCustomerId,
        contractId: body.contract_id,
        method: app.integration_method,
      };
      try {
        await claimed<{ login: string | null }>(key, async () => {
          const answer = await client.activate({
            name: body.name,
            user: body.user,
            password: body.password,
            email: body.email,
            document: session.document,
            ddd: body.ddd,
            phone: body.telefone,
            externalId: `${session.erpCustomerId}-${body.contract_id}`,
          });
          switch (answer.outcome) {
            case 'activated':
            case 'already_active':
              return { login: body.user };
            case 'user_taken':
              throw new AppError(409, 'TOCALIVROS_USER_TAKEN');
            case 'email_in_use':
              throw new AppError(409, 'APP_EMAIL_IN_USE');
            default:
              throw new AppError(502, 'APP_ACTIVATION_FAILED');
          }
        });
      } catch (error) {
        downstream(error, 'APP_ACTIVATION_FAILED');
      }
      return { message: messages.tocaLivrosActivated };
    },

    // TV app (Olé TV)

    /** GET /atplus/oletv/check (spec §3 TV-app check result). */
    async oleTvCheck(tenant: Tenant, session: CustomerSession): Promise<OleTvCheck> {
      const apps = (await tenantApps(tenant)).filter((a) => a.integration_method === 'ole_tv');
      const client = oleTv(tenant);
      if (apps.length === 0 || !client)
        return { hasOletv: false, customerEmail: null, contractId: null, oletvAmount: 0 };
      const [contracts, customer, check] = await Promise.all([
        subscriberContracts(tenant, session),
        findCustomerById(tenant.ixc, session.erpCustomerId),
        client
          .check(session.document)
          .catch((error: unknown) => downstream(error, 'OLETV_ACTIVATION_FAILED')),
      ]);
      const contract = contracts.find((c) => contractGivesApps(c) && apps.some((a) => appApplies(a, c)));
      return {
        hasOletv: check.exists,
        customerEmail: check.email ?? (customer ? (customerEmails(customer)[0] ?? null) : null),
        contractId: contract?.id ?? null,
        oletvAmount: check.amount,
      };
    },

    /** POST /atplus/oletv/active: the TV app on one of the customer's contracts, with the ERP's e-mail. */
    async oleTvActivate(tenant: Tenant, session: CustomerSession, contractId: string) {
      await limit(APP_LIMITS.activationsPerCustomer, `apps:activate:${tenant.id}:${session.erpCustomerId}`);
      const app = await tvApp(tenant, session, contractId);
      return this.activate(tenant, session, {
        contractId,
        customerAppId: app.id,
        appId: null,
        platform: 'oletv',
        customerName: null,
        customerEmail: null,
        appPassword: null,
      });
    },

    /** POST /atplus/oletv/recovery-password: only to the e-mail the partner has for this customer. */
    async oleTvRecovery(tenant: Tenant, session: CustomerSession, email: string, contractId: string) {
      await limit(
        APP_LIMITS.oleTvRecoveryPerCustomer,
        `apps:oletv-recovery:${tenant.id}:${session.erpCustomerId}`,
      );
      await tvApp(tenant, session, contractId);
      const client = oleTv(tenant);
      if (!client) throw unavailable();
      try {
        const check = await client.check(session.document);
        if (!check.exists || !check.email || check.email.toLowerCase() !== email.toLowerCase())
          throw new AppError(404, 'OLETV_RECOVERY_NOT_FOUND');
        const sent = await client.recoverPassword(check.email, session.document);
        if (sent === 'not_found') throw new AppError(404, 'OLETV_RECOVERY_NOT_FOUND');
        return { message: oleTvRecoverySent(check.email) };
      } catch (error) {
        downstream(error, 'OLETV_RECOVERY_FAILED');
      }
    },

    methodOnContract,
  };

  function bookApp(tenant: Tenant, session: CustomerSession, contractId: string) {
    return methodOnContract(tenant, session, 'api_toca_livros', contractId);
  }

  async function tvApp(tenant: Tenant, session: CustomerSession, contractId: string) {
    return (await methodOnContract(tenant, session, 'ole_tv', contractId)).app;
  }
}

export type AppsService = ReturnType<typeof createAppsService>;
