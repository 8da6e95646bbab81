import { createHmac } from 'node:crypto';
import {
  cardBrand,
  cardExpired,
  hideCpfOrCnpj,
  installmentOption,
  isPayable,
  maskCardNumber,
  moneyToCents,
  type NewCardBody,
  type PaymentResult,
  type SavedCard,
  todayInSaoPaulo,
} from '@central/domain';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import {
  type CieloClient,
  CieloError,
  type CieloSale,
  isAborted,
  isApproved,
  isUndecided,
  isUnknownOutcome,
} from '../../integrations/cielo/client.ts';
import { customerName, findCustomerById } from '../../integrations/ixc/customers.ts';
import { findInvoice, listContracts, settleInvoice } from '../../integrations/ixc/financial.ts';
import { AppError } from '../../platform/errors.ts';
import { clientBucket, type RateLimiter } from '../../platform/rate-limit.ts';
import { decryptSecret, encryptSecret, type Keys } from '../../platform/secrets.ts';
import type { CustomerSession } from '../../platform/sessions.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import type { FinancialService } from '../financial/service.ts';
import * as repo from './repository.ts';

/** The gateway's MerchantOrderId of a payment: Cielo takes letters and digits only, up to 50. */
const orderId = (payment: { id: string }) => payment.id.replaceAll('-', '');

/**
 * Card testing (issue 8 item 4): someone with a list of stolen cards tries them here. Saving cards and
 * paying are limited per subscriber and per IP bucket, and a card declined 3 times rests for a day.
 */
export const CARD_VELOCITY = {
  newCardsPerCustomer: { limit: 5, windowMs: 24 * 3600_000 },
  newCardsPerIp: { limit: 20, windowMs: 24 * 3600_000 },
  declinesPerCard: { limit: 3, windowMs: 24 * 3600_000 },
  paymentsPerCustomer: { limit: 10, windowMs: 3600_000 },
  paymentsPerIp: { limit: 30, windowMs: 3600_000 },
};

/** Failed settlements after which the portal stops posting receipts and flags the payment for staff. */
export const SETTLE_MAX_ATTEMPTS = 5;

/** The first lookup of a payment whose answer was lost; each further one waits twice as long. */
const RECONCILE_FIRST_WAIT_MS = 30_000;
/** Lookups that find no sale before the invoice is freed (30 s + 1 + 2 + 4 min: about 8 minutes). */
export const RECONCILE_MAX_CHECKS = 5;
/** A payment still `pending` this long after its sale started lost its process (a crash): it is looked up. */
const STALE_PENDING_MS = 2 * 60_000;

type ParsedCard = Omit<NewCardBody, 'CardAlias'> & { CardAlias: string };

function view(row: repo.SavedCardRow): SavedCard {
  return {
    uuid: row.id,
    alias: row.alias,
    CardNumber: maskCardNumber(row.lastDigits),
    ExpirationDate: row.expiry,
    brand: row.brand,
  };
}

/** The provider's card gateway; card payment is offered only with its IXC settlement accounts set too. */
function gateway(tenant: Tenant): CieloClient {
  if (!tenant.cielo || !tenant.settlement) throw new AppError(404, 'CARD_PAYMENT_UNAVAILABLE');
  return tenant.cielo;
}

