import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CIELO_MERCHANT } from '../index.ts';
import { adminCall, type RunningSim, startSim } from '../ixc/test-support.ts';

const NOW = new Date('2026-03-05T15:00:00Z');
/** What the portal sends for a stored Mastercard: a cardholder-initiated purchase with stored credentials. */
const CIT_ON_FILE = { Category: 'C1', Subcategory: 'CredentialsOnFile' };
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let sim: RunningSim;

beforeAll(async () => {
  sim = await startSim({ now: () => NOW });
});

afterAll(async () => {
  await sim.close();
});

interface Merchant {
  id: string;
  key: string;
}

/** The fields of Cielo's answers that the tests read (the whole answers are compared with toEqual). */
interface CieloJson {
  CardToken: string;
  Links: unknown;
  Customer: unknown;
  Status: number;
  ReasonCode: number;
  Payments: { PaymentId: string; ReceveidDate: string }[];
  Payment: {
    PaymentId: string;
    Tid: string;
    ProofOfSale: string;
    Status: number;
    AuthorizationCode?: string;
    CapturedAmount?: number;
    Links: { Rel: string }[];
    CreditCard: { SaveCard: boolean; CardToken: string };
  };
}

interface Answer {
  status: number;
  /** An answer, or Cielo's list of errors; null for an empty body. */
  json: CieloJson & { Code: number; Message: string }[];
  text: string;
  headers: Headers;
}

