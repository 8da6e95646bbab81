import {
  type Device,
  deviceSchema,
  devicesResponse,
  messages,
  type WlanBand,
  type WlanEntry,
  wifiPasswordResponse,
} from '@central/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { acsApi, isApiError } from '@/shared/http';
import { deviceKeys } from './check-query';

export { acsCheckQuery, deviceKeys } from './check-query';

/** GET /api/acs/devices: the routers of the subscriber's PPPoE logins. */
export const devicesQuery = () =>
  queryOptions({
    queryKey: deviceKeys.list,
    queryFn: async ({ signal }): Promise<Device[]> =>
      (await acsApi('/devices', { schema: devicesResponse, signal })).devices,
    staleTime: 30_000,
  });

/** GET /api/acs/device/{serial}. */
export const deviceQuery = (serial: string) =>
  queryOptions({
    queryKey: deviceKeys.device(serial),
    queryFn: ({ signal }) =>
      acsApi(`/device/${encodeURIComponent(serial)}`, { schema: deviceSchema, signal }),
    staleTime: 30_000,
  });

type PasswordChange = { band: WlanBand; entries: WlanEntry[]; password: string };

/**
 * PATCH /api/acs/device/{serial}/{lanDeviceIndex},{wlanConfigIndex}, one call per network of the band
 * (spec §7.8), one after the other: the router applies them in one session anyway. `pending` when the
 * router is offline and takes the password at its next contact.
 */
export function useChangeWifiPassword(serial: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The variables carry the new password: dropped from the mutation cache once the form is gone.
    gcTime: 0,
    mutationFn: async ({ entries, password }: PasswordChange): Promise<'applied' | 'pending'> => {
      let pending = false;
      for (const entry of entries) {
        const answer = await acsApi(`/device/${encodeURIComponent(serial)}/${entry.path}`, {
          method: 'PATCH',
          body: { password },
          schema: wifiPasswordResponse,
        });
        if (answer.status === 'pending') pending = true;
      }
      return pending ? 'pending' : 'applied';
    },
    // Even a partial failure may have changed one network: the device is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all, refetchType: 'active' }),
  });
}

/** spec §8 Devices: the API's own text when it says why; the band's failure text otherwise. */
export function passwordErrorMessage(error: unknown, band: WlanBand): string | undefined {
  // The session's end is handled for the whole app (back to /).
  if (isApiError(error, 'NOT_AUTHENTICATED')) return undefined;
  if (isApiError(error) && ['VALIDATION', 'DEVICE_NOT_FOUND', 'RATE_LIMITED'].includes(error.code)) {
    return error.message;
  }
  return band === '5.8' ? messages.devicePasswordFailed5g : messages.devicePasswordFailed;
}
