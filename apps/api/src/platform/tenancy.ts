import {
  CLIENT_ID_HEADER,
  clientIdFromHost,
  clientIdSchema,
  type FeatureFlag,
  formatCpfOrCnpj,
  type Theme,
} from '@central/domain';
import type { CircuitBreakerPolicy } from 'cockatiel';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, Db } from '../db/client.ts';
import type { TenantSettingKind } from '../db/schema.ts';
import { CieloClient } from '../integrations/cielo/client.ts';
import { type IxcBreakerOptions, IxcClient, ixcBreaker } from '../integrations/ixc/client.ts';
import type { SettlementAccounts } from '../integrations/ixc/financial.ts';
import { AppError } from './errors.ts';
import { decryptSecret, type Keyring } from './secrets.ts';
import { findTenantRecord, type SettingRow, type TenantRecord } from './tenant-repository.ts';
import {
  type AcsSettings,
  type AppSecrets,
  type AppsSettings,
  acsSettings,
  appSecrets,
  appsSettings,
  type ContractSettings,
  cardSettings,
  contractSettings,
  defaultAppsSettings,
  defaultContractSettings,
  defaultSupportSettings,
  erpSettings,
  type PartnerName,
  type SupportSettings,
  supportSettings,
} from './tenant-settings.ts';

/**
 * A resolved provider. Its integration clients are built, and their secrets decrypted, only when a
 * request first uses them: resolving a tenant for a theme or a session check touches no secret.
 */
export interface Tenant {
  id: string;
  clientId: string;
  alias: string;
  theme: Theme;
  /** spec §9: days ahead of today that the to-pay list covers. */
  invoiceWindowDays: number;
  /** Issue 15: how many days old the last known status may be for a sign-in while the ERP is down. */
  offlineSignInDays: number;
  support: SupportSettings;
  /** The contracts area: downloads offered, the ERP's print model, the provider's legal identity. */
  contracts: ContractSettings;
  /** Subscribers carry credit_card when the provider has a card gateway and its settlement accounts. */
  featureFlags: FeatureFlag[];
  /** Where card receipts are booked in the provider's IXC; card payment is not offered without them. */
  settlement: SettlementAccounts | null;
  /** The provider's ERP (IXC webservice). */
  readonly ixc: IxcClient;
  /** The card gateway, when the provider has one. */
  readonly cielo: CieloClient | null;
  /** The ACS settings and decrypted private key, when the provider has an ACS. */
  readonly acs: (AcsSettings & { privateKey: string }) | null;
  /** Value-added apps: the partners and the cloud box the provider has, secrets decrypted on first use. */
  readonly apps: TenantApps;
}

export interface TenantApps {
  staticCatalogue: boolean;
  /** A contract's cloud-box group total, in GB; null: no limit. */
  cloudQuotaGb: number | null;
  /** A partner's API, when the provider has its URL and token. */
  partner(name: PartnerName): { url: string; token: string } | null;
  /** The cloud box's Nextcloud, when configured. */
  nextcloud(): { url: string; user: string; appPassword: string } | null;
}

/** How long a process trusts a provider it read: the bound on a change that missed its NOTIFY. */
export const TENANT_CACHE_TTL_MS = 5_000;
/** The channel on which API processes tell each other that a provider changed (payload: its client id). */
export const TENANT_CHANGES = 'tenant_changed';

/** Known providers and unknown client_ids are kept apart, so that a flood of made-up ids evicts no provider. */
export const TENANT_CACHE_LIMITS = { known: 10_000, unknown: 1_000 };

/** As IXC_BREAKER_FAILURES and IXC_BREAKER_HALF_OPEN_MS default. */
const DEFAULT_IXC_BREAKER: IxcBreakerOptions = { failures: 5, halfOpenAfterMs: 15_000 };

/** A map that keeps at most `max` entries, dropping the least recently used first. */
function lruMap<V>(max: number) {
  const entries = new Map<string, V>();
  return {
    get(key: string): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: V) {
      entries.delete(key);
      entries.set(key, value);
      for (const oldest of entries.keys()) {
        if (entries.size <= max) break;
        entries.delete(oldest);
      }
    },
    delete: (key: string) => entries.delete(key),
    get size() {
      return entries.size;
    },
  };
}

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/**
 * A GET that one of the portal's own pages made, not a navigation: Fetch Metadata, which browsers set and
 * no other site can forge. A link or a form from another site (a navigation, `cross-site`) never
 * qualifies, so a GET that changes something (a contract's trust unlock) cannot be triggered from there.
 */
