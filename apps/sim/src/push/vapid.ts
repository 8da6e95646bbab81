// RFC 8292 (VAPID) as a push service checks it: `Authorization: vapid t=<JWT>, k=<public key>`, an ES256
// JWT signed by k, whose `aud` is the push resource's origin, `exp` within 24 hours and `sub` a contact.

import { importJWK, type JWTPayload, jwtVerify } from 'jose';

type VerifyKey = Awaited<ReturnType<typeof importJWK>>;

export type VapidResult = { ok: true; publicKey: string } | { ok: false; status: 401; message: string };

interface Verified {
  publicKey: string;
  aud: unknown;
  /** seconds since the epoch */
  exp: number;
}

const MAX_AHEAD_SECONDS = 24 * 3600;
const CACHE_LIMIT = 10_000;

function parseAuthorization(header: string): { t: string; k: string } | null {
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space).toLowerCase() !== 'vapid') return null;
  const params = new Map<string, string>();
  for (const part of header.slice(space + 1).split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    const value = part.slice(eq + 1).trim();
    params.set(part.slice(0, eq).trim().toLowerCase(), value.replace(/^"(.*)"$/, '$1'));
  }
  const t = params.get('t');
  const k = params.get('k');
  return t && k ? { t, k } : null;
}

/**
 * Checks VAPID headers, remembering the verified (k, JWT) pairs until their `exp`: an application server
 * signs one JWT and reuses it for hours, so a signature is checked once, not once per message.
 */
export function createVapidVerifier() {
  const verified = new Map<string, Verified>();
  const keys = new Map<string, VerifyKey>();

  async function importKey(k: string) {
    const cached = keys.get(k);
    if (cached) return cached;
    const raw = Buffer.from(k, 'base64url');
    // RFC 8292 §3.2: the uncompressed P-256 point (65 octets, 0x04 first)
    if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 public key');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    if (keys.size >= CACHE_LIMIT) keys.clear();
    keys.set(k, key);
    return key;
  }

  function check(entry: Verified, origin: string, nowSeconds: number): VapidResult {
    if (entry.exp <= nowSeconds) return { ok: false, status: 401, message: 'VAPID JWT expired' };
    if (entry.exp > nowSeconds + MAX_AHEAD_SECONDS) {
      return { ok: false, status: 401, message: 'VAPID JWT exp is more than 24 hours ahead' };
    }
    if (entry.aud !== origin) {
      return { ok: false, status: 401, message: `VAPID JWT aud must be the push service origin ${origin}` };
    }
    return { ok: true, publicKey: entry.publicKey };
  }

  return {
    async verify(header: string | undefined, origin: string, nowMs: number): Promise<VapidResult> {
      if (!header) return { ok: false, status: 401, message: 'Missing VAPID Authorization header' };
      const nowSeconds = Math.floor(nowMs / 1000);
      const cached = verified.get(header);
      if (cached) return check(cached, origin, nowSeconds);

      const parsed = parseAuthorization(header);
      if (!parsed) {
        return { ok: false, status: 401, message: 'Authorization must be "vapid t=<JWT>, k=<public key>"' };
      }
      let payload: JWTPayload;
      try {
        const key = await importKey(parsed.k);
        ({ payload } = await jwtVerify(parsed.t, key, {
          algorithms: ['ES256'],
          currentDate: new Date(nowMs),
          requiredClaims: ['aud', 'exp', 'sub'],
        }));
      } catch (error) {
        return { ok: false, status: 401, message: `Invalid VAPID JWT: ${(error as Error).message}` };
      }
      const sub = typeof payload.sub === 'string' ? payload.sub : '';
      if (!sub.startsWith('mailto:') && !sub.startsWith('https:')) {
        return { ok: false, status: 401, message: 'VAPID JWT sub must be a mailto: or https: URL' };
      }
      const entry: Verified = { publicKey: parsed.k, aud: payload.aud, exp: payload.exp as number };
      const result = check(entry, origin, nowSeconds);
      if (result.ok) {
        if (verified.size >= CACHE_LIMIT) {
          for (const [key, value] of verified) if (value.exp <= nowSeconds) verified.delete(key);
          if (verified.size >= CACHE_LIMIT) verified.clear();
        }
        verified.set(header, entry);
      }
      return result;
    },
    reset(): void {
      verified.clear();
      keys.clear();
    },
  };
}

export type VapidVerifier = ReturnType<typeof createVapidVerifier>;