/** A call to the simulated Cielo; `path` starts with the host: `/api/1/...` or `/query/1/...`. */
async function cielo(
  merchant: Merchant | null,
  method: string,
  path: string,
  opts: { body?: unknown; requestId?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
  if (merchant) {
    headers.MerchantId = merchant.id;
    headers.MerchantKey = merchant.key;
  }
  if (opts.requestId) headers.RequestId = opts.requestId;
  const res = await fetch(`${sim.url}/cielo${path}`, {
    method,
    headers,
    body:
      opts.body === undefined
        ? undefined
        : typeof opts.body === 'string'
          ? opts.body
          : JSON.stringify(opts.body),
    signal: opts.signal,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, text, headers: res.headers };
}

async function newMerchant(): Promise<Merchant> {
  const { status, json } = await adminCall<{ merchantId: string; merchantKey: string }>(
    sim.url,
    'POST',
    '/__sim/cielo/merchants',
  );
  expect(status).toBe(201);
  expect(json.merchantId).toMatch(GUID);
  expect(json.merchantKey).toMatch(/^[A-Z0-9]{40}$/);
  return { id: json.merchantId, key: json.merchantKey };
}

function luhn(number: string): boolean {
  let sum = 0;
  [...number].reverse().forEach((c, i) => {
    const n = Number(c) * (i % 2 === 1 ? 2 : 1);
    sum += n > 9 ? n - 9 : n;
  });
  return sum % 10 === 0;
}

/** A Luhn-valid 16-digit number with this prefix and this last digit. */
function cardEnding(prefix: string, last: number): string {
  for (let i = 0; i < 100; i++) {
    const number = `${prefix}${String(i).padStart(15 - prefix.length, '0')}${last}`;
    if (luhn(number)) return number;
  }
  throw new Error('unreachable');
}

const card = (CardNumber: string, extra: Record<string, unknown> = {}) => ({
  CustomerName: 'Maria Aparecida Souza',
  CardNumber,
  Holder: 'MARIA A SOUZA',
  ExpirationDate: '12/2030',
  Brand: CardNumber.startsWith('4') ? 'Visa' : 'Master',
  ...extra,
});

async function tokenize(merchant: Merchant, number: string): Promise<string> {
  const answer = await cielo(merchant, 'POST', '/api/1/card/', { body: card(number) });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return answer.json.CardToken;
}

let orders = 0;
function sale(
  token: string,
  brand: 'Visa' | 'Master',
  payment: Record<string, unknown> = {},
  orderId?: string,
) {
  orders += 1;
  return {
    MerchantOrderId: orderId ?? `FAT1017T${orders}`,
    Customer: { Name: 'Maria Aparecida Souza' },
    Payment: {
      Type: 'CreditCard',
      Amount: 8990,
      Installments: 1,
      SoftDescriptor: 'CENTRALFIBRA',
      Capture: true,
      CreditCard: { CardToken: token, SecurityCode: '123', Brand: brand },
      ...(brand === 'Master' ? { InitiatedTransactionIndicator: CIT_ON_FILE } : {}),
      ...payment,
    },
  };
}

interface AdminSale {
  paymentId: string;
  merchantOrderId: string;
  requestId: string | null;
  status: number;
  returnCode: string | null;
}

async function allSales(merchant: Merchant) {
  const { json } = await adminCall<{ sales: AdminSale[] }>(
    sim.url,
    'GET',
    `/__sim/cielo/sales?merchantId=${merchant.id}`,
  );
  return json.sales;
}

describe('Cielo tokenisation and sales', () => {
  it('pays 4111 1111 1111 1111 and 5555 5555 5555 4444 with the full Cielo answer', async () => {
    const merchant = await newMerchant();
    const tokenized = await cielo(merchant, 'POST', '/api/1/card/', { body: card('4111111111111111') });
    expect(tokenized.status).toBe(201);
    expect(tokenized.json.CardToken).toMatch(GUID);
    expect(tokenized.json.Links).toEqual({
      Method: 'GET',
      Rel: 'self',
      Href: `${sim.url}/cielo/query/1/card/${tokenized.json.CardToken}`,
    });
    const stored = await cielo(merchant, 'GET', `/query/1/card/${tokenized.json.CardToken}`);
    expect(stored.json).toEqual({
      CardNumber: '411111******1111',
      Holder: 'MARIA A SOUZA',
      ExpirationDate: '12/2030',
    });

    const answer = await cielo(merchant, 'POST', '/api/1/sales/', {
      body: sale(tokenized.json.CardToken, 'Visa', { Installments: 3, Amount: 9254 }),
    });
    expect(answer.status).toBe(201);
    const payment = answer.json.Payment;
    expect(answer.json.Customer).toEqual({ Name: 'Maria Aparecida Souza' });
    expect(payment).toMatchObject({
      Type: 'CreditCard',
      Amount: 9254,
      CapturedAmount: 9254,
      Installments: 3,
      Capture: true,
      Status: 2,
      ReturnCode: '6',
      ReturnMessage: 'Operation Successful',
      SoftDescriptor: 'CENTRALFIBRA',
      Currency: 'BRL',
      Country: 'BRA',
      Provider: 'Simulado',
      ReceivedDate: '2026-03-05 12:00:00',
      CapturedDate: '2026-03-05 12:00:00',
      CreditCard: {
        CardNumber: '411111******1111',
        Holder: 'MARIA A SOUZA',
        ExpirationDate: '12/2030',
        Brand: 'Visa',
        SaveCard: false,
      },
    });
    expect(payment.PaymentId).toMatch(GUID);
    expect(payment.Tid).toMatch(/^\d{13}$/);
    expect(payment.ProofOfSale).toMatch(/^\d{6}$/);
    expect(payment.AuthorizationCode).toMatch(/^\d{6}$/);
    expect(payment.Links).toEqual([
      { Method: 'GET', Rel: 'self', Href: `${sim.url}/cielo/query/1/sales/${payment.PaymentId}` },
      { Method: 'PUT', Rel: 'void', Href: `${sim.url}/cielo/api/1/sales/${payment.PaymentId}/void` },
    ]);
    expect(JSON.stringify(answer.json)).not.toContain('4111111111111111');

    const master = await tokenize(merchant, '5555555555554444');
    const paid = await cielo(merchant, 'POST', '/api/1/sales', { body: sale(master, 'Master') });
    expect(paid.json.Payment).toMatchObject({
      Status: 2,
      ReturnCode: '6',
      CreditCard: { CardNumber: '555555******4444', Brand: 'Master' },
      InitiatedTransactionIndicator: CIT_ON_FILE,
    });
  });

  it('decides each sale by the last digit of the card, as the sandbox does', async () => {
    const merchant = await newMerchant();
    const expected: Record<number, { Status: number; ReturnCode: string; ReturnMessage: string }> = {
      0: { Status: 2, ReturnCode: '6', ReturnMessage: 'Operation Successful' },
      1: { Status: 2, ReturnCode: '6', ReturnMessage: 'Operation Successful' },
      2: { Status: 3, ReturnCode: '05', ReturnMessage: 'Not Authorized' },
      3: { Status: 3, ReturnCode: '57', ReturnMessage: 'Card Expired' },
      4: { Status: 2, ReturnCode: '6', ReturnMessage: 'Operation Successful' },
      5: { Status: 3, ReturnCode: '78', ReturnMessage: 'Blocked Card' },
      6: { Status: 3, ReturnCode: '99', ReturnMessage: 'Time Out' },
      7: { Status: 3, ReturnCode: '77', ReturnMessage: 'Card Canceled' },
      8: { Status: 3, ReturnCode: '70', ReturnMessage: 'Problems with Credit Card' },
      9: { Status: 2, ReturnCode: '6', ReturnMessage: 'Operation Successful' },
    };
    for (let digit = 0; digit <= 9; digit++) {
      for (const [prefix, brand] of [
        ['411111', 'Visa'],
        ['222300', 'Master'],
      ] as const) {
        const number = cardEnding(prefix, digit);
        const token = await tokenize(merchant, number);
        const { status, json } = await cielo(merchant, 'POST', '/api/1/sales/', { body: sale(token, brand) });
        expect(status).toBe(201);
        expect(json.Payment, `${number}`).toMatchObject(expected[digit] ?? {});
        if (json.Payment.Status === 3) {
          expect(json.Payment.AuthorizationCode).toBeUndefined();
          expect(json.Payment.CapturedAmount).toBeUndefined();
        }
      }
    }
    const declined = await tokenize(merchant, '4000000000000002');
    const answer = await cielo(merchant, 'POST', '/api/1/sales/', { body: sale(declined, 'Visa') });
    expect(answer.json.Payment).toMatchObject({
      Status: 3,
      ReturnCode: '05',
      ReturnMessage: 'Not Authorized',
    });
  });

  it('authorises without capturing, then captures and voids', async () => {
    const merchant = await newMerchant();
    const token = await tokenize(merchant, '4111111111111111');
    const { json } = await cielo(merchant, 'POST', '/api/1/sales/', {
      body: sale(token, 'Visa', { Capture: false }),
    });
    expect(json.Payment).toMatchObject({ Status: 1, ReturnCode: '4', ReturnMessage: 'Operation Successful' });
    expect(json.Payment.CapturedAmount).toBeUndefined();
    const id = json.Payment.PaymentId;
    expect(json.Payment.Links).toEqual([
      { Method: 'GET', Rel: 'self', Href: `${sim.url}/cielo/query/1/sales/${json.Payment.PaymentId}` },
      {
        Method: 'PUT',
        Rel: 'capture',
        Href: `${sim.url}/cielo/api/1/sales/${json.Payment.PaymentId}/capture`,
      },
      { Method: 'PUT', Rel: 'void', Href: `${sim.url}/cielo/api/1/sales/${json.Payment.PaymentId}/void` },
    ]);

    const captured = await cielo(merchant, 'PUT', `/api/1/sales/${id}/capture`);
    expect(captured.status).toBe(200);
    expect(captured.json).toMatchObject({
      Status: 2,
      ReturnCode: '6',
      ReasonCode: 0,
      ReasonMessage: 'Successful',
    });
    const again = await cielo(merchant, 'PUT', `/api/1/sales/${id}/capture`);
    expect(again).toMatchObject({
      status: 400,
      json: [{ Code: 308, Message: 'Transaction not available to capture' }],
    });

    const voided = await cielo(merchant, 'PUT', `/api/1/sales/${id}/void?amount=8990`);
    expect(voided.json).toMatchObject({ Status: 10, ReasonCode: 0, ReturnCode: '9', VoidedAmount: 8990 });
    expect((await cielo(merchant, 'GET', `/query/1/sales/${id}`)).json.Payment).toMatchObject({
      Status: 10,
      VoidedAmount: 8990,
    });
    expect((await cielo(merchant, 'PUT', `/api/1/sales/${id}/void`)).json).toEqual([
      { Code: 309, Message: 'Transaction not available to void' },
    ]);
  });

  it('sells a card sent in full, keeping a token only with SaveCard', async () => {
    const merchant = await newMerchant();
    const full = (save: boolean) => ({
      MerchantOrderId: `FULL${save ? 'S' : 'N'}`,
      Customer: { Name: 'João Pedro Lima' },
      Payment: {
        Type: 'CreditCard',
        Amount: 100,
        Installments: 1,
        Capture: true,
        CreditCard: {
          CardNumber: '5555555555554444',
          Holder: 'JOAO P LIMA',
          ExpirationDate: '03/2026',
          SecurityCode: '321',
          Brand: 'Master',
          SaveCard: save,
        },
      },
    });
    const unsaved = await cielo(merchant, 'POST', '/api/1/sales/', { body: full(false) });
    expect(unsaved.json.Payment).toMatchObject({ Status: 2, CreditCard: { SaveCard: false } });
    expect(unsaved.json.Payment.CreditCard.CardToken).toBeUndefined();
    const saved = await cielo(merchant, 'POST', '/api/1/sales/', { body: full(true) });
    const token = saved.json.Payment.CreditCard.CardToken;
    expect(token).toMatch(GUID);
    const { json } = await adminCall<{ merchantId: string; cards: number }[]>(
      sim.url,
      'GET',
      '/__sim/cielo/merchants',
    );
    expect(json.find((m) => m.merchantId === merchant.id)?.cards).toBe(1);
    const reused = await cielo(merchant, 'POST', '/api/1/sales/', { body: sale(token, 'Master') });
    expect(reused.json.Payment).toMatchObject({ Status: 2, CreditCard: { CardNumber: '555555******4444' } });
  });

  it('serves the demo merchant', async () => {
    const token = await tokenize(DEMO_CIELO_MERCHANT, '4111111111111111');
    const { status } = await cielo(DEMO_CIELO_MERCHANT, 'POST', '/api/1/sales/', {
      body: sale(token, 'Visa'),
    });
    expect(status).toBe(201);
  });
});

describe('Cielo credentials', () => {
  it('answers 401 with an empty body to bad or missing credentials, and echoes RequestId', async () => {
    const merchant = await newMerchant();
    const requestId = '0b6c1bd5-8a34-4b2e-9a86-0ac9e0c53b8f';
    const cases: Record<string, string>[] = [
      {},
      { MerchantId: 'not-a-guid', MerchantKey: merchant.key },
      { MerchantId: merchant.id },
      { MerchantId: '00000000-0000-4000-8000-000000000000', MerchantKey: merchant.key },
      { MerchantId: merchant.id, MerchantKey: DEMO_CIELO_MERCHANT.key },
    ];
    for (const headers of cases) {
      const answer = await cielo(null, 'POST', '/api/1/card/', {
        body: card('4111111111111111'),
        headers: { ...headers, RequestId: requestId },
      });
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.text).toBe('');
      expect(answer.headers.get('requestid')).toBe(requestId);
    }
    const query = await cielo({ id: merchant.id, key: 'x' }, 'GET', `/query/1/sales/${requestId}`);
    expect(query).toMatchObject({ status: 401, text: '' });
    expect(await allSales(merchant)).toEqual([]);
  });

  it('keeps each merchant to its own tokens and sales', async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const token = await tokenize(a, '4111111111111111');
    const { json } = await cielo(a, 'POST', '/api/1/sales/', { body: sale(token, 'Visa') });
    expect((await cielo(b, 'POST', '/api/1/sales/', { body: sale(token, 'Visa') })).json).toEqual([
      { Code: 130, Message: 'Could not get Credit Card' },
    ]);
    expect((await cielo(b, 'GET', `/query/1/sales/${json.Payment.PaymentId}`)).status).toBe(404);
  });
});

