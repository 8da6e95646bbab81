import { editPasswordResponse } from '@central/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/http';

/** PUT /customer/edit/password in the panel: the server ends the subscriber's other sessions. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api('/customer/edit/password', { method: 'PUT', body, schema: editPasswordResponse }),
  });
}
