import { z } from 'zod';

export type CieloErrorKind = 'timeout' | 'network' | 'auth' | 'validation' | 'http' | 'protocol';

export class CieloError extends Error {
  constructor(
    readonly kind: CieloErrorKind,
    message: string,
    /** Cielo's error codes, e.g. 126 (invalid expiration date). */
    readonly codes: number[] = [],
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CieloError';
  }
}

const NOT_FOUND = Symbol('not found');
const errorList = z.array(z.object({ Code: z.number(), Message: z.string() }));
const tokenAnswer = z.object({ CardToken: z.string().min(1) });
const saleAnswer = z.object({
  MerchantOrderId: z.string().optional(),
  Payment: z.object({
    PaymentId: z.string(),
    Status: z.number(),
    ReturnCode: z.string().optional(),
    ReturnMessage: z.string().optional(),
    AuthorizationCode: z.string().nullish(),
    Amount: z.number(),
    Installments: z.number(),
  }),
});
export type CieloSale = z.infer<typeof saleAnswer>;
const paymentIds = z.array(z.object({ PaymentId: z.string() })).nullish();
// The query by MerchantOrderId lists `Payments`; older answers named the list `Payment`.
const ordersAnswer = z.object({ Payments: paymentIds, Payment: paymentIds });

/** Cielo payment statuses: 1 authorised, 2 paid (captured). */
export const isApproved = (sale: CieloSale) => sale.Payment.Status === 1 || sale.Payment.Status === 2;
/** 0 NotFinished and 12 Pending are no answer yet: the sale may still be approved. */
export const isUndecided = (sale: CieloSale) => sale.Payment.Status === 0 || sale.Payment.Status === 12;
/** 13 Aborted: the sale ended without reaching the issuer; nothing was charged and the card was not refused. */
export const isAborted = (sale: CieloSale) => sale.Payment.Status === 13;

/** Cielo's limit for `CreditCard.Holder` (error 214 beyond it or with anything but letters and spaces). */
export const CIELO_HOLDER_MAX = 25;

/**
 * The holder's name as Cielo accepts it: accents removed, anything but letters and spaces dropped,
 * spaces collapsed, cut to 25 characters. What the subscriber types keeps the spec's own rule.
 */
export function cieloHolder(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z\s]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, CIELO_HOLDER_MAX)
    .trim();
}

/** A failure that leaves a sale's outcome unknown: it may have been made. Only a 4xx says it was not. */
export const isUnknownOutcome = (error: unknown) =>
  error instanceof CieloError &&
  (error.kind === 'timeout' ||
    error.kind === 'network' ||
    error.kind === 'protocol' ||
    (error.kind === 'http' && (error.status ?? 500) >= 500));

/**
 * The one client of Cielo's API 3.0 (e-commerce): card tokenisation, sales with a card token, and the
 * query API. Nothing here is retried: a sale whose answer was lost is found again by its
 * MerchantOrderId (`salesByOrderId`).
 */
export class CieloClient {
  constructor(
    private readonly opts: {
      apiUrl: string;
      queryUrl: string;
      merchantId: string;
      merchantKey: string;
      timeoutMs?: number;
    },
  ) {}

  async tokenize(card: {
    customerName: string;
    number: string;
    holder: string;
    expiry: string;
    brand: 'Visa' | 'Master';
  }): Promise<string> {
    const answer = await this.call('POST', `${this.opts.apiUrl}/1/card`, crypto.randomUUID(), {
      CustomerName: card.customerName,
      CardNumber: card.number,
      Holder: cieloHolder(card.holder),
      ExpirationDate: card.expiry,
      Brand: card.brand,
    });
    const parsed = tokenAnswer.safeParse(answer);
    if (!parsed.success) throw new CieloError('protocol', 'unexpected tokenisation answer');
    return parsed.data.CardToken;
  }

