import type { Invoice } from '@central/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's bytea as a Buffer (node-postgres and PGlite both answer one). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The invoice lists a subscriber last saw, kept for when the ERP is down (`customer_snapshots`). */
export interface InvoiceSnapshot {
  toPay?: Invoice[];
  received?: Invoice[];
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A provider (spec §3 Tenant): who it is and whether it is live. Its look lives in `tenant_branding`,
 * its integrations and support settings in `tenant_settings`, one typed group per concern.
 */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  clientId: text('client_id').notNull().unique(),
  alias: text('alias').notNull(),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  /** spec §9: how many days ahead the to-pay list looks (15 by default; 90 or 30 for some providers). */
  invoiceWindowDays: integer('invoice_window_days').notNull().default(15),
  /**
   * Issue 15: while the ERP is unreachable a subscriber may sign in on the status the portal last saw,
   * if it is at most this many days old; 0 turns the offline sign-in off.
   */
  offlineSignInDays: integer('offline_sign_in_days').notNull().default(7),
  ...timestamps,
});

/** The provider's theme (spec §1): logos, colours and contacts. */
export const tenantBranding = pgTable('tenant_branding', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  verticalLogoUrl: text('vertical_logo_url').notNull(),
  horizontalLogoUrl: text('horizontal_logo_url'),
  faviconUrl: text('favicon_url'),
  appLogoUrl: text('app_logo_url'),
  primaryColor: text('primary_color').notNull(),
  secondaryColor: text('secondary_color'),
  address: text('address'),
  whatsappNumber: text('whatsapp_number'),
  phoneNumber: text('phone_number'),
  contactEmail: text('contact_email'),
  faqUrl: text('faq_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tenantSettingKinds = ['erp', 'acs', 'card', 'support', 'contracts', 'apps'] as const;
export type TenantSettingKind = (typeof tenantSettingKinds)[number];

/**
 * One group of a provider's settings: the ERP, the ACS, the card gateway, support or the contracts area.
 * `settings` is validated by the zod schema of its kind (platform/tenant-settings.ts); the group's secret
 * (ERP token, ACS private key, gateway key) is kept apart, encrypted (AES-256-GCM, see
 * platform/secrets.ts).
 */
export const tenantSettings = pgTable(
  'tenant_settings',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: tenantSettingKinds }).notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    secretEnc: text('secret_enc'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind] })],
);

/** The portal's own credential of a subscriber: argon2id hash per (tenant, CPF/CNPJ digits). */
export const customerCredentials = pgTable(
  'customer_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    document: text('document').notNull(),
    passwordHash: text('password_hash').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('customer_credentials_tenant_document').on(t.tenantId, t.document)],
);

/**
 * What the portal last learned from the ERP about a subscriber (issue 15), for when the ERP cannot be
 * reached: the customer and their status, saved at each sign-in the ERP answered, and the invoice lists
 * last shown. Nothing secret: the ERP's own fields stay in the ERP.
 */
export const customerSnapshots = pgTable(
  'customer_snapshots',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** CPF/CNPJ digits. */
    document: text('document').notNull(),
    erpCustomerId: text('erp_customer_id').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull(),
    /** When the ERP last answered for this customer at a sign-in. */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    /** The invoices of the last lists shown (domain `Invoice`, cents), by list. */
    invoices: jsonb('invoices').$type<InvoiceSnapshot>(),
    invoicesAt: timestamp('invoices_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.document] })],
);

/**
 * Files a subscriber sent with a support request or message (issue 15): sent to the ERP's attachment
 * table (`erp_file_id`), and kept here too, as IXC publishes no download of a ticket's files. Read only
 * by the customer who sent them.
 */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    erpCustomerId: text('erp_customer_id').notNull(),
    /** The ticket or service order, as the provider's support_type made it. */
    supportId: text('support_id').notNull(),
    /** The message the file came with; null for the request itself. */
    messageId: text('message_id'),
    erpFileId: text('erp_file_id').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_attachments_request').on(t.tenantId, t.erpCustomerId, t.supportId)],
);

export const adminUsers = pgTable('admin_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull().default('Admin'),
  passwordHash: text('password_hash').notNull(),
  ...timestamps,
});

/** Server-side record of every session, so that sign-out and password changes end them for real. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['customer', 'admin', 'provider'] }).notNull(),
    subject: text('subject').notNull(),
    erpCustomerId: text('erp_customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_subject').on(t.tenantId, t.role, t.subject)],
);

/** Fixed-window counters shared by every API process when no Redis is configured. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * One password recovery or first access in progress (issue #3): the ERP customer it is for, the
 * stage reached, the nonce of the only step token that may act next, and the e-mailed code's hash.
 */
