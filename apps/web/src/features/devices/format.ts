import { type Device, PROVIDER_TIME_ZONE, type WlanBand } from '@central/domain';

/** spec §2.2: the bands as people know them ('5.8' is the 5 GHz band). */
export const bandLabel: Record<WlanBand, string> = { '2.4': 'Wi-Fi 2.4 GHz', '5.8': 'Wi-Fi 5 GHz' };

export const deviceName = (device: Device) =>
  [device.deviceInfo.manufacturer, device.deviceInfo.model].filter(Boolean).join(' ') || 'Roteador';

/** The networks of a band by name; a network the device reports without one is 'Sem nome'. */
export const ssids = (device: Device, band: WlanBand) =>
  device.deviceInfo.wlanData[band].map((entry) => entry.ssid || 'Sem nome');

export const hasPendingChange = (device: Device, band: WlanBand) =>
  device.pending.some((change) => change.band === band);

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: PROVIDER_TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
});

/** An instant of the ACS (ISO 8601) as '30/11/2026, 14:05' in São Paulo; '' when unknown. */
export function formatInstant(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}
