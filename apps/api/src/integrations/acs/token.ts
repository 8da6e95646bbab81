import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';

/** How long a signed call stays valid: each call signs its own. */
export const ACS_TOKEN_TTL_S = 60;

/**
 * The short-lived JWT the portal signs its GenieACS calls with (ARCHITECTURE: the tenant's issuer and
 * private key): a PEM key signs with its own algorithm, any other text is an HMAC secret.
 */
export async function acsToken(issuer: string, privateKey: string): Promise<string> {
  let key: KeyObject | Uint8Array;
  let alg: string;
  if (privateKey.includes('-----BEGIN')) {
    key = createPrivateKey(privateKey);
    const curve = key.asymmetricKeyDetails?.namedCurve;
    const algs: Record<string, string | undefined> = {
      rsa: 'RS256',
      ed25519: 'EdDSA',
      ec: { prime256v1: 'ES256', secp384r1: 'ES384', secp521r1: 'ES512' }[curve ?? ''],
    };
    const found = algs[key.asymmetricKeyType ?? ''];
    if (!found) throw new Error(`unsupported ACS key type ${key.asymmetricKeyType}`);
    alg = found;
  } else {
    key = new TextEncoder().encode(privateKey);
    alg = 'HS256';
  }
  return new SignJWT({})
    .setProtectedHeader({ alg })
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(`${ACS_TOKEN_TTL_S}s`)
    .sign(key);
}