describe('Cielo validation', () => {
  it('refuses bad cards at tokenisation with HTTP 400 and Cielo codes', async () => {
    const merchant = await newMerchant();
    const visa = '4111111111111111';
    const cases: [Record<string, unknown>, number[]][] = [
      [card(visa, { ExpirationDate: '13/2030' }), [126]],
      [card(visa, { ExpirationDate: '00/2030' }), [126]],
      [card(visa, { ExpirationDate: '02/2026' }), [126]],
      [card(visa, { ExpirationDate: '12/30' }), [126]],
      [card(visa, { ExpirationDate: '' }), [125]],
      [card('411111111111111'), [213]],
      [card('4111111111111112'), [213]],
      [card('41111111111111113'), [128]],
      [card('4111 1111 1111 1111'), [213]],
      [card('', { Brand: 'Visa' }), [118]],
      [card(visa, { Brand: 'Master' }), [213]],
      [card('5555555555554444', { Brand: 'Visa' }), [213]],
      [card(visa, { Brand: 'Amex' }), [185]],
      [card(visa, { Brand: '' }), [182]],
      [card(visa, { Holder: ' ' }), [117]],
      [card(visa, { CustomerName: '' }), [105]],
      [card('4111111111111112', { Holder: '', ExpirationDate: '01/2020' }), [213, 117, 126]],
    ];
    for (const [body, codes] of cases) {
      const answer = await cielo(merchant, 'POST', '/api/1/card/', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(
        answer.json.map((e: { Code: number }) => e.Code),
        JSON.stringify(body),
      ).toEqual(codes);
      for (const error of answer.json) expect(typeof error.Message).toBe('string');
    }
    expect(
      (await cielo(merchant, 'POST', '/api/1/card/', { body: card(visa, { ExpirationDate: '03/2026' }) }))
        .status,
    ).toBe(201);
    expect((await cielo(merchant, 'POST', '/api/1/card/', { body: '{not json' })).json).toEqual([
      { Code: 184, Message: 'Request could not be empty' },
    ]);
    expect((await cielo(merchant, 'POST', '/api/1/card/')).json).toEqual([
      { Code: 184, Message: 'Request could not be empty' },
    ]);
  });

  it('refuses bad sales with HTTP 400 and Cielo codes, charging nothing', async () => {
    const merchant = await newMerchant();
    const token = await tokenize(merchant, '4111111111111111');
    const base = sale(token, 'Visa');
    const cases: [unknown, number[]][] = [
      [
        sale(token, 'Visa', { CreditCard: { CardToken: token, SecurityCode: '12345', Brand: 'Visa' } }),
        [146],
      ],
      [sale(token, 'Visa', { Amount: 0 }), [108]],
      [sale(token, 'Visa', { Amount: 89.9 }), [108]],
      [sale(token, 'Visa', { Installments: 0 }), [123]],
      [sale(token, 'Visa', { Installments: 13 }), [186]],
      [sale(token, 'Visa', { Type: 'DebitCard' }), [173]],
      [sale(token, 'Visa', { Type: '' }), [102]],
      [sale('6f1bc0f4-44a5-4b0e-a4a4-3f8e8b9f7a11', 'Visa'), [130]],
      [sale(token, 'Master'), [213]],
      [{ ...base, MerchantOrderId: '' }, [122]],
      [{ ...base, MerchantOrderId: 'FAT-1017/1' }, [107]],
      [{ ...base, Payment: undefined }, [119]],
      [{ ...base, Payment: { ...base.Payment, CreditCard: undefined } }, [124]],
    ];
    for (const [body, codes] of cases) {
      const answer = await cielo(merchant, 'POST', '/api/1/sales/', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(
        answer.json.map((e: { Code: number }) => e.Code),
        JSON.stringify(body),
      ).toEqual(codes);
    }
    expect(await allSales(merchant)).toEqual([]);
  });
});

describe('Cielo queries and no idempotency', () => {
  it('charges a sale sent twice with the same MerchantOrderId and RequestId twice, as Cielo does', async () => {
    const merchant = await newMerchant();
    const token = await tokenize(merchant, '4111111111111111');
    const body = sale(token, 'Visa', {}, 'FAT1017A1');
    const requestId = 'a3f6c2de-5b1e-4c55-9a0f-6c1d2e3f4a5b';
    const first = await cielo(merchant, 'POST', '/api/1/sales/', { body, requestId });
    const second = await cielo(merchant, 'POST', '/api/1/sales/', { body, requestId });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('requestid')).toBe(requestId);
    expect(second.json.Payment.PaymentId).not.toBe(first.json.Payment.PaymentId);
    const sales = await allSales(merchant);
    expect(sales.map((s) => [s.merchantOrderId, s.requestId, s.status])).toEqual([
      ['FAT1017A1', requestId, 2],
      ['FAT1017A1', requestId, 2],
    ]);
    const byOrder = await cielo(merchant, 'GET', '/query/1/sales?merchantOrderId=FAT1017A1');
    expect(byOrder.json.Payments.map((p) => p.PaymentId)).toEqual([
      first.json.Payment.PaymentId,
      second.json.Payment.PaymentId,
    ]);
  });

  it('finds a sale by PaymentId and by MerchantOrderId (ReceveidDate, sic); 404 with no body otherwise', async () => {
    const merchant = await newMerchant();
    const token = await tokenize(merchant, '4111111111111111');
    const { json } = await cielo(merchant, 'POST', '/api/1/sales/', {
      body: sale(token, 'Visa', {}, 'FAT1019Q'),
    });
    const id = json.Payment.PaymentId;
    const byId = await cielo(merchant, 'GET', `/query/1/sales/${id}`);
    expect(byId.status).toBe(200);
    expect(byId.json).toEqual(json);
    const byOrder = await cielo(merchant, 'GET', '/query/1/sales?merchantOrderId=FAT1019Q');
    expect(byOrder.json).toEqual({
      ReasonCode: 0,
      ReasonMessage: 'Successful',
      Payments: [{ PaymentId: id, ReceveidDate: '2026-03-05 12:00:00' }],
    });
    expect(await cielo(merchant, 'GET', '/query/1/sales?MERCHANTORDERID=FAT1019Q')).toMatchObject({
      status: 200,
    });

    const unknownId = '6f1bc0f4-44a5-4b0e-a4a4-3f8e8b9f7a11';
    for (const [method, path] of [
      ['GET', '/query/1/sales?merchantOrderId=NOPE'],
      ['GET', `/query/1/sales/${unknownId}`],
      ['GET', '/query/1/sales/not-a-guid'],
      ['PUT', `/api/1/sales/${unknownId}/capture`],
      ['PUT', `/api/1/sales/${unknownId}/void`],
      ['GET', `/query/1/card/${unknownId}`],
    ] as const) {
      expect(await cielo(merchant, method, path), `${method} ${path}`).toMatchObject({
        status: 404,
        text: '',
      });
    }
  });

  it('reads the request JSON without regard to the case of its names, at every level', async () => {
    const merchant = await newMerchant();
    const tokenized = await cielo(merchant, 'POST', '/api/1/card', {
      body: {
        customername: 'Maria Souza',
        CARDNUMBER: '5555555555554444',
        holder: 'MARIA SOUZA',
        expirationDate: '12/2030',
        brand: 'master',
      },
    });
    expect(tokenized.status, tokenized.text).toBe(201);
    const answer = await cielo(merchant, 'POST', '/api/1/sales', {
      body: {
        merchantOrderId: 'FAT1030C',
        customer: { name: 'Maria Souza' },
        PAYMENT: {
          type: 'CreditCard',
          AMOUNT: 5000,
          installments: 2,
          capture: true,
          creditCard: { cardToken: tokenized.json.CardToken, securityCode: '123', BRAND: 'Master' },
          initiatedTransactionIndicator: { category: 'c1', SUBCATEGORY: 'credentialsonfile' },
        },
      },
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json).toMatchObject({
      MerchantOrderId: 'FAT1030C',
      Customer: { Name: 'Maria Souza' },
      Payment: {
        Amount: 5000,
        Installments: 2,
        Status: 2,
        InitiatedTransactionIndicator: { Category: 'c1', Subcategory: 'credentialsonfile' },
      },
    });
    const captured = await cielo(merchant, 'POST', '/api/1/sales', {
      body: { ...sale(tokenized.json.CardToken, 'Master', { Capture: false }), MerchantOrderId: 'FAT1030D' },
    });
    const id = captured.json.Payment.PaymentId;
    expect(await cielo(merchant, 'PUT', `/api/1/sales/${id}/capture?AMOUNT=4000`)).toMatchObject({
      status: 200,
    });
    expect((await cielo(merchant, 'GET', `/query/1/sales/${id}`)).json.Payment.CapturedAmount).toBe(4000);
  });
});

describe('Cielo hosts', () => {
  it('serves transactional calls on /cielo/api and queries on /cielo/query only', async () => {
    const merchant = await newMerchant();
    const token = await tokenize(merchant, '4111111111111111');
    const { json } = await cielo(merchant, 'POST', '/api/1/sales/', {
      body: sale(token, 'Visa', { Capture: false }, 'FAT1040H'),
    });
    const id = json.Payment.PaymentId;
    const wrongHost: [string, string, unknown?][] = [
      ['GET', `/api/1/sales/${id}`],
      ['GET', '/api/1/sales?merchantOrderId=FAT1040H'],
      ['GET', `/api/1/card/${token}`],
      ['POST', '/query/1/sales/', sale(token, 'Visa')],
      ['POST', '/query/1/card/', card('4111111111111111')],
      ['PUT', `/query/1/sales/${id}/capture`],
      ['PUT', `/query/1/sales/${id}/void`],
      // the old single base is gone
      ['GET', `/1/sales/${id}`],
      ['POST', '/1/sales/', sale(token, 'Visa')],
    ];
    for (const [method, path, body] of wrongHost) {
      expect(await cielo(merchant, method, path, { body }), `${method} ${path}`).toMatchObject({
        status: 404,
        text: '',
      });
    }
    // nothing was charged or captured by the calls on the wrong host
    expect(await allSales(merchant)).toMatchObject([{ paymentId: id, status: 1 }]);
    expect((await cielo(merchant, 'GET', `/query/1/sales/${id}`)).json.Payment.Status).toBe(1);
  });
});

describe('Cielo holder name', () => {
  it('accepts up to 25 ASCII letters and spaces, and refuses anything else with error 214', async () => {
    const merchant = await newMerchant();
    const visa = '4111111111111111';
    const holder214 = [{ Code: 214, Message: 'Credit Card Holder Must Have Only Letters' }];
    const longest = 'Ana Maria da Conceicao So';
    expect(longest).toHaveLength(25);
    for (const Holder of ['JOSÉ DA SILVA', `${longest}u`, "D'AVILA JOAO", 'JOAO-PEDRO', 'ANA 2']) {
      const answer = await cielo(merchant, 'POST', '/api/1/card/', { body: card(visa, { Holder }) });
      expect(answer, Holder).toMatchObject({ status: 400, json: holder214 });
    }
    for (const Holder of ['MARIA DA CONCEICAO SOUZA', longest, 'ANA']) {
      const answer = await cielo(merchant, 'POST', '/api/1/card/', { body: card(visa, { Holder }) });
      expect(answer.status, Holder).toBe(201);
    }

    const full = (Holder: string) => ({
      MerchantOrderId: 'FAT1050H',
      Payment: {
        Type: 'CreditCard',
        Amount: 100,
        Installments: 1,
        CreditCard: {
          CardNumber: visa,
          Holder,
          ExpirationDate: '12/2030',
          SecurityCode: '123',
          Brand: 'Visa',
        },
      },
    });
    const refused = await cielo(merchant, 'POST', '/api/1/sales/', { body: full('JOÃO PEDRO') });
    expect(refused).toMatchObject({ status: 400, json: holder214 });
    expect(await allSales(merchant)).toEqual([]);
    expect((await cielo(merchant, 'POST', '/api/1/sales/', { body: full('JOAO PEDRO') })).status).toBe(201);
  });
});

describe('Cielo Mastercard transaction initiator', () => {
  it('requires InitiatedTransactionIndicator on a stored Mastercard, echoes it, and leaves Visa alone', async () => {
    const merchant = await newMerchant();
    const master = await tokenize(merchant, '5555555555554444');
    const required = [{ Code: 999, Message: 'InitiatedTransactionIndicator is required for Mastercard' }];
    const invalid = [{ Code: 999, Message: 'InitiatedTransactionIndicator is invalid' }];
    const cases: [unknown, unknown][] = [
      [undefined, required],
      [null, required],
      ['C1', invalid],
      [{ Category: 'C1' }, invalid],
      [{ Category: 'C2', Subcategory: 'CredentialsOnFile' }, invalid],
      [{ Category: 'C1', Subcategory: 'NoShow' }, invalid],
      [{ Category: 'M2', Subcategory: 'Subscription' }, invalid],
    ];
    for (const [indicator, errors] of cases) {
      const answer = await cielo(merchant, 'POST', '/api/1/sales/', {
        body: sale(master, 'Master', { InitiatedTransactionIndicator: indicator }),
      });
      expect(answer, JSON.stringify(indicator)).toMatchObject({ status: 400, json: errors });
    }
    expect(await allSales(merchant)).toEqual([]);

    for (const indicator of [
      CIT_ON_FILE,
      { Category: 'M1', Subcategory: 'Subscription' },
      { Category: 'M2', Subcategory: 'Resubmission' },
      { Category: 'C1', Subcategory: 'Standingorder' }, // spelled as in the manual's example
    ]) {
      const answer = await cielo(merchant, 'POST', '/api/1/sales/', {
        body: sale(master, 'Master', { InitiatedTransactionIndicator: indicator }),
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(201);
      expect(answer.json.Payment).toMatchObject({ Status: 2, InitiatedTransactionIndicator: indicator });
      const query = await cielo(merchant, 'GET', `/query/1/sales/${answer.json.Payment.PaymentId}`);
      expect(query.json.Payment).toMatchObject({ InitiatedTransactionIndicator: indicator });
    }

    const visa = await tokenize(merchant, '4111111111111111');
    const visaSale = await cielo(merchant, 'POST', '/api/1/sales/', { body: sale(visa, 'Visa') });
    expect(visaSale.status).toBe(201);
    expect(visaSale.json.Payment).not.toHaveProperty('InitiatedTransactionIndicator');
  });
});

describe('Cielo voids', () => {
  it('voids an uncaptured sale only in full, and a captured one in parts, keeping the sum', async () => {
    const merchant = await newMerchant();
    const token = await tokenize(merchant, '4111111111111111');
    const authorised = await cielo(merchant, 'POST', '/api/1/sales/', {
      body: sale(token, 'Visa', { Capture: false, Amount: 10000 }),
    });
    const uncaptured = authorised.json.Payment.PaymentId;
    const partial = await cielo(merchant, 'PUT', `/api/1/sales/${uncaptured}/void?amount=4000`);
    expect(partial).toMatchObject({
      status: 400,
      json: [{ Code: 309, Message: 'Transaction not available to void' }],
    });
    expect((await cielo(merchant, 'GET', `/query/1/sales/${uncaptured}`)).json.Payment).toMatchObject({
      Status: 1,
    });
    expect((await cielo(merchant, 'PUT', `/api/1/sales/${uncaptured}/void?amount=10000`)).json).toMatchObject(
      { Status: 10, ReturnCode: '9', VoidedAmount: 10000 },
    );

    const paid = await cielo(merchant, 'POST', '/api/1/sales/', {
      body: sale(token, 'Visa', { Amount: 10000 }),
    });
    const id = paid.json.Payment.PaymentId;
    const first = await cielo(merchant, 'PUT', `/api/1/sales/${id}/void?amount=3000`);
    expect(first.json).toMatchObject({ Status: 2, ReturnCode: '0', VoidedAmount: 3000 });
    const second = await cielo(merchant, 'PUT', `/api/1/sales/${id}/void?amount=2500`);
    expect(second.json).toMatchObject({ Status: 2, ReturnCode: '0', VoidedAmount: 5500 });
    expect(second.json.Links).toEqual([
      { Method: 'GET', Rel: 'self', Href: `${sim.url}/cielo/query/1/sales/${id}` },
      { Method: 'PUT', Rel: 'void', Href: `${sim.url}/cielo/api/1/sales/${id}/void` },
    ]);
    expect((await cielo(merchant, 'GET', `/query/1/sales/${id}`)).json.Payment).toMatchObject({
      Status: 2,
      CapturedAmount: 10000,
      VoidedAmount: 5500,
      VoidedDate: '2026-03-05 12:00:00',
    });
    expect((await cielo(merchant, 'PUT', `/api/1/sales/${id}/void?amount=4501`)).status).toBe(400);
    const rest = await cielo(merchant, 'PUT', `/api/1/sales/${id}/void`);
    expect(rest.json).toMatchObject({ Status: 10, ReturnCode: '9', VoidedAmount: 10000 });
    expect((await cielo(merchant, 'GET', `/query/1/sales/${id}`)).json.Payment).toMatchObject({
      Status: 10,
      VoidedAmount: 10000,
    });
  });
});

describe('Cielo pending sales', () => {
  const setNext = (body: unknown) => adminCall(sim.url, 'PUT', '/__sim/cielo/next-sales', body);
  const settle = (paymentId: string, status: unknown) =>
    adminCall<{ ok: boolean; error?: string; sale?: AdminSale }>(
      sim.url,
      'PUT',
      `/__sim/cielo/sales/${paymentId}/status`,
      { status },
    );

  // the script is global to the simulator: one left on by a failed assertion would hit the next tests
  afterEach(async () => {
    await adminCall(sim.url, 'DELETE', '/__sim/cielo/next-sales');
  });

  it('leaves the next `count` authorisable sales in 0 or 12, and lets a switch decide them later', async () => {
    const merchant = await newMerchant();
    const token = await tokenize(merchant, '4111111111111111');
    const declined = await tokenize(merchant, '4000000000000002');
    expect((await setNext({ status: 12, count: 2 })).json).toEqual({
      ok: true,
      nextSales: { status: 12, remaining: 2 },
    });

    // a denial is not held: it does not use up the script
    const denied = await cielo(merchant, 'POST', '/api/1/sales/', { body: sale(declined, 'Visa') });
    expect(denied.json.Payment).toMatchObject({ Status: 3, ReturnCode: '05' });

    const pending = await cielo(merchant, 'POST', '/api/1/sales/', { body: sale(token, 'Visa') });
    expect(pending.status).toBe(201);
    const payment = pending.json.Payment;
    expect(payment.Status).toBe(12);
    for (const absent of [
      'AuthorizationCode',
      'CapturedAmount',
      'CapturedDate',
      'ReturnCode',
      'ReturnMessage',
    ])
      expect(payment, absent).not.toHaveProperty(absent);
    expect(payment.Links).toEqual([
      { Method: 'GET', Rel: 'self', Href: `${sim.url}/cielo/query/1/sales/${payment.PaymentId}` },
    ]);
    expect((await cielo(merchant, 'PUT', `/api/1/sales/${payment.PaymentId}/capture`)).json).toEqual([
      { Code: 308, Message: 'Transaction not available to capture' },
    ]);
    expect((await cielo(merchant, 'PUT', `/api/1/sales/${payment.PaymentId}/void`)).json).toEqual([
      { Code: 309, Message: 'Transaction not available to void' },
    ]);

    const second = await cielo(merchant, 'POST', '/api/1/sales/', { body: sale(token, 'Visa') });
    expect(second.json.Payment.Status).toBe(12);
    expect((await adminCall(sim.url, 'GET', '/__sim/cielo/next-sales')).json).toEqual({ nextSales: null });
    const third = await cielo(merchant, 'POST', '/api/1/sales/', { body: sale(token, 'Visa') });
    expect(third.json.Payment).toMatchObject({ Status: 2, ReturnCode: '6' });

    // the issuer answers late: captured
    const captured = await settle(payment.PaymentId, 2);
    expect(captured).toMatchObject({ status: 200, json: { ok: true, sale: { status: 2, returnCode: '6' } } });
    expect((await cielo(merchant, 'GET', `/query/1/sales/${payment.PaymentId}`)).json.Payment).toMatchObject({
      Status: 2,
      Capture: true,
      CapturedAmount: 8990,
      CapturedDate: '2026-03-05 12:00:00',
      AuthorizationCode: expect.stringMatching(/^\d{6}$/),
      ReturnCode: '6',
      ReturnMessage: 'Operation Successful',
    });
    // a decided sale does not move again
    const again = await settle(payment.PaymentId, 3);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ ok: false, error: expect.stringContaining('status 2') });

    // denied
    await settle(second.json.Payment.PaymentId, 3);
    expect(
      (await cielo(merchant, 'GET', `/query/1/sales/${second.json.Payment.PaymentId}`)).json.Payment,
    ).toMatchObject({ Status: 3, ReturnCode: '05', ReturnMessage: 'Not Authorized' });
    expect((await settle(third.json.Payment.PaymentId, 13)).status).toBe(409);
  });

  it('answers NotFinished (0) by default once, aborts it on demand, and validates its switches', async () => {
    const merchant = await newMerchant();
    const token = await tokenize(merchant, '4111111111111111');
    await setNext({ status: 0 });
    const first = await cielo(merchant, 'POST', '/api/1/sales/', {
      body: sale(token, 'Visa', { Capture: false }),
    });
    expect(first.json.Payment.Status).toBe(0);
    expect(first.json.Payment).not.toHaveProperty('AuthorizationCode');
    const next = await cielo(merchant, 'POST', '/api/1/sales/', {
      body: sale(token, 'Visa', { Capture: false }),
    });
    expect(next.json.Payment.Status).toBe(1);

    const id = first.json.Payment.PaymentId;
    expect((await settle(id, 13)).json).toMatchObject({ ok: true, sale: { status: 13 } });
    expect((await cielo(merchant, 'GET', `/query/1/sales/${id}`)).json.Payment.Status).toBe(13);

    for (const body of [{}, { status: 1 }, { status: 12, count: 0 }, { status: 0, count: 1.5 }])
      expect((await setNext(body)).status, JSON.stringify(body)).toBe(400);
    expect((await settle(id, 1)).status).toBe(400);
    expect((await settle('6f1bc0f4-44a5-4b0e-a4a4-3f8e8b9f7a11', 2)).status).toBe(404);

    await setNext({ status: 12, count: 5 });
    expect((await adminCall(sim.url, 'DELETE', '/__sim/cielo/next-sales')).json).toEqual({
      ok: true,
      nextSales: null,
    });
    const after = await cielo(merchant, 'POST', '/api/1/sales/', { body: sale(token, 'Visa') });
    expect(after.json.Payment.Status).toBe(2);
  });
});

describe('Cielo faults', () => {
  const setFault = (body: unknown) => adminCall(sim.url, 'PUT', '/__sim/cielo/faults', body);

  // Cielo's faults are global to the simulator: one left on by a failed assertion would hit the next tests
  afterEach(async () => {
    await adminCall(sim.url, 'DELETE', '/__sim/cielo/faults');
  });

  it('answers HTTP 500 without charging, for the next `count` calls', async () => {
    const merchant = await newMerchant();
    const token = await tokenize(merchant, '4111111111111111');
    expect((await setFault({ mode: 'http500', count: 1 })).status).toBe(200);
    const failed = await cielo(merchant, 'POST', '/api/1/sales/', { body: sale(token, 'Visa') });
    expect(failed.status).toBe(500);
    expect(await allSales(merchant)).toEqual([]);
    expect((await cielo(merchant, 'POST', '/api/1/sales/', { body: sale(token, 'Visa') })).status).toBe(201);
  });

  it('holds a request in timeout mode (nothing charged) and loses the answer in lost mode (charged)', async () => {
    const merchant = await newMerchant();
    const token = await tokenize(merchant, '4111111111111111');
    await setFault({ mode: 'timeout', count: 1 });
    await expect(
      cielo(merchant, 'POST', '/api/1/sales/', {
        body: sale(token, 'Visa', {}, 'FAT1020T'),
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    expect(await allSales(merchant)).toEqual([]);

    await setFault({ mode: 'lost', count: 1 });
    await expect(
      cielo(merchant, 'POST', '/api/1/sales/', {
        body: sale(token, 'Visa', {}, 'FAT1020L'),
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    // the portal reconciles through the query API
    const found = await cielo(merchant, 'GET', '/query/1/sales?merchantOrderId=FAT1020L');
    expect(found.json.Payments).toHaveLength(1);
    const paymentId = found.json.Payments[0]?.PaymentId;
    expect((await cielo(merchant, 'GET', `/query/1/sales/${paymentId}`)).json.Payment).toMatchObject({
      Status: 2,
    });
  });

  it('adds latency, lists and clears faults, and validates them', async () => {
    const merchant = await newMerchant();
    await setFault({ latencyMs: 150 });
    expect((await adminCall(sim.url, 'GET', '/__sim/cielo/faults')).json).toEqual({
      faults: [{ latencyMs: 150, mode: 'none', remaining: null }],
    });
    const started = Date.now();
    await cielo(merchant, 'GET', '/query/1/sales?merchantOrderId=X');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect((await adminCall(sim.url, 'DELETE', '/__sim/cielo/faults')).json).toEqual({
      ok: true,
      faults: [],
    });
    expect((await setFault({ mode: 'error' })).status).toBe(400);
    expect((await setFault({ count: 0 })).status).toBe(400);
  });
});

describe('Cielo reset', () => {
  it('drops the merchants created for tests and the next-sales script, and keeps the demo merchant', async () => {
    const own = await startSim({ now: () => NOW });
    try {
      const { json } = await adminCall<{ merchantId: string; merchantKey: string }>(
        own.url,
        'POST',
        '/__sim/cielo/merchants',
      );
      await adminCall(own.url, 'PUT', '/__sim/cielo/next-sales', { status: 12, count: 3 });
      expect((await adminCall(own.url, 'POST', '/__sim/reset')).json).toEqual({ ok: true });
      expect((await adminCall(own.url, 'GET', '/__sim/cielo/next-sales')).json).toEqual({ nextSales: null });
      const call = (id: string, key: string) =>
        fetch(`${own.url}/cielo/query/1/sales?merchantOrderId=X`, {
          headers: { MerchantId: id, MerchantKey: key },
        });
      expect((await call(json.merchantId, json.merchantKey)).status).toBe(401);
      // known merchant, no sale with this order
      expect((await call(DEMO_CIELO_MERCHANT.id, DEMO_CIELO_MERCHANT.key)).status).toBe(404);

      await adminCall(own.url, 'PUT', '/__sim/cielo/next-sales', { status: 0 });
      expect((await adminCall(own.url, 'POST', '/__sim/cielo/reset')).json).toEqual({ ok: true });
      expect((await adminCall(own.url, 'GET', '/__sim/cielo/next-sales')).json).toEqual({ nextSales: null });
    } finally {
      await own.close();
    }
  });
});
