import { pushNotificationConfigBody } from '@central/domain';

/** The period form: the POST body's own rule (spec §5), the subscription being added by the page. */
export const periodForm = pushNotificationConfigBody.pick({ invoiceRange: true });