  /** Voids (cancels) `amountCents` of a sale: the money goes back to the card. */
  async void(paymentId: string, amountCents: number): Promise<void> {
    await this.call(
      'PUT',
      `${this.opts.apiUrl}/1/sales/${encodeURIComponent(paymentId)}/void?amount=${amountCents}`,
      crypto.randomUUID(),
    );
  }

  async sale(s: {
    orderId: string;
    customerName: string;
    amountCents: number;
    installments: number;
    cardToken: string;
    securityCode: string;
    brand: 'Visa' | 'Master';
    softDescriptor?: string;
  }): Promise<CieloSale> {
    const answer = await this.call('POST', `${this.opts.apiUrl}/1/sales/`, crypto.randomUUID(), {
      MerchantOrderId: s.orderId,
      Customer: { Name: s.customerName },
      Payment: {
        Type: 'CreditCard',
        Amount: s.amountCents,
        Installments: s.installments,
        Capture: true,
        ...(s.softDescriptor ? { SoftDescriptor: s.softDescriptor.slice(0, 13) } : {}),
        CreditCard: { CardToken: s.cardToken, SecurityCode: s.securityCode, Brand: s.brand },
        // Mastercard requires the initiator of a sale with stored credentials: here the cardholder,
        // paying with a card kept on file (Cielo, "Transaction Initiator Indicator (CIT and MIT)").
        ...(s.brand === 'Master'
          ? { InitiatedTransactionIndicator: { Category: 'C1', Subcategory: 'CredentialsOnFile' } }
          : {}),
      },
    });
    const parsed = saleAnswer.safeParse(answer);
    if (!parsed.success) throw new CieloError('protocol', 'unexpected sale answer');
    return parsed.data;
  }

  /** The sales made with a MerchantOrderId (query API), newest knowledge of a sale whose answer was lost. */
  async salesByOrderId(orderId: string): Promise<CieloSale[]> {
    // Cielo answers 404 with an empty body when no sale has this MerchantOrderId.
    const answer = await this.call(
      'GET',
      `${this.opts.queryUrl}/1/sales?merchantOrderId=${encodeURIComponent(orderId)}`,
      crypto.randomUUID(),
    ).catch((error: unknown) => {
      if (error instanceof CieloError && error.status === 404) return NOT_FOUND;
      throw error;
    });
    if (answer === NOT_FOUND) return [];
    const ids = ordersAnswer.safeParse(answer);
    if (!ids.success) throw new CieloError('protocol', 'unexpected query answer');
    return Promise.all(
      (ids.data.Payments ?? ids.data.Payment ?? []).map(async (p) => {
        const sale = saleAnswer.safeParse(
          await this.call(
            'GET',
            `${this.opts.queryUrl}/1/sales/${encodeURIComponent(p.PaymentId)}`,
            crypto.randomUUID(),
          ),
        );
        if (!sale.success) throw new CieloError('protocol', 'unexpected sale query answer');
        return sale.data;
      }),
    );
  }

  private async call(method: string, url: string, requestId: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          MerchantId: this.opts.merchantId,
          MerchantKey: this.opts.merchantKey,
          RequestId: requestId,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 20_000),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new CieloError('timeout', 'Cielo timed out');
      throw new CieloError('network', `Cielo unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = undefined;
    }
    if (response.status === 401 || response.status === 403)
      throw new CieloError('auth', 'Cielo refused the merchant', [], response.status);
    if (response.status === 400) {
      const errors = errorList.safeParse(json);
      const codes = errors.success ? errors.data.map((e) => e.Code) : [];
      const message = errors.success
        ? errors.data.map((e) => e.Message).join('; ')
        : 'Cielo validation error';
      throw new CieloError('validation', message, codes, 400);
    }
    if (!response.ok)
      throw new CieloError('http', `Cielo answered HTTP ${response.status}`, [], response.status);
    if (json === undefined) throw new CieloError('protocol', 'Cielo answered something that is not JSON');
    return json;
  }
}
