// Cielo API 3.0 (e-commerce): tokenisation, credit card sales, capture, void and the query API, on one
// base URL (the real service splits the transactional and the query hosts; both point here). Errors are
// arrays of `{Code, Message}`: HTTP 400 for validation, 401 for credentials, 404 for an unknown sale.

import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { saoPauloNow } from '../clock.ts';
import { acceptRawBodies } from '../ixc/body.ts';
import {
  CIELO_ERRORS,
  type CieloError,
  GUID,
  maskCardNumber,
  parseBrand,
  sandboxResult,
  type ValidCard,
  validateCard,
} from './rules.ts';
import {
  CieloMerchant,
  type CieloPayment,
  type CieloSale,
  type CieloStore,
  type SaleRecord,
  type StoredCard,
} from './store.ts';

export interface CieloRoutesOptions {
  store: CieloStore;
  now: () => Date;
  latencyMs: number;
  /** how long a `timeout`/`lost` fault holds the request before dropping the connection */
  holdMs: number;
  /** the prefix the routes are mounted on, for the Links' addresses */
  basePath: string;
}

interface Answer {
  status: number;
  body: unknown;
}

type Body = Record<string, unknown>;
type Handler = (ctx: {
  request: FastifyRequest;
  merchant: CieloMerchant;
  body: Body | undefined;
  requestId: string | null;
  base: string;
}) => Answer;

const JSON_TYPE = 'application/json; charset=utf-8';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const fail = (status: number, ...errors: CieloError[]): Answer => ({ status, body: errors });