export const recoveryFlows = pgTable(
  'recovery_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    document: text('document').notNull(),
    erpCustomerId: text('erp_customer_id').notNull(),
    firstAccess: boolean('first_access').notNull().default(false),
    stage: text('stage', { enum: ['checked', 'code_sent', 'verified', 'done'] }).notNull(),
    stepNonce: text('step_nonce').notNull(),
    mailIndex: integer('mail_index'),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('recovery_flows_subject').on(t.tenantId, t.document)],
);

/** A card saved at the gateway: its token (encrypted), never the number or the CVV (spec §3 Saved card). */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    erpCustomerId: text('erp_customer_id').notNull(),
    gatewayTokenEnc: text('gateway_token_enc').notNull(),
    /** HMAC of the card number, to tell a card saved twice without keeping the number. */
    fingerprint: text('fingerprint').notNull(),
    brand: text('brand', { enum: ['Visa', 'Master'] }).notNull(),
    lastDigits: text('last_digits').notNull(),
    expiry: text('expiry').notNull(),
    alias: text('alias').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('saved_cards_customer').on(t.tenantId, t.erpCustomerId)],
);

/**
 * One card payment of an invoice. At most one live (pending, unknown or paid) payment per invoice (a partial unique
 * index), so a double click or a retry never charges twice; the id is the gateway's MerchantOrderId.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    erpCustomerId: text('erp_customer_id').notNull(),
    invoiceId: text('invoice_id').notNull(),
    cardId: uuid('card_id').references(() => savedCards.id),
    installments: integer('installments').notNull(),
    invoiceCents: integer('invoice_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /**
     * pending: the sale is in flight; unknown: its answer was lost (a timeout, a network error, a 5xx,
     * or a status Cielo has not decided): reconciled by a job; both keep the invoice from a new sale.
     * voided: its sale was approved after the invoice had been paid otherwise, and was cancelled.
     */
    status: text('status', {
      enum: ['pending', 'unknown', 'paid', 'declined', 'failed', 'voided'],
    }).notNull(),
    gatewayPaymentId: text('gateway_payment_id'),
    authorizationCode: text('authorization_code'),
    returnCode: text('return_code'),
    /** Lookups of an unknown payment at the gateway, and when the next one is due (back-off). */
    checkAttempts: integer('check_attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Failed tries to settle the paid invoice in the ERP. */
    settleAttempts: integer('settle_attempts').notNull().default(0),
    /** Set when the portal stopped trying on its own: staff must look (the back office lists these). */
    attentionAt: timestamp('attention_at', { withTimezone: true }),
    attentionReason: text('attention_reason'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_one_live_per_invoice')
      .on(t.tenantId, t.invoiceId)
      .where(sql`status IN ('pending', 'unknown', 'paid')`),
  ],
);

/** Single-use, short-lived tokens for file downloads (boleto, fiscal notes); only their hash is kept. */
export const downloadTokens = pgTable('download_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  erpCustomerId: text('erp_customer_id').notNull(),
  kind: text('kind', { enum: ['invoice', 'sale_invoice'] }).notNull(),
  ref: text('ref').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A provider's own sign-in to its area (/admin, spec §2.4): user = client id, password set by an admin. */
export const providerCredentials = pgTable('provider_credentials', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  ...timestamps,
});

export type IdLabelList = { id: string; content: string }[];

/** An app a provider bundles with its plans (spec §3 Tenant app); which subscribers get it, by criterion. */
export const tenantApps = pgTable(
  'tenant_apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    image: text('image').notNull(),
    pendingText: text('pending_text').notNull(),
    activeText: text('active_text').notNull(),
    appStoreLink: text('app_store_link'),
    playStoreLink: text('play_store_link'),
    /** any, product_in_contract or plan_in_contract (domain `activationCriteria`). */
    activationCriteria: text('activation_criteria').notNull(),
    /** domain `integrationMethods`. */
    integrationMethod: text('integration_method').notNull(),
    productIds: jsonb('product_ids').$type<IdLabelList>().notNull().default([]),
    planIds: jsonb('plan_ids').$type<IdLabelList>().notNull().default([]),
    integrationMethodProductIds: jsonb('integration_method_product_ids')
      .$type<IdLabelList>()
      .notNull()
      .default([]),
    ...timestamps,
  },
  (t) => [index('tenant_apps_tenant').on(t.tenantId)],
);

