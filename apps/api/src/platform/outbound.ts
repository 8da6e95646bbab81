import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Calls to addresses an admin typed in (the tenant form's connection check): an attacker with a back-office
 * session must not turn them into a probe of the portal's own network (SSRF). So: http(s) only, https only
 * in production; the host is resolved once, every address it resolves to must be public unless
 * OUTBOUND_ALLOW_PRIVATE says otherwise, and the connection is made to those very addresses (no second
 * lookup that DNS rebinding could answer differently); redirects are not followed but refused; the whole
 * exchange has a deadline and the body a size cap.
 */
export interface OutboundPolicy {
  /** Hosts on loopback, private, link-local or other non-public networks are allowed (the demo, tests). */
  allowPrivate: boolean;
  /** Only https URLs (NODE_ENV=production). */
  httpsOnly: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

export type OutboundErrorKind =
  | 'invalid_url'
  | 'insecure'
  | 'private_address'
  | 'unresolved'
  | 'network'
  | 'timeout'
  | 'redirect'
  | 'too_large';

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as UTF-8 text. */
  body: string;
  /** The body's bytes (an image). */
  bytes: Buffer;
}

export const OUTBOUND_DEFAULTS = { timeoutMs: 10_000, maxBytes: 1024 * 1024 };

/** Whether an address is on the public internet: ipaddr's 'unicast' range, IPv4-mapped IPv6 as its IPv4. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export function createOutbound(policy: OutboundPolicy) {
  const timeoutMs = policy.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const maxBytes = policy.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;

  function target(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new OutboundError('invalid_url', `not a URL: ${raw}`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new OutboundError('invalid_url', `not http(s): ${url.protocol}`);
    if (policy.httpsOnly && url.protocol !== 'https:')
      throw new OutboundError('insecure', 'only https is allowed');
    if (url.username || url.password) throw new OutboundError('invalid_url', 'credentials in the URL');
    return url;
  }

  /** The addresses to connect to, each one checked: an IP literal as is, a name resolved once. */
  async function addressesOf(hostname: string): Promise<LookupAddress[]> {
    const host = hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: LookupAddress[];
    if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
    else {
      try {
        addresses = await lookup(host, { all: true, verbatim: true });
      } catch (error) {
        throw new OutboundError('unresolved', `${host}: ${(error as Error).message}`);
      }
      if (addresses.length === 0) throw new OutboundError('unresolved', `${host}: no address`);
    }
    if (!policy.allowPrivate) {
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (refused) throw new OutboundError('private_address', `${host} is ${refused.address}, not public`);
    }
    return addresses;
  }

  return {
    policy: { ...policy, timeoutMs, maxBytes },

    async request(raw: string, init: OutboundRequest = {}): Promise<OutboundResponse> {
      const url = target(raw);
      const addresses = await addressesOf(url.hostname);
      const [first] = addresses;
      if (!first) throw new OutboundError('unresolved', url.hostname);
      // The socket connects to the addresses checked above: net asks this instead of the resolver.
      const pinned: LookupFunction = (_hostname, options, callback) => {
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      };
      const client = url.protocol === 'https:' ? https : http;

      return new Promise<OutboundResponse>((resolve, reject) => {
        let settled = false;
        const fail = (error: OutboundError) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          request.destroy();
          reject(error);
        };
        const request = client.request(
          url,
          {
            method: init.method ?? 'GET',
            headers: {
              'accept-encoding': 'identity',
              'user-agent': 'Central',
              ...init.headers,
              ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }),
            },
            lookup: pinned,
            agent: false,
          },
          (response) => {
            const status = response.statusCode ?? 0;
            if (status >= 300 && status < 400) {
              fail(
                new OutboundError('redirect', `redirect (${status}) to ${response.headers.location ?? '?'}`),
              );
              return;
            }
            if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
              fail(new OutboundError('too_large', `answer over ${maxBytes} bytes`));
              return;
            }
            const chunks: Buffer[] = [];
            let size = 0;
            response.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > maxBytes) fail(new OutboundError('too_large', `answer over ${maxBytes} bytes`));
              else chunks.push(chunk);
            });
            response.on('end', () => {
              if (settled) return;
              settled = true;
              clearTimeout(timer);
              const bytes = Buffer.concat(chunks);
              resolve({ status, headers: response.headers, body: bytes.toString('utf8'), bytes });
            });
            response.on('error', (error) => fail(new OutboundError('network', error.message)));
          },
        );
        const timer = setTimeout(
          () => fail(new OutboundError('timeout', `no answer in ${timeoutMs} ms`)),
          timeoutMs,
        );
        request.on('error', (error) => fail(new OutboundError('network', error.message)));
        request.end(init.body);
      });
    },
  };
}
export type Outbound = ReturnType<typeof createOutbound>;