function isObject(value: unknown): value is Body {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** A whole number given as a JSON number or a string of digits (what an ASP.NET binder accepts). */
function integer(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** 'YYYY-MM-DD HH:mm:ss' in Brasília time, as Cielo writes its dates. */
function cieloDate(now: Date): string {
  const local = saoPauloNow(now);
  return `${local.date} ${local.time}`;
}

function link(method: 'GET' | 'PUT', rel: string, href: string) {
  return { Method: method, Rel: rel, Href: href };
}

function saleLinks(payment: CieloPayment, base: string) {
  const self = `${base}/1/sales/${payment.PaymentId}`;
  const links = [link('GET', 'self', self)];
  if (payment.Status === 1) links.push(link('PUT', 'capture', `${self}/capture`));
  if (payment.Status === 1 || payment.Status === 2) links.push(link('PUT', 'void', `${self}/void`));
  return links;
}

function saleAnswer(sale: CieloSale, base: string): CieloSale & { Payment: { Links: unknown[] } } {
  return { ...sale, Payment: { ...sale.Payment, Links: saleLinks(sale.Payment, base) } };
}

function tokenize(now: () => Date): Handler {
  return ({ merchant, body, base }) => {
    if (!body) return fail(400, CIELO_ERRORS.emptyRequest);
    const errors: CieloError[] = [];
    if (text(body.CustomerName) === '') errors.push(CIELO_ERRORS.customerNameRequired);
    const card = validateCard(body, currentMonth(now()));
    if (Array.isArray(card)) errors.push(...card);
    if (errors.length > 0 || Array.isArray(card)) return fail(400, ...errors);
    const stored = storeCard(merchant, card, text(body.CustomerName));
    return {
      status: 201,
      body: { CardToken: stored.token, Links: link('GET', 'self', `${base}/1/card/${stored.token}`) },
    };
  };
}

function currentMonth(now: Date): string {
  return saoPauloNow(now).date.slice(0, 7);
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

function storeCard(merchant: CieloMerchant, card: ValidCard, customerName: string): StoredCard {
  const stored = cardRecord(card, customerName);
  merchant.cards.set(stored.token, stored);
  return stored;
}

function securityCodeErrors(value: unknown): CieloError[] {
  if (value === undefined || value === null || value === '') return [];
  return /^\d{1,4}$/.test(text(value)) ? [] : [CIELO_ERRORS.securityCodeLength];
}

function createSale(store: CieloStore, now: () => Date): Handler {
  return ({ merchant, body, requestId, base }) => {
    if (!body) return fail(400, CIELO_ERRORS.emptyRequest);
    const errors: CieloError[] = [];
    const orderId = text(body.MerchantOrderId);
    if (orderId === '') errors.push(CIELO_ERRORS.merchantOrderIdRequired);
    else if (!/^[A-Za-z0-9]{1,50}$/.test(orderId)) errors.push(CIELO_ERRORS.orderIdInvalid);
    const payment = body.Payment;
    if (!isObject(payment)) return fail(400, ...errors, CIELO_ERRORS.paymentRequired);
    const type = text(payment.Type);
    if (type === '') errors.push(CIELO_ERRORS.paymentTypeRequired);
    else if (type.toLowerCase() !== 'creditcard') errors.push(CIELO_ERRORS.paymentMethodNotEnabled);
    const amount = integer(payment.Amount);
    if (amount === undefined || amount <= 0) errors.push(CIELO_ERRORS.amountInvalid);
    const installments = payment.Installments === undefined ? 1 : integer(payment.Installments);
    if (installments === undefined || installments < 1) errors.push(CIELO_ERRORS.installmentsInvalid);
    else if (installments > 12) errors.push(CIELO_ERRORS.optionsNotSupported);
    const creditCard = payment.CreditCard;
    if (!isObject(creditCard)) return fail(400, ...errors, CIELO_ERRORS.creditCardRequired);

    let card: StoredCard | undefined;
    let saveCard = false;
    const tokenText = text(creditCard.CardToken);
    if (tokenText !== '') {
      card = GUID.test(tokenText) ? merchant.cards.get(tokenText.toLowerCase()) : undefined;
      const brandText = text(creditCard.Brand);
      if (!card) errors.push(CIELO_ERRORS.cardNotFound);
      if (brandText === '') errors.push(CIELO_ERRORS.brandRequired);
      else if (!parseBrand(brandText)) errors.push(CIELO_ERRORS.brandNotSupported);
      else if (card && parseBrand(brandText) !== card.brand) errors.push(CIELO_ERRORS.cardNumberInvalid);
    } else {
      const valid = validateCard(creditCard, currentMonth(now()));
      if (Array.isArray(valid)) errors.push(...valid);
      else {
        // a card sent in full is kept (as a token) only with SaveCard
        saveCard = creditCard.SaveCard === true || text(creditCard.SaveCard).toLowerCase() === 'true';
        card = cardRecord(valid, isObject(body.Customer) ? text(body.Customer.Name) : '');
      }
    }
    errors.push(...securityCodeErrors(creditCard.SecurityCode));
    if (errors.length > 0 || !card || amount === undefined || installments === undefined)
      return fail(400, ...errors);

    // The same MerchantOrderId + RequestId is the same request sent again: answer the sale it created.
    const replayKey = requestId ? `${orderId}\n${requestId.toLowerCase()}` : null;
    const previous = replayKey ? merchant.replays.get(replayKey) : undefined;
    const known = previous ? merchant.sales.get(previous) : undefined;
    if (known) return { status: 201, body: saleAnswer(known.sale, base) };
    if (saveCard) merchant.cards.set(card.token, card);

    const at = now();
    const date = cieloDate(at);
    const n = store.next();
    const result = sandboxResult(card.lastDigit);
    const capture = payment.Capture === true || text(payment.Capture).toLowerCase() === 'true';
    const stamp = date.slice(5).replace(/\D/g, ''); // MMDDhhmmss
    const softDescriptor = text(payment.SoftDescriptor);
    const sale: CieloSale = {
      MerchantOrderId: orderId,
      ...(isObject(body.Customer) ? { Customer: { Name: text(body.Customer.Name) } } : {}),
      Payment: {
        ServiceTaxAmount: 0,
        Installments: installments,
        Interest: text(payment.Interest) || 'ByMerchant',
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
        Tid: `${stamp}${String(n % 1000).padStart(3, '0')}`,
        ProofOfSale: String((n * 7919) % 1_000_000).padStart(6, '0'),
        ...(result.authorized
          ? { AuthorizationCode: String((n * 104_729) % 1_000_000).padStart(6, '0') }
          : {}),
        ...(softDescriptor ? { SoftDescriptor: softDescriptor } : {}),
        Provider: 'Simulado',
        IsQrCode: false,
        Amount: amount,
        ReceivedDate: date,
        ...(result.authorized && capture ? { CapturedAmount: amount, CapturedDate: date } : {}),
        Status: result.authorized ? (capture ? 2 : 1) : 3,
        IsSplitted: false,
        ReturnMessage: result.returnMessage,
        ReturnCode: result.authorized ? (capture ? '6' : '4') : result.returnCode,
        PaymentId: randomUUID(),
        Type: 'CreditCard',
        Currency: 'BRL',
        Country: 'BRA',
      },
    };
    const record: SaleRecord = { merchantId: merchant.id, requestId: requestId || null, sale };
    merchant.sales.set(sale.Payment.PaymentId, record);
    if (replayKey) merchant.replays.set(replayKey, sale.Payment.PaymentId);
    return { status: 201, body: saleAnswer(sale, base) };
  };
}

function findSale(merchant: CieloMerchant, paymentId: string): SaleRecord | undefined {
  return GUID.test(paymentId) ? merchant.sales.get(paymentId.toLowerCase()) : undefined;
}

/** `?amount=` of capture and void: optional, whole cents. */
function amountParam(request: FastifyRequest): number | null | undefined {
  const raw = (request.query as Record<string, unknown>).amount;
  if (raw === undefined || raw === '') return null;
  return integer(raw);
}

function capture(now: () => Date): Handler {
  return ({ request, merchant, base }) => {
    const record = findSale(merchant, (request.params as { paymentId: string }).paymentId);
    if (!record) return fail(404, CIELO_ERRORS.transactionNotFound);
    const payment = record.sale.Payment;
    const amount = amountParam(request);
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
        Links: saleLinks(payment, base),
      },
    };
  };
}

function voidSale(now: () => Date): Handler {
  return ({ request, merchant, base }) => {
    const record = findSale(merchant, (request.params as { paymentId: string }).paymentId);
    if (!record) return fail(404, CIELO_ERRORS.transactionNotFound);
    const payment = record.sale.Payment;
    const total = payment.Status === 2 ? (payment.CapturedAmount ?? payment.Amount) : payment.Amount;
    const remaining = total - (payment.VoidedAmount ?? 0);
    const amount = amountParam(request);
    const value = amount ?? remaining;
    if (
      (payment.Status !== 1 && payment.Status !== 2) ||
      amount === undefined ||
      value <= 0 ||
      value > remaining
    )
      return fail(400, CIELO_ERRORS.notAvailableToVoid);
    payment.VoidedAmount = (payment.VoidedAmount ?? 0) + value;
    payment.VoidedDate = cieloDate(now());
    if (payment.VoidedAmount >= total) payment.Status = 10;
    return {
      status: 200,
      body: {
        Status: payment.Status,
        ReasonCode: 0,
        ReasonMessage: 'Successful',
        ProviderReturnCode: '9',
        ProviderReturnMessage: 'Operation Successful',
        ReturnCode: '9',
        ReturnMessage: 'Operation Successful',
        Tid: payment.Tid,
        ProofOfSale: payment.ProofOfSale,
        AuthorizationCode: payment.AuthorizationCode,
        Links: saleLinks(payment, base),
      },
    };
  };
}

const querySale: Handler = ({ request, merchant, base }) => {
  const record = findSale(merchant, (request.params as { paymentId: string }).paymentId);
  if (!record) return fail(404, CIELO_ERRORS.transactionNotFound);
  return { status: 200, body: saleAnswer(record.sale, base) };
};

/** `GET /1/sales?merchantOrderId=`: every payment of that order, the field spelled `ReceveidDate` (sic). */
const salesByOrder: Handler = ({ request, merchant }) => {
  const query = request.query as Record<string, unknown>;
  const key = Object.keys(query).find((k) => k.toLowerCase() === 'merchantorderid');
  const orderId = key ? text(query[key]) : '';
  if (orderId === '') return fail(400, CIELO_ERRORS.merchantOrderIdRequired);
  const payments = [...merchant.sales.values()]
    .filter((r) => r.sale.MerchantOrderId === orderId)
    .map((r) => ({ PaymentId: r.sale.Payment.PaymentId, ReceveidDate: r.sale.Payment.ReceivedDate }));
  return { status: 200, body: { ReasonCode: 0, ReasonMessage: 'Successful', Payments: payments } };
};

const queryCard: Handler = ({ request, merchant }) => {
  const token = (request.params as { cardToken: string }).cardToken;
  const card = GUID.test(token) ? merchant.cards.get(token.toLowerCase()) : undefined;
  if (!card) return fail(404, CIELO_ERRORS.cardNotFound);
  return {
    status: 200,
    body: { CardNumber: card.maskedNumber, Holder: card.holder, ExpirationDate: card.expirationDate },
  };
};

/** MerchantId (a GUID) and MerchantKey on every call; any problem is a 401 with Cielo's codes. */
function authenticate(store: CieloStore, request: FastifyRequest): CieloMerchant | CieloError {
  const id = header(request, 'merchantid');
  const key = header(request, 'merchantkey');
  if (id === '') return CIELO_ERRORS.merchantIdRequired;
  if (!GUID.test(id)) return CIELO_ERRORS.merchantIdFormat;
  if (key === '') return CIELO_ERRORS.merchantKeyRequired;
  const merchant = store.merchant(id);
  if (!merchant) return CIELO_ERRORS.merchantNotFound;
  if (merchant.key !== key) return CIELO_ERRORS.merchantKeyInvalid;
  return merchant;
}

export const cieloRoutes: FastifyPluginAsync<CieloRoutesOptions> = async (app, opts) => {
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

  const send = (reply: FastifyReply, answer: Answer) =>
    reply.code(answer.status).type(JSON_TYPE).send(JSON.stringify(answer.body));

  app.setErrorHandler((error, request, reply) => {
    request.log.error(error);
    return send(reply, fail(500, CIELO_ERRORS.internal));
  });
  app.setNotFoundHandler((_request, reply) => send(reply, { status: 404, body: [] }));

  function route(handler: Handler) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const requestId = header(request, 'requestid');
      if (requestId) reply.header('RequestId', requestId);
      const fault = store.takeFault();
      const delay = opts.latencyMs + (fault?.latencyMs ?? 0);
      if (delay > 0) await sleep(delay);
      if (fault?.mode === 'timeout') return hold(reply);
      if (fault?.mode === 'http500') return send(reply, fail(500, CIELO_ERRORS.internal));

      const merchant = authenticate(store, request);
      if (!(merchant instanceof CieloMerchant)) return send(reply, fail(401, merchant));

      const raw = typeof request.body === 'string' ? request.body : '';
      let body: Body | undefined;
      if (raw.trim() !== '') {
        try {
          const parsed: unknown = JSON.parse(raw);
          if (isObject(parsed) && Object.keys(parsed).length > 0) body = parsed;
        } catch {
          // an unreadable body is bound as an empty request, as ASP.NET does
        }
      }
      const base = `${request.protocol}://${request.headers.host ?? '127.0.0.1'}${opts.basePath}`;
      const answer = handler({ request, merchant, body, requestId: requestId || null, base });
      // `lost`: the call is carried out, but its answer never reaches the client
      if (fault?.mode === 'lost') return hold(reply);
      return send(reply, answer);
    };
  }

  const sale = route(createSale(store, opts.now));
  const card = route(tokenize(opts.now));
  app.post('/1/card', card);
  app.post('/1/card/', card);
  app.get('/1/card/:cardToken', route(queryCard));
  app.post('/1/sales', sale);
  app.post('/1/sales/', sale);
  app.get('/1/sales', route(salesByOrder));
  app.get('/1/sales/', route(salesByOrder));
  app.get('/1/sales/:paymentId', route(querySale));
  app.put('/1/sales/:paymentId/capture', route(capture(opts.now)));
  app.put('/1/sales/:paymentId/void', route(voidSale(opts.now)));
};