export function createPaymentService(deps: {
  db: Db;
  keys: Keys;
  financial: FinancialService;
  tenantById: (id: string) => Promise<Tenant | null>;
  limiter: RateLimiter;
  log: Logger;
  now?: () => Date;
}) {
  const { log } = deps;
  const fingerprint = (number: string) =>
    createHmac('sha256', deps.keys.fingerprint).update(number).digest('hex');
  const today = () => todayInSaoPaulo(deps.now?.() ?? new Date());

  async function velocity(key: string, rule: { limit: number; windowMs: number }) {
    const r = await deps.limiter.hit(`card:${key}`, rule.limit, rule.windowMs);
    if (!r.allowed)
      throw new AppError(429, 'CARD_VELOCITY', undefined, { 'retry-after': String(r.retryAfterSeconds) });
  }
  const declinesKey = (tenant: Tenant, cardId: string) => `card:declines:${tenant.id}:${cardId}`;

  /**
   * Tells the ERP that a paid invoice was received. Posting a receipt is not idempotent (an ERP may take
   * a second one for the same title), so a retry first reads the title: already received counts as
   * settled. After SETTLE_MAX_ATTEMPTS failures the payment is left for staff, with an error log.
   */
  async function settle(tenant: Tenant, payment: repo.PaymentRow, opts: { retry: boolean }): Promise<void> {
    try {
      if (opts.retry) {
        const title = await findInvoice(tenant.ixc, payment.erpCustomerId, payment.invoiceId);
        if (title && (title.status === 'R' || moneyToCents(title.valor_aberto) <= 0)) {
          await repo.updatePayment(deps.db, payment.id, { settledAt: new Date() });
          log.info({ tenant: tenant.clientId, payment: payment.id }, 'card payment found settled in the ERP');
          return;
        }
      }
      if (!tenant.settlement) throw new Error('the provider has no settlement accounts');
      await settleInvoice(tenant.ixc, tenant.settlement, {
        invoiceId: payment.invoiceId,
        cents: payment.invoiceCents,
        day: today(),
        history: `Pagamento com cartão pela Central do Assinante (${payment.installments}x)`,
      });
      await repo.updatePayment(deps.db, payment.id, { settledAt: new Date() });
    } catch (err) {
      // The customer paid: the ERP is told later by the settlement job, a few times, then staff are.
      const attempts = payment.settleAttempts + 1;
      const giveUp = attempts >= SETTLE_MAX_ATTEMPTS;
      await repo.updatePayment(deps.db, payment.id, {
        settleAttempts: attempts,
        ...(giveUp ? { attentionAt: new Date(), attentionReason: 'settlement_failed' } : {}),
      });
      log.error(
        { err, tenant: tenant.clientId, payment: payment.id, invoice: payment.invoiceId, attempts },
        giveUp
          ? 'card payment could not be settled in the ERP: left for staff'
          : 'card payment not settled in the ERP yet',
      );
    } finally {
      deps.financial.forgetInvoices(tenant, payment.erpCustomerId);
    }
  }

  async function voidSale(tenant: Tenant, cielo: CieloClient, payment: repo.PaymentRow, sale: CieloSale) {
    try {
      await cielo.void(sale.Payment.PaymentId, sale.Payment.Amount);
    } catch (err) {
      log.error({ err, tenant: tenant.clientId, payment: payment.id }, 'stray card sale could not be voided');
      await markUnknown(payment, payment.checkAttempts + 1);
      return;
    }
    await repo.updatePayment(deps.db, payment.id, {
      status: 'voided',
      gatewayPaymentId: sale.Payment.PaymentId,
      nextCheckAt: null,
    });
    log.warn(
      { tenant: tenant.clientId, payment: payment.id, invoice: payment.invoiceId },
      'card sale approved after the invoice was paid otherwise: voided',
    );
  }

  /** Keeps a payment live but unknown, to be looked up again after a back-off (30 s, doubling, up to 30 min). */
  async function markUnknown(
    payment: repo.PaymentRow,
    checkAttempts: number,
    also: Partial<repo.PaymentRow> = {},
  ) {
    const waitMs = Math.min(RECONCILE_FIRST_WAIT_MS * 2 ** checkAttempts, 30 * 60_000);
    await repo.updatePayment(deps.db, payment.id, {
      ...also,
      status: 'unknown',
      checkAttempts,
      nextCheckAt: new Date(Date.now() + waitMs),
    });
  }

  function result(payment: repo.PaymentRow): PaymentResult {
    return {
      status: 'paid',
      invoiceId: payment.invoiceId,
      installments: payment.installments,
      amount: payment.amountCents,
      authorizationCode: payment.authorizationCode,
    };
  }

  async function record(tenant: Tenant, payment: repo.PaymentRow, sale: CieloSale) {
    const paid: Partial<repo.PaymentRow> = {
      status: 'paid',
      gatewayPaymentId: sale.Payment.PaymentId,
      authorizationCode: sale.Payment.AuthorizationCode ?? null,
      returnCode: sale.Payment.ReturnCode ?? null,
    };
    await repo.updatePayment(deps.db, payment.id, paid);
    const done = { ...payment, ...paid } as repo.PaymentRow;
    log.info(
      { tenant: tenant.clientId, payment: payment.id, invoice: payment.invoiceId },
      'card payment approved',
    );
    await settle(tenant, done, { retry: false });
    return result(done);
  }

  return {
    async listCards(tenant: Tenant, session: CustomerSession): Promise<SavedCard[]> {
      gateway(tenant);
      return (await repo.listCards(deps.db, tenant.id, session.erpCustomerId)).map(view);
    },

    async addCard(
      tenant: Tenant,
      session: CustomerSession,
      card: ParsedCard,
      ip: string,
    ): Promise<SavedCard> {
      const cielo = gateway(tenant);
      if (cardExpired(card.ExpirationDate, today())) throw new AppError(400, 'CARD_EXPIRED');
      const brand = cardBrand(card.CardNumber);
      if (!brand) throw new AppError(400, 'CARD_INVALID');
      const print = fingerprint(card.CardNumber);
      if (await repo.findCardByFingerprint(deps.db, tenant.id, session.erpCustomerId, print)) {
        throw new AppError(409, 'CARD_ALREADY_REGISTERED');
      }
      // Each card that would reach the gateway counts, valid or not: that is what card testers do.
      await Promise.all([
        velocity(`new:${tenant.id}:${session.erpCustomerId}`, CARD_VELOCITY.newCardsPerCustomer),
        velocity(`new-ip:${tenant.id}:${clientBucket(ip)}`, CARD_VELOCITY.newCardsPerIp),
      ]);
      const [contracts, customer] = await Promise.all([
        listContracts(tenant.ixc, session.erpCustomerId),
        findCustomerById(tenant.ixc, session.erpCustomerId),
      ]);
      if (!contracts.some((c) => c.status === 'A')) throw new AppError(400, 'NO_ACTIVE_CONTRACT');
      let token: string;
      try {
        token = await cielo.tokenize({
          customerName: customer ? customerName(customer) : session.name,
          number: card.CardNumber,
          holder: card.Holder,
          expiry: card.ExpirationDate,
          brand,
        });
      } catch (error) {
        if (error instanceof CieloError && error.kind === 'validation')
          throw new AppError(400, 'CARD_INVALID');
        log.error({ err: error, tenant: tenant.clientId }, 'card tokenisation failed');
        throw new AppError(502, 'CARD_CREATE_FAILED');
      }
      const row = await repo.insertCard(deps.db, {
        tenantId: tenant.id,
        erpCustomerId: session.erpCustomerId,
        gatewayTokenEnc: encryptSecret(deps.keys.encryption, token),
        fingerprint: print,
        brand,
        lastDigits: card.CardNumber.slice(-4),
        expiry: card.ExpirationDate,
        alias: card.CardAlias,
      });
      log.info(
        { tenant: tenant.clientId, document: hideCpfOrCnpj(session.document), card: row.id },
        'card saved',
      );
      return view(row);
    },

    async deleteCard(tenant: Tenant, session: CustomerSession, id: string): Promise<void> {
      gateway(tenant);
      if (!(await repo.deleteCard(deps.db, tenant.id, session.erpCustomerId, id)))
        throw new AppError(404, 'CARD_NOT_FOUND');
    },

    /**
     * Pays an open invoice with a saved card. At most one live payment per invoice: a double click
     * or a retry answers the payment already made (or 409 while one is in flight), never a second charge.
     */
    async payInvoice(
      tenant: Tenant,
      session: CustomerSession,
      input: { cardId: string; invoiceId: string; installments: number; securityCode: string },
      ip: string,
    ): Promise<PaymentResult> {
      const cielo = gateway(tenant);
      const card = await repo.findCard(deps.db, tenant.id, session.erpCustomerId, input.cardId);
      if (!card) throw new AppError(404, 'CARD_NOT_FOUND');
      const existing = await repo.findLivePayment(deps.db, tenant.id, input.invoiceId);
      if (existing) return this.resume(tenant, session, existing);
      await Promise.all([
        velocity(`pay:${tenant.id}:${session.erpCustomerId}`, CARD_VELOCITY.paymentsPerCustomer),
        velocity(`pay-ip:${tenant.id}:${clientBucket(ip)}`, CARD_VELOCITY.paymentsPerIp),
      ]);
      const declines = await deps.limiter.peek(
        declinesKey(tenant, card.id),
        CARD_VELOCITY.declinesPerCard.limit,
      );
      if (!declines.allowed)
        throw new AppError(429, 'CARD_VELOCITY', undefined, {
          'retry-after': String(declines.retryAfterSeconds),
        });
      const invoice = await deps.financial.ownInvoice(tenant, session, input.invoiceId);
      if (!isPayable(invoice.type) || invoice.openValue <= 0) throw new AppError(409, 'INVOICE_NOT_PAYABLE');
      const invoiceCents = invoice.openValue;
      const option = installmentOption(invoiceCents, input.installments);
      const payment = await repo.insertPendingPayment(deps.db, {
        tenantId: tenant.id,
        erpCustomerId: session.erpCustomerId,
        invoiceId: invoice.id,
        cardId: card.id,
        installments: option.installments,
        invoiceCents,
        amountCents: option.totalCents,
        status: 'pending',
      });
      if (!payment) {
        const raced = await repo.findLivePayment(deps.db, tenant.id, input.invoiceId);
        if (raced) return this.resume(tenant, session, raced);
        throw new AppError(409, 'PAYMENT_IN_PROGRESS');
      }

      let sale: CieloSale;
      try {
        sale = await cielo.sale({
          orderId: orderId(payment),
          customerName: session.name,
          amountCents: option.totalCents,
          installments: option.installments,
          cardToken: decryptSecret(deps.keys.encryption, card.gatewayTokenEnc),
          securityCode: input.securityCode,
          brand: card.brand,
          softDescriptor: tenant.alias.replace(/[^A-Za-z0-9]/g, ''),
        });
      } catch (error) {
        if (isUnknownOutcome(error)) {
          // The sale may have been made: the invoice stays taken until a lookup says what happened.
          log.warn(
            { err: error, tenant: tenant.clientId, payment: payment.id },
            'card sale without an answer',
          );
          await markUnknown(payment, 0);
          throw new AppError(409, 'PAYMENT_CONFIRMING');
        }
        // A 4xx: Cielo refused the request, no sale exists, the invoice is free again.
        log.warn({ err: error, tenant: tenant.clientId, payment: payment.id }, 'card sale refused');
        await repo.updatePayment(deps.db, payment.id, { status: 'failed' });
        throw new AppError(502, 'PAYMENT_FAILED');
      }
      if (isUndecided(sale)) {
        await markUnknown(payment, 0, { gatewayPaymentId: sale.Payment.PaymentId });
        throw new AppError(409, 'PAYMENT_CONFIRMING');
      }
      if (isAborted(sale)) {
        // Aborted before the issuer answered: nothing was charged and the card was not refused.
        await repo.updatePayment(deps.db, payment.id, {
          status: 'failed',
          gatewayPaymentId: sale.Payment.PaymentId,
          returnCode: sale.Payment.ReturnCode ?? null,
        });
        log.warn({ tenant: tenant.clientId, payment: payment.id }, 'card sale aborted by the gateway');
        throw new AppError(502, 'PAYMENT_FAILED');
      }
      if (!isApproved(sale)) {
        const { limit, windowMs } = CARD_VELOCITY.declinesPerCard;
        await deps.limiter.hit(declinesKey(tenant, card.id), limit, windowMs);
        await repo.updatePayment(deps.db, payment.id, {
          status: 'declined',
          gatewayPaymentId: sale.Payment.PaymentId,
          returnCode: sale.Payment.ReturnCode ?? null,
        });
        log.info(
          { tenant: tenant.clientId, payment: payment.id, returnCode: sale.Payment.ReturnCode },
          'card payment declined',
        );
        throw new AppError(402, 'PAYMENT_DECLINED');
      }
      return record(tenant, payment, sale);
    },

    /** A payment already made for the invoice: answered again if paid; while it is being confirmed, said so. */
    async resume(_tenant: Tenant, session: CustomerSession, payment: repo.PaymentRow) {
      if (payment.erpCustomerId !== session.erpCustomerId) throw new AppError(404, 'INVOICE_NOT_FOUND');
      if (payment.status === 'paid') return result(payment);
      if (payment.status === 'unknown') throw new AppError(409, 'PAYMENT_CONFIRMING');
      throw new AppError(409, 'PAYMENT_IN_PROGRESS');
    },

    /**
     * Looks up at the gateway, by MerchantOrderId, the payments whose answer was lost (run by a job, with
     * back-off): an approved sale is recorded and settled, a declined one frees the invoice, an undecided
     * one is looked up again later; no sale after RECONCILE_MAX_CHECKS lookups frees the invoice.
     */
    async reconcilePending(): Promise<number> {
      const due = await repo.paymentsToReconcile(deps.db, STALE_PENDING_MS);
      for (const payment of due) {
        const tenant = await deps.tenantById(payment.tenantId);
        const cielo = tenant?.cielo;
        if (!tenant || !cielo) continue;
        let sales: CieloSale[];
        try {
          sales = await cielo.salesByOrderId(orderId(payment));
        } catch (err) {
          log.warn({ err, tenant: tenant.clientId, payment: payment.id }, 'card payment lookup failed');
          await markUnknown(payment, payment.checkAttempts + 1);
          continue;
        }
        const approved = sales.find(isApproved);
        if (approved) {
          // spec: never two payments of one invoice. Paid otherwise while the answer was lost (PIX,
          // boleto): this sale goes back to the card.
          const title = await findInvoice(tenant.ixc, payment.erpCustomerId, payment.invoiceId).catch(
            () => null,
          );
          if (title?.status === 'R') await voidSale(tenant, cielo, payment, approved);
          else await record(tenant, payment, approved);
          continue;
        }
        if (
          sales.some(isUndecided) ||
          (sales.length === 0 && payment.checkAttempts + 1 < RECONCILE_MAX_CHECKS)
        ) {
          await markUnknown(payment, payment.checkAttempts + 1);
          continue;
        }
        const declined = sales[0];
        await repo.updatePayment(deps.db, payment.id, {
          status: declined && !isAborted(declined) ? 'declined' : 'failed',
          gatewayPaymentId: declined?.Payment.PaymentId ?? null,
          returnCode: declined?.Payment.ReturnCode ?? null,
          nextCheckAt: null,
        });
        log.warn(
          { tenant: tenant.clientId, payment: payment.id, invoice: payment.invoiceId, declined: !!declined },
          declined ? 'lost card sale found declined' : 'lost card sale never reached the gateway',
        );
      }
      return due.length;
    },

    /** Settles in the ERP the card payments that could not be settled at once (run by a job). */
    async settlePending(): Promise<number> {
      const pending = await repo.unsettledPayments(deps.db, 30_000);
      for (const payment of pending) {
        const tenant = await deps.tenantById(payment.tenantId);
        if (tenant) await settle(tenant, payment, { retry: true });
      }
      return pending.length;
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