function isOwnPagesGet(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    request.headers['sec-fetch-site'] === 'same-origin' &&
    request.headers['sec-fetch-mode'] !== 'navigate'
  );
}

/**
 * Resolves the tenant named by a request's `client_id` header. Records are cached for a few seconds
 * per process so that a suspension reaches every process quickly without a query per request.
 *
 * A GET of the portal's own pages without the header (`isOwnPagesGet`) names its tenant by its host, as
 * the SPA derives its client id: the browser's `<link rel="preload">` of a page's data (static-spa) cannot
 * add a header. Every other request still needs the header (and state changes the CSRF check in app.ts).
 */
export function createTenantResolver(deps: {
  db: Db;
  encryptionKey: Keyring;
  ixcTimeoutMs: number;
  ixcDocumentTimeoutMs?: number;
  ixcBreaker?: IxcBreakerOptions;
  cieloTimeoutMs?: number;
  cacheLimits?: typeof TENANT_CACHE_LIMITS;
  /** DEFAULT_CLIENT_ID: the tenant of a bare host name or an IP address (`byHost`); none: no host has one. */
  defaultClientId?: string;
  /** The database's LISTEN/NOTIFY, so that a change saved by one API process reaches the others at once. */
  bus?: Pick<Database, 'listen' | 'notify'>;
}) {
  const limits = deps.cacheLimits ?? TENANT_CACHE_LIMITS;
  const known = lruMap<{ at: number; tenant: Tenant }>(limits.known);
  const unknown = lruMap<{ at: number; tenant: null }>(limits.unknown);
  // One circuit per tenant and ERP address, per process: tenant records are remade every few seconds,
  // the circuit's count of failures must outlive them. A new ERP address starts a new circuit.
  const breakers = lruMap<CircuitBreakerPolicy>(limits.known);
  const breakerFor = (tenantId: string, domain: string) => {
    const key = `${tenantId} ${domain}`;
    let breaker = breakers.get(key);
    if (!breaker) {
      breaker = ixcBreaker(deps.ixcBreaker ?? DEFAULT_IXC_BREAKER);
      breakers.set(key, breaker);
    }
    return breaker;
  };

  function toTenant({ tenant: row, branding, settings }: TenantRecord): Tenant {
    const group = <S extends z.ZodType>(kind: TenantSettingKind, schema: S) => {
      const stored: SettingRow | undefined = settings.find((s) => s.kind === kind);
      return stored
        ? { settings: schema.parse(stored.settings) as z.output<S>, secretEnc: stored.secretEnc }
        : null;
    };
    const secret = (sealed: string | null) => {
      if (!sealed) throw new Error(`tenant ${row.clientId}: a setting group has no secret`);
      return decryptSecret(deps.encryptionKey, sealed);
    };
    const erp = group('erp', erpSettings);
    const card = group('card', cardSettings);
    const acs = group('acs', acsSettings);
    const support = group('support', supportSettings)?.settings ?? defaultSupportSettings;
    const contracts = group('contracts', contractSettings)?.settings ?? defaultContractSettings;

    const ixc = once(() => {
      if (!erp) throw new Error(`tenant ${row.clientId} has no ERP settings`);
      return new IxcClient({
        domain: erp.settings.domain,
        token: secret(erp.secretEnc),
        timeoutMs: deps.ixcTimeoutMs,
        documentTimeoutMs: deps.ixcDocumentTimeoutMs,
        readRetries: 1,
        breaker: breakerFor(row.id, erp.settings.domain),
      });
    });
    const cielo = once(() =>
      card
        ? new CieloClient({
            apiUrl: card.settings.apiUrl,
            queryUrl: card.settings.queryUrl,
            merchantId: card.settings.merchantId,
            merchantKey: secret(card.secretEnc),
            timeoutMs: deps.cieloTimeoutMs,
          })
        : null,
    );
    const acsWithKey = once(() => (acs ? { ...acs.settings, privateKey: secret(acs.secretEnc) } : null));
    const appsGroup = group('apps', appsSettings);
    const appsConfig: AppsSettings = appsGroup?.settings ?? defaultAppsSettings;
    const appsSecrets = once(
      (): AppSecrets =>
        appsGroup?.secretEnc ? appSecrets.parse(JSON.parse(secret(appsGroup.secretEnc))) : {},
    );
    const apps: TenantApps = {
      staticCatalogue: appsConfig.staticCatalogue,
      cloudQuotaGb: appsConfig.cloudQuotaGb,
      partner(name) {
        const config = appsConfig[name];
        const token = config ? appsSecrets()[name] : undefined;
        return config && token ? { url: config.url, token } : null;
      },
      nextcloud() {
        const config = appsConfig.nextcloud;
        const appPassword = config ? appsSecrets().nextcloud : undefined;
        return config && appPassword ? { ...config, appPassword } : null;
      },
    };

    return {
      id: row.id,
      clientId: row.clientId,
      alias: row.alias,
      theme: {
        client_id: row.clientId,
        alias: row.alias,
        vertical_logo_url: branding.verticalLogoUrl,
        horizontal_logo_url: branding.horizontalLogoUrl,
        app_logo_url: branding.appLogoUrl,
        favicon_url: branding.faviconUrl,
        primary_color: branding.primaryColor,
        secondary_color: branding.secondaryColor,
        whatsapp_number: branding.whatsappNumber,
        phone_number: branding.phoneNumber,
        contact_email: branding.contactEmail,
        faq_url: branding.faqUrl,
        support_type: support.supportType,
        support_chat: support.chat,
        show_contract_download: contracts.showContractDownload && contracts.contractPrintModelId !== null,
        show_annual_statement: contracts.showAnnualStatement,
        legal_name: contracts.legalName,
        cnpj: contracts.cnpj ? formatCpfOrCnpj(contracts.cnpj) : null,
        address: branding.address,
      },
      invoiceWindowDays: row.invoiceWindowDays,
      offlineSignInDays: row.offlineSignInDays,
      support,
      contracts,
      featureFlags: card && erp?.settings.settlement ? ['credit_card'] : [],
      settlement: erp?.settings.settlement ?? null,
      get ixc() {
        return ixc();
      },
      get cielo() {
        return cielo();
      },
      get acs() {
        return acsWithKey();
      },
      apps,
    };
  }

  function drop(clientId: string) {
    known.delete(clientId);
    unknown.delete(clientId);
  }
  // Another process changed a provider: drop it here too. Without a bus (or if listening fails) the
  // short cache above still bounds how long a change takes to show.
  const stopListening = deps.bus?.listen(TENANT_CHANGES, drop).catch(() => undefined);

  async function byClientId(clientId: string): Promise<Tenant | null> {
    const hit = known.get(clientId) ?? unknown.get(clientId);
    if (hit && Date.now() - hit.at < TENANT_CACHE_TTL_MS) return hit.tenant;
    const record = await findTenantRecord(deps.db, { clientId });
    const tenant = record && !record.tenant.suspendedAt ? toTenant(record) : null;
    if (tenant) {
      unknown.delete(clientId);
      known.set(clientId, { at: Date.now(), tenant });
    } else {
      known.delete(clientId);
      unknown.set(clientId, { at: Date.now(), tenant });
    }
    return tenant;
  }

  /** The tenant of a host name, as the SPA names it (`clientIdFromHost`); null without a default one. */
  async function byHost(hostname: string): Promise<Tenant | null> {
    if (deps.defaultClientId === undefined) return null;
    const parsed = clientIdSchema.safeParse(clientIdFromHost(hostname, deps.defaultClientId));
    return parsed.success ? byClientId(parsed.data) : null;
  }

  return {
    byClientId,
    byHost,
    async byId(id: string): Promise<Tenant | null> {
      const record = await findTenantRecord(deps.db, { id });
      return record ? byClientId(record.tenant.clientId) : null;
    },
    /** The tenant of a request, or a 404 that says so. */
    async fromRequest(request: FastifyRequest): Promise<Tenant> {
      const header = request.headers[CLIENT_ID_HEADER];
      let tenant: Tenant | null = null;
      if (header === undefined && isOwnPagesGet(request)) {
        tenant = await byHost(request.hostname);
      } else {
        const parsed = clientIdSchema.safeParse(Array.isArray(header) ? header[0] : header);
        if (parsed.success) tenant = await byClientId(parsed.data);
      }
      if (!tenant) throw new AppError(404, 'TENANT_NOT_FOUND');
      return tenant;
    },
    /** Drops a provider from the cache of this process at once, and of every other one through the bus. */
    async forget(clientId: string) {
      drop(clientId);
      await deps.bus?.notify(TENANT_CHANGES, clientId).catch(() => {});
    },
    /** Stops following other processes' changes. */
    async close() {
      await (await stopListening)?.();
    },
    /** How many client_ids this process holds, known or not. */
    cacheSize: () => known.size + unknown.size,
  };
}
export type TenantResolver = ReturnType<typeof createTenantResolver>;
