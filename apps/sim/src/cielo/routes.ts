// Cielo API 3.0 (e-commerce) on its two hosts, as the manual's "Architecture" describes them: the
// transactional host (tokenisation, sales, capture, void) and the query host (a sale, the sales of an order,
// a card token). Each host knows only its own calls: anything else, including the other host's calls, is a
// 404 with an empty body. Validation errors are arrays of `{Code, Message}` (HTTP 400); bad credentials
// (401) and unknown sales (404) answer no body.

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { saoPauloNow } from '../clock.ts';
import { acceptRawBodies } from '../ixc/body.ts';
import {
  authorizationCode,
  CIELO_ERRORS,
  type CieloError,
  cieloDate,
  GUID,
  type InitiatorIndicator,
  maskCardNumber,
  parseBrand,
  parseInitiator,
  sandboxResult,
  type ValidCard,
  validateCard,
} from './rules.ts';
import type { CieloMerchant, CieloPayment, CieloSale, CieloStore, SaleRecord, StoredCard } from './store.ts';

export interface CieloRoutesOptions {
  store: CieloStore;
  now: () => Date;
  latencyMs: number;
  /** how long a `timeout`/`lost` fault holds the request before dropping the connection */
  holdMs: number;
  /** where each host is mounted, for the Links' addresses */
  paths: { api: string; query: string };
}

interface Answer {
  status: number;
  /** none: an empty body */
  body?: unknown;
}

/** A request body bound as ASP.NET does: property names in lower case (see `bind`). */
type Body = Record<string, unknown>;

/** The absolute base URLs of the two hosts, as seen by the client. */
interface Bases {
  api: string;
  query: string;
}

type Handler = (ctx: {
  request: FastifyRequest;
  merchant: CieloMerchant;
  body: Body | undefined;
  requestId: string | null;
  bases: Bases;
}) => Answer;

const JSON_TYPE = 'application/json; charset=utf-8';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const fail = (status: number, ...errors: CieloError[]): Answer => ({ status, body: errors });

const NOT_FOUND: Answer = { status: 404 };

/**
 * JSON with every property name in lower case, at every level: Cielo's ASP.NET binder matches names without
 * regard to case (`merchantOrderId`, `PAYMENT`), and of two spellings of one name the last one wins.
 */
function bind(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(bind);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key.toLowerCase(), bind(v)]));
}

/** A property of a bound body, named as Cielo spells it. */
function field(body: Body, name: string): unknown {
  return body[name.toLowerCase()];
}

