// The part of http_ece (RFC 8188 encrypted content-coding) that the push simulator and its tests use.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface EceParams {
    version?: 'aes128gcm' | 'aesgcm' | 'aesgcm128';
    /** the receiver's (decrypt) or the sender's (encrypt) ECDH key pair */
    privateKey?: ECDH;
    /** the other side's public key, base64url or bytes (encrypt: the subscription's p256dh) */
    dh?: string | Buffer;
    /** the subscription's auth secret, base64url or bytes */
    authSecret?: string | Buffer;
    salt?: string | Buffer;
    rs?: number;
    pad?: number;
  }

  export function encrypt(buffer: Buffer, params: EceParams): Buffer;
  export function decrypt(buffer: Buffer, params: EceParams): Buffer;

  const ece: { encrypt: typeof encrypt; decrypt: typeof decrypt };
  export default ece;
}
