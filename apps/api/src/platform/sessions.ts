import type { FeatureFlag } from '@central/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EncryptJWT, jwtDecrypt, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.ts';
import {
  findLiveSession,
  insertSession,
  revokeSession,
  revokeSubjectSessions,
  type SessionRow,
} from '../modules/auth/repository.ts';
import { notAuthenticated } from './errors.ts';
import type { Keys } from './secrets.ts';
import type { Tenant } from './tenancy.ts';

export const SESSION_COOKIE = 'central_session';

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

interface SessionClaims {
  cid: string;
  role: SessionRow['role'];
  name: string;
  ff: FeatureFlag[];
}

/**
 * Sessions are a signed token (jose, HS256) in an httpOnly cookie plus a row in `sessions`, so that
 * sign-out and password changes end them on the server (ARCHITECTURE §3).
 */
export function createSessions(deps: {
  db: Db;
  keys: Keys;
  ttlMs: number;
  secureCookies: boolean;
  /** How long a process may trust a session row it read (0 disables the cache). */
  cacheMs?: number;
}) {
  // Live session rows read recently, by id. Revocations made by this process clear their entries at
  // once; revocations made by another process are seen here within `cacheMs`.
  const cacheMs = deps.cacheMs ?? 3_000;
  const live = new Map<string, { row: SessionRow; until: number }>();
  // Signatures already checked, by the exact token string: a repeat request skips the HMAC (the row
  // check below still runs, so revocation is unaffected).
  const verifiedTokens = new Map<string, SessionClaims & { jti?: string; sub?: string; exp?: number }>();
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

  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.secureCookies,
  };

  return {
    async issueCustomer(
      reply: FastifyReply,
      s: { tenant: Tenant; document: string; erpCustomerId: string; name: string },
    ): Promise<CustomerSession> {
      const expiresAt = new Date(Date.now() + deps.ttlMs);
      const row = await insertSession(deps.db, {
        tenantId: s.tenant.id,
        role: 'customer',
        subject: s.document,
        erpCustomerId: s.erpCustomerId,
        expiresAt,
      });
      const claims: SessionClaims = {
        cid: s.tenant.clientId,
        role: 'customer',
        name: s.name,
        ff: s.tenant.featureFlags,
      };
      const token = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setJti(row.id)
        .setSubject(s.erpCustomerId)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(deps.keys.session);
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
      return {
        id: row.id,
        tenantId: s.tenant.id,
        clientId: s.tenant.clientId,
        document: s.document,
        erpCustomerId: s.erpCustomerId,
        name: s.name,
        featureFlags: s.tenant.featureFlags,
      };
    },

    /** The request's customer session for `tenant`; any mismatch answers 401 and never data. */
    async customer(request: FastifyRequest, tenant: Tenant): Promise<CustomerSession> {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) throw notAuthenticated();
      let payload = verifiedTokens.get(token);
      if (!payload || (payload.exp ?? 0) * 1000 <= Date.now()) {
        try {
          ({ payload } = await jwtVerify<SessionClaims>(token, deps.keys.session, { algorithms: ['HS256'] }));
        } catch {
          throw notAuthenticated();
        }
        if (verifiedTokens.size > 50_000) verifiedTokens.clear();
        verifiedTokens.set(token, payload);
      }
      if (payload.role !== 'customer' || payload.cid !== tenant.clientId || !payload.jti)
        throw notAuthenticated();
      const row = await liveSession(payload.jti);
      if (!row || row.tenantId !== tenant.id || row.erpCustomerId !== payload.sub) throw notAuthenticated();
      return {
        id: row.id,
        tenantId: tenant.id,
        clientId: tenant.clientId,
        document: row.subject,
        erpCustomerId: row.erpCustomerId ?? '',
        name: payload.name,
        featureFlags: payload.ff,
      };
    },

    /** Ends the request's session, whatever tenant it belongs to, and clears the cookie. */
    async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        try {
          const { payload } = await jwtVerify(token, deps.keys.session, { algorithms: ['HS256'] });
          if (payload.jti) {
            live.delete(payload.jti);
            await revokeSession(deps.db, payload.jti);
          }
        } catch {
          // An invalid or expired token has nothing to end.
        }
      }
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },

    /** Ends every session of a subscriber but `exceptId` (after a password change). */
    async endAllOf(q: { tenantId: string; document: string; exceptId?: string }): Promise<void> {
      await revokeSubjectSessions(deps.db, {
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