/** Who changed what in the back office (beyond the spec): field names only, secrets never. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** The admin's name and e-mail at the time, kept if the admin is removed. */
    adminLabel: text('admin_label').notNull(),
    action: text('action').notNull(),
    fields: jsonb('fields').$type<string[]>().notNull().default([]),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_tenant_at').on(t.tenantId, t.at)],
);

/** A provider's message to all its subscribers (spec §3 Provider notification); delivered by Web Push. */
export const providerNotifications = pgTable(
  'provider_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** Subscribers registered in the portal when it was sent. */
    recipients: integer('recipients').notNull(),
    /** Push subscriptions of the tenant when it was sent: one `notification_deliveries` row each. */
    subscriptions: integer('subscriptions').notNull().default(0),
    /** When every delivery was tried (null while sending). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_notifications_tenant').on(t.tenantId, t.createdAt)],
);

/**
 * The portal's VAPID key pair (RFC 8292), made once by the first process that needs it (one row, id 1);
 * the private key is encrypted like every other secret. VAPID_* environment variables take precedence.
 */
export const vapidKeys = pgTable('vapid_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKeyEnc: text('private_key_enc').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A browser that opted in to push (spec §3 Notification config): the W3C PushSubscription and the
 * reminder period. It belongs to the tenant and customer that saved it last; the endpoint is unique.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    erpCustomerId: text('erp_customer_id').notNull(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** Days before the due date (spec §9: 15, 10, 5 or 1). */
    invoiceRange: integer('invoice_range').notNull(),
    ...timestamps,
  },
  (t) => [index('push_subscriptions_tenant').on(t.tenantId, t.id)],
);

/** An invoice reminder pushed: never twice for the same subscription, invoice and period. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    invoiceId: text('invoice_id').notNull(),
    periodDays: integer('period_days').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.invoiceId, t.periodDays] })],
);

export const deliveryStatuses = ['pending', 'delivered', 'failed', 'removed'] as const;

/**
 * One provider notification to one subscription. Rows are made with the notification and split into
 * batches (one pg-boss job each); a batch sends its `pending` rows, so a retried batch resends only what
 * it had not recorded. `subscription_id` is not a foreign key: a gone subscription is deleted, its row stays.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => providerNotifications.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').notNull(),
    batch: integer('batch').notNull(),
    status: text('status', { enum: deliveryStatuses }).notNull().default('pending'),
    /** How many times a send was attempted (a retried batch after a crash counts again). */
    attempts: integer('attempts').notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.subscriptionId] }),
    index('notification_deliveries_batch').on(t.notificationId, t.batch, t.status),
  ],
);

export const wifiChangeStatuses = ['pending', 'applied', 'failed', 'expired'] as const;

/**
 * A Wi-Fi password change the router did not take at once (GenieACS answered 202: offline). A job
 * checks the ACS task until it is done, faulted or expired; the device page shows it meanwhile.
 * The password itself is never stored.
 */
export const wifiChanges = pgTable(
  'wifi_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    erpCustomerId: text('erp_customer_id').notNull(),
    /** GenieACS's device `_id` and the serial the portal shows. */
    deviceId: text('device_id').notNull(),
    serial: text('serial').notNull(),
    /** `{lanDeviceIndex},{wlanConfigIndex}`. */
    path: text('path').notNull(),
    band: text('band').notNull(),
    taskId: text('task_id').notNull(),
    status: text('status', { enum: wifiChangeStatuses }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('wifi_changes_device').on(t.tenantId, t.serial, t.status),
    index('wifi_changes_pending').on(t.status, t.createdAt),
  ],
);

export const appActivationStatuses = ['pending', 'active'] as const;

/**
 * A subscriber's app activated on one contract (spec §4 Activation): what the portal did and, for the
 * partners and login_sva, the login it got (never a password). `pending` is an activation under way or
 * one whose outcome is unknown (the partner or the ERP timed out): the next attempt first checks what
 * the other side has before it asks again.
 */
export const appActivations = pgTable(
  'app_activations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => tenantApps.id, { onDelete: 'cascade' }),
    erpCustomerId: text('erp_customer_id').notNull(),
    contractId: text('contract_id').notNull(),
    method: text('method').notNull(),
    status: text('status', { enum: appActivationStatuses }).notNull().default('pending'),
    login: text('login'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('app_activations_subscriber_app').on(t.tenantId, t.erpCustomerId, t.contractId, t.appId),
  ],
);