function isObject(value: unknown): value is Body {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function bool(value: unknown): boolean {
  return value === true || text(value).toLowerCase() === 'true';
}

/** A whole number given as a JSON number or a string of digits (what an ASP.NET binder accepts). */
function integer(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** A query-string parameter, its name matched without regard to case. */
function queryParam(request: FastifyRequest, name: string): unknown {
  const query = request.query as Record<string, unknown>;
  const key = Object.keys(query).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : query[key];
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

function currentMonth(now: Date): string {
  return saoPauloNow(now).date.slice(0, 7);
}

function link(method: 'GET' | 'PUT', rel: string, href: string) {
  return { Method: method, Rel: rel, Href: href };
}

/** `self` on the query host; `capture` and `void` on the transactional host (manual's sale answers). */
function saleLinks(payment: CieloPayment, bases: Bases) {
  const id = payment.PaymentId;
  const links = [link('GET', 'self', `${bases.query}/1/sales/${id}`)];
  if (payment.Status === 1) links.push(link('PUT', 'capture', `${bases.api}/1/sales/${id}/capture`));
  if (payment.Status === 1 || payment.Status === 2)
    links.push(link('PUT', 'void', `${bases.api}/1/sales/${id}/void`));
  return links;
}

function saleAnswer(sale: CieloSale, bases: Bases): CieloSale & { Payment: { Links: unknown[] } } {
  return { ...sale, Payment: { ...sale.Payment, Links: saleLinks(sale.Payment, bases) } };
}

function cardInput(card: Body) {
  return {
    CardNumber: field(card, 'CardNumber'),
    Holder: field(card, 'Holder'),
    ExpirationDate: field(card, 'ExpirationDate'),
    Brand: field(card, 'Brand'),
  };
}

function tokenize(now: () => Date): Handler {
  return ({ merchant, body, bases }) => {
    if (!body) return fail(400, CIELO_ERRORS.emptyRequest);
    const errors: CieloError[] = [];
    const customerName = text(field(body, 'CustomerName'));
    if (customerName === '') errors.push(CIELO_ERRORS.customerNameRequired);
    const card = validateCard(cardInput(body), currentMonth(now()));
    if (Array.isArray(card)) errors.push(...card);
    if (errors.length > 0 || Array.isArray(card)) return fail(400, ...errors);
    const stored = cardRecord(card, customerName);
    merchant.cards.set(stored.token, stored);
    return {
      status: 201,
      body: { CardToken: stored.token, Links: link('GET', 'self', `${bases.query}/1/card/${stored.token}`) },
    };
  };
}

/** What is kept of a card: the masked number and the last digit (which decides the sandbox's answer). */
function cardRecord(card: ValidCard, customerName: string): StoredCard {
  return {
    token: randomUUID(),
    customerName,
    holder: card.holder,
    expirationDate: card.expirationDate,
    brand: card.brand,
    maskedNumber: maskCardNumber(card.number),
    lastDigit: card.number.slice(-1),
  };
}

function securityCodeErrors(value: unknown): CieloError[] {
  if (value === undefined || value === null || value === '') return [];
  return /^\d{1,4}$/.test(text(value)) ? [] : [CIELO_ERRORS.securityCodeLength];
}

/**
 * Mastercard requires `Payment.InitiatedTransactionIndicator` on a sale with stored credentials (manual,
 * "Mastercard Transaction Initiator"); sent with a card in full, it is checked but not required. Other
 * brands ignore it ("Valid only for Mastercard").
 */
function initiatorOf(
  payment: Body,
  card: StoredCard,
  stored: boolean,
): { indicator?: InitiatorIndicator; error?: CieloError } {
  if (card.brand !== 'Master') return {};
  const node = field(payment, 'InitiatedTransactionIndicator');
  if (node === undefined || node === null) return stored ? { error: CIELO_ERRORS.initiatorRequired } : {};
  if (!isObject(node)) return { error: CIELO_ERRORS.initiatorInvalid };
  const parsed = parseInitiator(field(node, 'Category'), field(node, 'Subcategory'));
  return 'Code' in parsed ? { error: parsed } : { indicator: parsed };
}

function createSale(store: CieloStore, now: () => Date): Handler {
  return ({ merchant, body, requestId, bases }) => {
    if (!body) return fail(400, CIELO_ERRORS.emptyRequest);
    const errors: CieloError[] = [];
    const orderId = text(field(body, 'MerchantOrderId'));
    if (orderId === '') errors.push(CIELO_ERRORS.merchantOrderIdRequired);
    else if (!/^[A-Za-z0-9]{1,50}$/.test(orderId)) errors.push(CIELO_ERRORS.orderIdInvalid);
    const payment = field(body, 'Payment');
    if (!isObject(payment)) return fail(400, ...errors, CIELO_ERRORS.paymentRequired);
    const type = text(field(payment, 'Type'));
    if (type === '') errors.push(CIELO_ERRORS.paymentTypeRequired);
    else if (type.toLowerCase() !== 'creditcard') errors.push(CIELO_ERRORS.paymentMethodNotEnabled);
    const amount = integer(field(payment, 'Amount'));
    if (amount === undefined || amount <= 0) errors.push(CIELO_ERRORS.amountInvalid);
    const rawInstallments = field(payment, 'Installments');
    const installments = rawInstallments === undefined ? 1 : integer(rawInstallments);
    if (installments === undefined || installments < 1) errors.push(CIELO_ERRORS.installmentsInvalid);
    else if (installments > 12) errors.push(CIELO_ERRORS.optionsNotSupported);
    const creditCard = field(payment, 'CreditCard');
    if (!isObject(creditCard)) return fail(400, ...errors, CIELO_ERRORS.creditCardRequired);

    let card: StoredCard | undefined;
    let saveCard = false;
    const tokenText = text(field(creditCard, 'CardToken'));
    const byToken = tokenText !== '';
    if (byToken) {
      card = GUID.test(tokenText) ? merchant.cards.get(tokenText.toLowerCase()) : undefined;
      const brandText = text(field(creditCard, 'Brand'));
      if (!card) errors.push(CIELO_ERRORS.cardNotFound);
      if (brandText === '') errors.push(CIELO_ERRORS.brandRequired);
      else if (!parseBrand(brandText)) errors.push(CIELO_ERRORS.brandNotSupported);
      else if (card && parseBrand(brandText) !== card.brand) errors.push(CIELO_ERRORS.cardNumberInvalid);
    } else {
      const valid = validateCard(cardInput(creditCard), currentMonth(now()));
      if (Array.isArray(valid)) errors.push(...valid);
      else {
        // a card sent in full is kept (as a token) only with SaveCard
        saveCard = bool(field(creditCard, 'SaveCard'));
        const customer = field(body, 'Customer');
        card = cardRecord(valid, isObject(customer) ? text(field(customer, 'Name')) : '');
      }
    }
    errors.push(...securityCodeErrors(field(creditCard, 'SecurityCode')));
    const initiator = card ? initiatorOf(payment, card, byToken) : {};
    if (initiator.error) errors.push(initiator.error);
    if (errors.length > 0 || !card || amount === undefined || installments === undefined)
      return fail(400, ...errors);

    // Cielo does not deduplicate: the same MerchantOrderId (and RequestId) sent twice is charged twice.
    if (saveCard) merchant.cards.set(card.token, card);
    const date = cieloDate(now());
    const n = store.next();
    const result = sandboxResult(card.lastDigit);
    const pending = result.authorized ? store.takePending() : null;
    const authorized = result.authorized && pending === null;
    const capture = bool(field(payment, 'Capture'));
    const stamp = date.slice(5).replace(/\D/g, ''); // MMDDhhmmss
    const softDescriptor = text(field(payment, 'SoftDescriptor'));
    const customer = field(body, 'Customer');
    const sale: CieloSale = {
      MerchantOrderId: orderId,
      ...(isObject(customer) ? { Customer: { Name: text(field(customer, 'Name')) } } : {}),
      Payment: {
        ServiceTaxAmount: 0,
        Installments: installments,
        Interest: text(field(payment, 'Interest')) || 'ByMerchant',
        Capture: capture,
        Authenticate: false,
        Recurrent: false,
        CreditCard: {
          CardNumber: card.maskedNumber,
          Holder: card.holder,
          ExpirationDate: card.expirationDate,
          SaveCard: saveCard,
          Brand: card.brand,
          ...(saveCard ? { CardToken: card.token } : {}),
        },
        ...(initiator.indicator ? { InitiatedTransactionIndicator: initiator.indicator } : {}),
        Tid: `${stamp}${String(n % 1000).padStart(3, '0')}`,
        ProofOfSale: String((n * 7919) % 1_000_000).padStart(6, '0'),
        ...(authorized ? { AuthorizationCode: authorizationCode(n) } : {}),
        ...(softDescriptor ? { SoftDescriptor: softDescriptor } : {}),
        Provider: 'Simulado',
        IsQrCode: false,
        Amount: amount,
        ReceivedDate: date,
        ...(authorized && capture ? { CapturedAmount: amount, CapturedDate: date } : {}),
        Status: pending ?? (authorized ? (capture ? 2 : 1) : 3),
        IsSplitted: false,
        // an undecided sale has no return from the issuer yet
        ...(pending !== null
          ? {}
          : authorized
            ? { ReturnMessage: 'Operation Successful', ReturnCode: capture ? '6' : '4' }
            : { ReturnMessage: result.returnMessage, ReturnCode: result.returnCode }),
        PaymentId: randomUUID(),
        Type: 'CreditCard',
        Currency: 'BRL',
        Country: 'BRA',
      },
    };
    const record: SaleRecord = { merchantId: merchant.id, requestId, sale };
    merchant.sales.set(sale.Payment.PaymentId, record);
    return { status: 201, body: saleAnswer(sale, bases) };
  };
}

function findSale(merchant: CieloMerchant, request: FastifyRequest): SaleRecord | undefined {
  const paymentId = (request.params as { paymentId: string }).paymentId;
  return GUID.test(paymentId) ? merchant.sales.get(paymentId.toLowerCase()) : undefined;
}

/** `?amount=` of capture and void: optional, whole cents; undefined when unreadable. */
function amountParam(request: FastifyRequest): number | null | undefined {
  const raw = queryParam(request, 'amount');
  if (raw === undefined || raw === '') return null;
  return integer(raw);
}

function capture(now: () => Date): Handler {
  return ({ request, merchant, bases }) => {
    const record = findSale(merchant, request);
    if (!record) return NOT_FOUND;
    const payment = record.sale.Payment;
    const amount = amountParam(request);
    // one capture per sale, total or partial (manual, "Partial or total capture")
    if (
      payment.Status !== 1 ||
      amount === undefined ||
      (amount !== null && (amount <= 0 || amount > payment.Amount))
    )
      return fail(400, CIELO_ERRORS.notAvailableToCapture);
    payment.Status = 2;
    payment.Capture = true;
    payment.CapturedAmount = amount ?? payment.Amount;
    payment.CapturedDate = cieloDate(now());
    payment.ReturnCode = '6';
    payment.ReturnMessage = 'Operation Successful';
    return {
      status: 200,
      body: {
        Status: 2,
        ReasonCode: 0,
        ReasonMessage: 'Successful',
        ProviderReturnCode: '6',
        ProviderReturnMessage: 'Operation Successful',
        ReturnCode: '6',
        ReturnMessage: 'Operation Successful',
        Tid: payment.Tid,
        ProofOfSale: payment.ProofOfSale,
        AuthorizationCode: payment.AuthorizationCode,
        Links: saleLinks(payment, bases),
      },
    };
  };
}

/**
 * Manual, "Canceling a transaction": an authorised, uncaptured sale (Status 1) can only be voided in full;
 * a captured one (2) also in parts, any number of times, the sale keeping the sum in `VoidedAmount`.
 * A partial void answers ReturnCode '0', the one that voids what is left '9' ("Cancellation Return Codes").
 */
function voidSale(now: () => Date): Handler {
  return ({ request, merchant, bases }) => {
    const record = findSale(merchant, request);
    if (!record) return NOT_FOUND;
    const payment = record.sale.Payment;
    const total = payment.Status === 2 ? (payment.CapturedAmount ?? payment.Amount) : payment.Amount;
    const remaining = total - (payment.VoidedAmount ?? 0);
    const amount = amountParam(request);
    const value = amount ?? remaining;
    if (
      (payment.Status !== 1 && payment.Status !== 2) ||
      amount === undefined ||
      value <= 0 ||
      value > remaining ||
      (payment.Status === 1 && value < remaining)
    )
      return fail(400, CIELO_ERRORS.notAvailableToVoid);
    payment.VoidedAmount = (payment.VoidedAmount ?? 0) + value;
    payment.VoidedDate = cieloDate(now());
    if (payment.VoidedAmount >= total) payment.Status = 10;
    const returnCode = payment.Status === 10 ? '9' : '0';
    return {
      status: 200,
      body: {
        Status: payment.Status,
        ReasonCode: 0,
        ReasonMessage: 'Successful',
        ProviderReturnCode: returnCode,
        ProviderReturnMessage: 'Operation Successful',
        ReturnCode: returnCode,
        ReturnMessage: 'Operation Successful',
        Tid: payment.Tid,
        ProofOfSale: payment.ProofOfSale,
        AuthorizationCode: payment.AuthorizationCode,
        VoidedAmount: payment.VoidedAmount,
        Links: saleLinks(payment, bases),
      },
    };
  };
}

const querySale: Handler = ({ request, merchant, bases }) => {
  const record = findSale(merchant, request);
  return record ? { status: 200, body: saleAnswer(record.sale, bases) } : NOT_FOUND;
};

/**
 * `GET /1/sales?merchantOrderId=`: every payment of that order, the field spelled `ReceveidDate` (sic);
 * no sale of this merchant with that order is a 404 (manual, "HTTP Status Code").
 */
const salesByOrder: Handler = ({ request, merchant }) => {
  const orderId = text(queryParam(request, 'merchantOrderId'));
  if (orderId === '') return fail(400, CIELO_ERRORS.merchantOrderIdRequired);
  const payments = [...merchant.sales.values()]
    .filter((r) => r.sale.MerchantOrderId === orderId)
    .map((r) => ({ PaymentId: r.sale.Payment.PaymentId, ReceveidDate: r.sale.Payment.ReceivedDate }));
  if (payments.length === 0) return NOT_FOUND;
  return { status: 200, body: { ReasonCode: 0, ReasonMessage: 'Successful', Payments: payments } };
};

const queryCard: Handler = ({ request, merchant }) => {
  const token = (request.params as { cardToken: string }).cardToken;
  const card = GUID.test(token) ? merchant.cards.get(token.toLowerCase()) : undefined;
  if (!card) return NOT_FOUND;
  return {
    status: 200,
    body: { CardNumber: card.maskedNumber, Holder: card.holder, ExpirationDate: card.expirationDate },
  };
};

/** MerchantId (a GUID) and MerchantKey on every call. */
function authenticate(store: CieloStore, request: FastifyRequest): CieloMerchant | undefined {
  const id = header(request, 'merchantid');
  const key = header(request, 'merchantkey');
  if (!GUID.test(id) || key === '') return undefined;
  const merchant = store.merchant(id);
  return merchant?.key === key ? merchant : undefined;
}

function send(reply: FastifyReply, answer: Answer) {
  reply.code(answer.status);
  return answer.body === undefined ? reply.send() : reply.type(JSON_TYPE).send(JSON.stringify(answer.body));
}

/** Answers a 404 with no body, as Cielo does for a path it does not serve. */
export const notFoundEmpty = (_request: FastifyRequest, reply: FastifyReply) => send(reply, NOT_FOUND);

/** What both hosts share: faults, credentials, body binding, and a 404 with no body for anything else. */
function host(app: FastifyInstance, opts: CieloRoutesOptions) {
  const { store } = opts;
  const held = new Set<() => void>();

  acceptRawBodies(app);

  function hold(reply: FastifyReply): Promise<void> {
    reply.hijack();
    return new Promise((resolve) => {
      const drop = () => {
        clearTimeout(timer);
        held.delete(drop);
        if (!reply.raw.destroyed) reply.raw.destroy();
        resolve();
      };
      const timer = setTimeout(drop, opts.holdMs);
      held.add(drop);
      reply.raw.once('close', drop);
    });
  }

  app.addHook('preClose', async () => {
    for (const drop of [...held]) drop();
  });

  app.setErrorHandler((error, request, reply) => {
    request.log.error(error);
    return send(reply, fail(500, CIELO_ERRORS.internal));
  });
  app.setNotFoundHandler(notFoundEmpty);

  return function route(handler: Handler) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const requestId = header(request, 'requestid');
      if (requestId) reply.header('RequestId', requestId);
      const fault = store.takeFault();
      const delay = opts.latencyMs + (fault?.latencyMs ?? 0);
      if (delay > 0) await sleep(delay);
      if (fault?.mode === 'timeout') return hold(reply);
      if (fault?.mode === 'http500') return send(reply, fail(500, CIELO_ERRORS.internal));

      // The 401 has no body (docs.cielo.com.br, "HTTP status": "Não retorna corpo").
      const merchant = authenticate(store, request);
      if (!merchant) return send(reply, { status: 401 });

      const raw = typeof request.body === 'string' ? request.body : '';
      let body: Body | undefined;
      if (raw.trim() !== '') {
        try {
          const parsed = bind(JSON.parse(raw));
          if (isObject(parsed) && Object.keys(parsed).length > 0) body = parsed;
        } catch {
          // an unreadable body is bound as an empty request, as ASP.NET does
        }
      }
      const origin = `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`;
      const bases = { api: `${origin}${opts.paths.api}`, query: `${origin}${opts.paths.query}` };
      const answer = handler({ request, merchant, body, requestId: requestId || null, bases });
      // `lost`: the call is carried out, but its answer never reaches the client
      if (fault?.mode === 'lost') return hold(reply);
      return send(reply, answer);
    };
  };
}

/** The transactional host (api.cieloecommerce / apisandbox): calls with side effects. */
export const cieloApiRoutes: FastifyPluginAsync<CieloRoutesOptions> = async (app, opts) => {
  const route = host(app, opts);
  const sale = route(createSale(opts.store, opts.now));
  const card = route(tokenize(opts.now));
  app.post('/1/card', card);
  app.post('/1/card/', card);
  app.post('/1/sales', sale);
  app.post('/1/sales/', sale);
  app.put('/1/sales/:paymentId/capture', route(capture(opts.now)));
  app.put('/1/sales/:paymentId/void', route(voidSale(opts.now)));
};

/** The query host (apiquery.cieloecommerce / apiquerysandbox): reads only. */
export const cieloQueryRoutes: FastifyPluginAsync<CieloRoutesOptions> = async (app, opts) => {
  const route = host(app, opts);
  app.get('/1/card/:cardToken', route(queryCard));
  app.get('/1/sales', route(salesByOrder));
  app.get('/1/sales/', route(salesByOrder));
  app.get('/1/sales/:paymentId', route(querySale));
};
