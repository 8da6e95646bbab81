// What an IXC installation keeps outside its tables: the PIX gateway's image style and the token user's
// allowed networks (set through the switches), the PIX charges made and the protocol counter. Kept next to
// the instance (a new clone or a store reset starts from the defaults) and dropped by the instance reset.

import { BlockList, isIP } from 'node:net';
import { type PixImageStyle, PROVIDERS } from './providers.ts';
import type { IxcInstance } from './store.ts';

/** A PIX charge as the gateway keeps it once created: `get_pix` answers the same one again. */
export interface PixCharge {
  txid: string;
  /** the gateway's location id */
  locId: number;
  createdAt: Date;
}

export interface InstanceSettings {
  pixImage: PixImageStyle;
  /** null: every address may call (the default) */
  allowedNetworks: { cidrs: string[]; list: BlockList } | null;
  /** by fn_areceber id */
  pixCharges: Map<string, PixCharge>;
  /** the last protocol number handed out by `gerar_protocolo_*` (0: none yet) */
  protocolSequence: number;
}

const settings = new WeakMap<IxcInstance, InstanceSettings>();

export function settingsOf(instance: IxcInstance): InstanceSettings {
  let current = settings.get(instance);
  if (!current) {
    current = {
      pixImage: PROVIDERS[instance.origin].pixGateway.image,
      allowedNetworks: null,
      pixCharges: new Map(),
      protocolSequence: 0,
    };
    settings.set(instance, current);
  }
  return current;
}

export function resetSettings(instance: IxcInstance): void {
  settings.delete(instance);
}

/** `10.0.0.0/8`, `2001:db8::/32` or a bare address (one host); a message when it is not one. */
export function parseNetworks(cidrs: string[] | null): { cidrs: string[]; list: BlockList } | null | string {
  if (cidrs === null) return null;
  const list = new BlockList();
  const kept: string[] = [];
  for (const entry of cidrs) {
    const match = /^([^/\s]+)(?:\/(\d{1,3}))?$/.exec(entry.trim());
    const address = match?.[1] ?? '';
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefix = match?.[2] === undefined ? bits : Number(match[2]);
    if (!family || prefix > bits) return `not a CIDR: ${JSON.stringify(entry)}`;
    list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
    kept.push(`${address}/${prefix}`);
  }
  return { cidrs: kept, list };
}

/** Whether the caller's address is in the allowed networks (an IPv4-mapped IPv6 address counts as IPv4). */
export function isAllowedAddress(instance: IxcInstance, address: string): boolean {
  const networks = settingsOf(instance).allowedNetworks;
  if (!networks) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip);
  if (!family) return false;
  return networks.list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}
