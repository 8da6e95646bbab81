import type { FeatureFlag } from '@central/domain';
import { EncryptJWT, type JWTPayload, jwtDecrypt, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.ts';
import { notAuthenticated } from './errors.ts';
import type { Keys } from './secrets.ts';
import {
  findLiveSession,
  insertSession,
  type Role,
  revokeSession,
  revokeSubjectSessions,
  type SessionRow,
} from './session-repository.ts';
import type { Tenant } from './tenancy.ts';

export type { Role } from './session-repository.ts';

/** A subscriber signed in to one provider's portal. */
export interface CustomerSession {
  id: string;
  tenantId: string;
  clientId: string;
  /** CPF/CNPJ digits. */
  document: string;
  erpCustomerId: string;
  name: string;
  featureFlags: FeatureFlag[];
}

/** A staff member of the portal (spec §2.4): every provider. */
export interface AdminSession {
  id: string;
  adminId: string;
  name: string;
}

/** A provider's own staff (spec §2.4), signed in with the client id: its own tenant only. */
export interface ProviderSession {
  id: string;
  tenantId: string;
  clientId: string;
  name: string;
}

/** A session just issued: the route puts `token` in the role's cookie until `expiresAt`. */
export interface IssuedSession<S> {
  role: Role;
  token: string;
  expiresAt: Date;
  session: S;
}

interface SessionClaims {
  role: Role;
  /** The provider's client id; absent for admins. */
  cid?: string;
  name: string;
  ff?: FeatureFlag[];
}
type VerifiedClaims = SessionClaims & JWTPayload;

/** spec §9: the admin token is kept 1 hour; the provider's staff get the same. */
export const STAFF_SESSION_TTL_MS = 3600_000;

/** How long a process trusts a session row it read: a sign-out on another process shows within this. */
export const SESSION_CACHE_MS = 3_000;

/**
 * Sessions are a signed token (jose, HS256) in an httpOnly cookie plus a row in `sessions`, so that
 * sign-out and password changes end them on the server (ARCHITECTURE §3). Three roles: customer,
 * admin and provider; a token of one role is never accepted for another, nor for another tenant.
 */
export function createSessions(deps: {
  db: Db;
  keys: Keys;
  /** Lifetime of a subscriber's session. */
  ttlMs: number;
  /** How long a process may trust a session row it read (0 disables the cache). */
  cacheMs?: number;
}) {
  // Live session rows read recently, by id. Revocations made by this process clear their entries at
  // once; revocations made by another process are seen here within `cacheMs`.
  const cacheMs = deps.cacheMs ?? SESSION_CACHE_MS;
  const live = new Map<string, { row: SessionRow; until: number }>();
  // Signatures already checked, by the exact token string: a repeat request skips the HMAC (the row
  // check still runs, so revocation is unaffected).
  const verifiedTokens = new Map<string, VerifiedClaims>();

  async function liveSession(id: string): Promise<SessionRow | undefined> {
    const hit = live.get(id);
    const now = Date.now();
    if (hit && hit.until > now && hit.row.expiresAt.getTime() > now) return hit.row;
    const row = await findLiveSession(deps.db, id);
    if (row && cacheMs > 0) {
      if (live.size > 50_000) live.clear();
      live.set(id, { row, until: now + cacheMs });
    } else live.delete(id);
    return row;
  }

  async function issue<S>(
    row: { role: Role; tenantId: string | null; subject: string; erpCustomerId?: string },
    claims: SessionClaims,
    ttlMs: number,
    view: (row: SessionRow) => S,
  ): Promise<IssuedSession<S>> {
    const expiresAt = new Date(Date.now() + ttlMs);
    const stored = await insertSession(deps.db, { ...row, expiresAt });
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(stored.id)
      .setSubject(row.subject)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(deps.keys.session);
    return { role: row.role, token, expiresAt, session: view(stored) };
  }

  async function claimsOf(token: string | undefined): Promise<VerifiedClaims | null> {
    if (!token) return null;
    const known = verifiedTokens.get(token);
    if (known && (known.exp ?? 0) * 1000 > Date.now()) return known;
    try {
      const { payload } = await jwtVerify<SessionClaims>(token, deps.keys.session, { algorithms: ['HS256'] });
      if (verifiedTokens.size > 50_000) verifiedTokens.clear();
      verifiedTokens.set(token, payload);
      return payload;
    } catch {
      return null;
    }
  }

  /** The live row behind a token of `role` for `tenant` (null for admins); any mismatch is a 401. */
  async function verify(token: string | undefined, role: Role, tenant: Tenant | null) {
    const claims = await claimsOf(token);
    if (!claims?.jti || !claims.sub || claims.role !== role) throw notAuthenticated();
    if ((claims.cid ?? null) !== (tenant?.clientId ?? null)) throw notAuthenticated();
    const row = await liveSession(claims.jti);
    if (!row || row.role !== role || row.tenantId !== (tenant?.id ?? null) || row.subject !== claims.sub)
      throw notAuthenticated();
    return { claims, row };
  }

  return {
    issueCustomer(s: { tenant: Tenant; document: string; erpCustomerId: string; name: string }) {
      return issue(
        { role: 'customer', tenantId: s.tenant.id, subject: s.document, erpCustomerId: s.erpCustomerId },
        { role: 'customer', cid: s.tenant.clientId, name: s.name, ff: s.tenant.featureFlags },
        deps.ttlMs,
        (row): CustomerSession => ({
          id: row.id,
          tenantId: s.tenant.id,
          clientId: s.tenant.clientId,
          document: s.document,
          erpCustomerId: s.erpCustomerId,
          name: s.name,
          featureFlags: s.tenant.featureFlags,
        }),
      );
    },

    issueAdmin(s: { adminId: string; name: string }) {
      return issue(
        { role: 'admin', tenantId: null, subject: s.adminId },
        { role: 'admin', name: s.name },
        STAFF_SESSION_TTL_MS,
        (row): AdminSession => ({ id: row.id, adminId: s.adminId, name: s.name }),
      );
    },

    issueProvider(s: { tenant: Tenant }) {
      return issue(
        { role: 'provider', tenantId: s.tenant.id, subject: s.tenant.clientId },
        { role: 'provider', cid: s.tenant.clientId, name: s.tenant.alias },
        STAFF_SESSION_TTL_MS,
        (row): ProviderSession => ({
          id: row.id,
          tenantId: s.tenant.id,
          clientId: s.tenant.clientId,
          name: s.tenant.alias,
        }),
      );
    },

    /** The subscriber session of `token` for `tenant`; any mismatch answers 401 and never data. */
    async customer(token: string | undefined, tenant: Tenant): Promise<CustomerSession> {
      const { claims, row } = await verify(token, 'customer', tenant);
      if (!row.erpCustomerId) throw notAuthenticated();
      return {
        id: row.id,
        tenantId: tenant.id,
        clientId: tenant.clientId,
        document: row.subject,
        erpCustomerId: row.erpCustomerId,
        name: claims.name,
        featureFlags: claims.ff ?? [],
      };
    },

    async admin(token: string | undefined): Promise<AdminSession> {
      const { claims, row } = await verify(token, 'admin', null);
      return { id: row.id, adminId: row.subject, name: claims.name };
    },

    async provider(token: string | undefined, tenant: Tenant): Promise<ProviderSession> {
      const { claims, row } = await verify(token, 'provider', tenant);
      return { id: row.id, tenantId: tenant.id, clientId: tenant.clientId, name: claims.name };
    },

    /** Ends the session of `token`, whatever its role and tenant; an invalid token has nothing to end. */
    async end(token: string | undefined): Promise<void> {
      const claims = await claimsOf(token);
      if (!claims?.jti) return;
      live.delete(claims.jti);
      await revokeSession(deps.db, claims.jti);
    },

    /** Ends every session of a subscriber but `exceptId` (after a password change), in `db` or a transaction. */
    async endAllOf(q: { tenantId: string; document: string; exceptId?: string }, db: Db = deps.db) {
      await revokeSubjectSessions(db, {
        tenantId: q.tenantId,
        role: 'customer',
        subject: q.document,
        exceptId: q.exceptId,
      });
      for (const [id, entry] of live) {
        if (entry.row.tenantId === q.tenantId && entry.row.subject === q.document && id !== q.exceptId)
          live.delete(id);
      }
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;

/**
 * Short-lived encrypted tokens (JWE, dir + A256GCM) that carry one flow's state between two requests
 * in an httpOnly cookie: their content is unreadable and they are bound to purpose and tenant.
 */
export function createStepTokens(keys: Keys) {
  return {
    async seal(purpose: string, clientId: string, data: Record<string, string>, ttlSeconds: number) {
      return new EncryptJWT({ ...data, purpose, cid: clientId })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .encrypt(keys.step);
    },
    async open(
      token: string | undefined,
      purpose: string,
      clientId: string,
    ): Promise<Record<string, string> | null> {
      if (!token) return null;
      try {
        const { payload } = await jwtDecrypt(token, keys.step);
        if (payload.purpose !== purpose || payload.cid !== clientId) return null;
        return payload as Record<string, string>;
      } catch {
        return null;
      }
    },
  };
}
export type StepTokens = ReturnType<typeof createStepTokens>;
