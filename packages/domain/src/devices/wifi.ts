import { messages } from '../messages.ts';
import { z } from '../zod.ts';

/** spec §3 Device: the bands a router's Wi-Fi networks are shown under. */
export const wlanBands = ['2.4', '5.8'] as const;
export type WlanBand = (typeof wlanBands)[number];

export const WIFI_PASSWORD_MIN = 8;
export const WIFI_PASSWORD_MAX = 63;

/**
 * A WPA2 passphrase (IEEE 802.11i): 8 to 63 printable ASCII characters (32 to 126). The 64-character
 * form is a raw hexadecimal key, which routers take under another parameter; the portal does not offer it.
 */
export const wifiPasswordSchema = z
  .string({ error: messages.wifiPasswordRequired })
  .min(1, messages.wifiPasswordRequired)
  .min(WIFI_PASSWORD_MIN, messages.wifiPasswordLength)
  .max(WIFI_PASSWORD_MAX, messages.wifiPasswordLength)
  .regex(/^[\x20-\x7e]+$/, messages.wifiPasswordCharacters);

/** The band of a Wi-Fi network from what the device reports: its frequency band, else its standard. */
export function bandOf(report: { frequencyBand?: string | null; standard?: string | null }): WlanBand {
  const frequency = report.frequencyBand?.toLowerCase() ?? '';
  if (frequency.startsWith('5')) return '5.8';
  if (frequency.startsWith('2')) return '2.4';
  // TR-098 Standard: 'a', 'n', 'ac', 'ax' or lists like 'a,n,ac'; 'b', 'g' and 'b,g,n' are 2.4 GHz.
  const standards = (report.standard ?? '').toLowerCase().split(/[,/ ]+/);
  return standards.includes('a') || standards.includes('ac') ? '5.8' : '2.4';
}
