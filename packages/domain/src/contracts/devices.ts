import { wifiPasswordSchema, wlanBands } from '../devices/wifi.ts';
import { z } from '../zod.ts';

// The device service (spec §2.2 devices, §3 Device, §7.8) under /api/acs: the subscriber's routers, found
// through the PPPoE logins the ERP lists for the customer's contracts, and their Wi-Fi passwords.

/**
 * One Wi-Fi network of a band. `path` is `{lanDeviceIndex},{wlanConfigIndex}`, the PATCH route's last
 * segment; `password` is what the ACS last read ('' when the device does not report it).
 */
export const wlanEntrySchema = z.object({
  path: z.string().regex(/^\d{1,3},\d{1,3}$/),
  ssid: z.string(),
  password: z.string(),
});
export type WlanEntry = z.infer<typeof wlanEntrySchema>;

/** A password change the device has not applied yet (it was offline): applied at its next contact. */
export const pendingWifiChangeSchema = z.object({
  band: z.enum(wlanBands),
  path: z.string(),
  requested_at: z.string(),
});
export type PendingWifiChange = z.infer<typeof pendingWifiChangeSchema>;

/** spec §3 Device, plus whether it is online and the changes it still has to apply. */
export const deviceSchema = z
  .object({
    serialNumber: z.string(),
    deviceInfo: z.object({
      pppLogin: z.string(),
      manufacturer: z.string(),
      model: z.string(),
      wlanData: z.object({ '2.4': z.array(wlanEntrySchema), '5.8': z.array(wlanEntrySchema) }),
    }),
    /** When the ACS first saw the device (ISO 8601), or null. */
    created: z.string().nullable(),
    /** When the device last reported to the ACS (ISO 8601), or null. */
    last_inform: z.string().nullable(),
    online: z.boolean(),
    pending: z.array(pendingWifiChangeSchema),
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof deviceSchema>;

export const devicesResponse = z.object({ devices: z.array(deviceSchema) }).meta({ id: 'DeviceList' });
export type DevicesResponse = z.infer<typeof devicesResponse>;

/** A device's serial number in a URL. */
export const deviceSerialParam = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/);
/** The PATCH route's `{lanDeviceIndex},{wlanConfigIndex}`. */
export const wlanPathParam = z.string().regex(/^\d{1,3},\d{1,3}$/);

/** PATCH /api/acs/device/{serial}/{lanDeviceIndex},{wlanConfigIndex}. */
export const wifiPasswordBody = z.object({ password: wifiPasswordSchema });
export type WifiPasswordBody = z.input<typeof wifiPasswordBody>;

/** `applied`: the router took it now; `pending`: it is offline and will take it at its next contact. */
export const wifiPasswordResponse = z
  .object({ status: z.enum(['applied', 'pending']), message: z.string() })
  .meta({ id: 'WifiPasswordChange' });
export type WifiPasswordResponse = z.infer<typeof wifiPasswordResponse>;
