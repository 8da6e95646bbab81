import { messages, wifiPasswordBody } from '@central/domain';

/** A new Wi-Fi password, typed twice: the PATCH body's rule, and the confirmation must match it. */
export const wifiPasswordForm = wifiPasswordBody
  .loose()
  .refine((form) => form.password === form.confirmation, {
    message: messages.passwordsMustMatch,
    path: ['confirmation'],
  });
export type WifiPasswordFormValues = { password: string; confirmation: string };
