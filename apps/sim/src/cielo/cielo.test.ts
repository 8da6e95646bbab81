import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CIELO_MERCHANT } from '../index.ts';
import { adminCall, type RunningSim, startSim } from '../ixc/test-support.ts';

const NOW = new Date('2026-03-05T15:00:00Z');
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
  /** An answer, or Cielo's list of errors. */
  json: CieloJson & { Code: number; Message: string }[];
  headers: Headers;
}

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
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
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
  const answer = await cielo(merchant, 'POST', '/1/card/', { body: card(number) });
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
      ...payment,
    },
  };
}

async function allSales(merchant: Merchant) {
  const { json } = await adminCall<{ sales: { paymentId: string; merchantOrderId: string }[] }>(
    sim.url,
    'GET',
    `/__sim/cielo/sales?merchantId=${merchant.id}`,
  );
  return json.sales;
}

describe('Cielo tokenisation and sales', () => {
  it('pays 4111 1111 1111 1111 and 5555 5555 5555 4444 with the full Cielo answer', async () => {
    const merchant = await newMerchant();
    const tokenized = await cielo(merchant, 'POST', '/1/card/', { body: card('4111111111111111') });
    expect(tokenized.status).toBe(201);
    expect(tokenized.json.CardToken).toMatch(GUID);
    expect(tokenized.json.Links).toEqual({
      Method: 'GET',
      Rel: 'self',
      Href: `${sim.url}/cielo/1/card/${tokenized.json.CardToken}`,
    });
    const stored = await cielo(merchant, 'GET', `/1/card/${tokenized.json.CardToken}`);
    expect(stored.json).toEqual({
      CardNumber: '411111******1111',
      Holder: 'MARIA A SOUZA',
      ExpirationDate: '12/2030',
    });

    const answer = await cielo(merchant, 'POST', '/1/sales/', {
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
      { Method: 'GET', Rel: 'self', Href: `${sim.url}/cielo/1/sales/${payment.PaymentId}` },
      { Method: 'PUT', Rel: 'void', Href: `${sim.url}/cielo/1/sales/${payment.PaymentId}/void` },
    ]);
    expect(JSON.stringify(answer.json)).not.toContain('4111111111111111');

    const master = await tokenize(merchant, '5555555555554444');
    const paid = await cielo(merchant, 'POST', '/1/sales', { body: sale(master, 'Master') });
    expect(paid.json.Payment).toMatchObject({
      Status: 2,
      ReturnCode: '6',
      CreditCard: { CardNumber: '555555******4444', Brand: 'Master' },
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
        const { status, json } = await cielo(merchant, 'POST', '/1/sales/', { body: sale(token, brand) });
        expect(status).toBe(201);
        expect(json.Payment, `${number}`).toMatchObject(expected[digit] ?? {});
        if (json.Payment.Status === 3) {
          expect(json.Payment.AuthorizationCode).toBeUndefined();
          expect(json.Payment.CapturedAmount).toBeUndefined();
        }
      }
    }
    const declined = await tokenize(merchant, '4000000000000002');
    const answer = await cielo(merchant, 'POST', '/1/sales/', { body: sale(declined, 'Visa') });
    expect(answer.json.Payment).toMatchObject({
      Status: 3,
      ReturnCode: '05',
      ReturnMessage: 'Not Authorized',
    });
  });

  it('authorises without capturing, then captures and voids', async () => {
    const merchant = await newMerchant();
    const token = await tokenize(merchant, '4111111111111111');
    const { json } = await cielo(merchant, 'POST', '/1/sales/', {
      body: sale(token, 'Visa', { Capture: false }),
    });
    expect(json.Payment).toMatchObject({ Status: 1, ReturnCode: '4', ReturnMessage: 'Operation Successful' });
    expect(json.Payment.CapturedAmount).toBeUndefined();
    const id = json.Payment.PaymentId;
    expect(json.Payment.Links.map((l: { Rel: string }) => l.Rel)).toEqual(['self', 'capture', 'void']);

    const captured = await cielo(merchant, 'PUT', `/1/sales/${id}/capture`);
    expect(captured.status).toBe(200);
    expect(captured.json).toMatchObject({
      Status: 2,
      ReturnCode: '6',
      ReasonCode: 0,
      ReasonMessage: 'Successful',
    });
    const again = await cielo(merchant, 'PUT', `/1/sales/${id}/capture`);
    expect(again).toMatchObject({
      status: 400,
      json: [{ Code: 308, Message: 'Transaction not available to capture' }],
    });

    const voided = await cielo(merchant, 'PUT', `/1/sales/${id}/void?amount=8990`);
    expect(voided.json).toMatchObject({ Status: 10, ReasonCode: 0 });
    expect((await cielo(merchant, 'GET', `/1/sales/${id}`)).json.Payment).toMatchObject({
      Status: 10,
      VoidedAmount: 8990,
    });
    expect((await cielo(merchant, 'PUT', `/1/sales/${id}/void`)).json).toEqual([
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
    const unsaved = await cielo(merchant, 'POST', '/1/sales/', { body: full(false) });
    expect(unsaved.json.Payment).toMatchObject({ Status: 2, CreditCard: { SaveCard: false } });
    expect(unsaved.json.Payment.CreditCard.CardToken).toBeUndefined();
    const saved = await cielo(merchant, 'POST', '/1/sales/', { body: full(true) });
    const token = saved.json.Payment.CreditCard.CardToken;
    expect(token).toMatch(GUID);
    const { json } = await adminCall<{ merchantId: string; cards: number }[]>(
      sim.url,
      'GET',
      '/__sim/cielo/merchants',
    );
    expect(json.find((m) => m.merchantId === merchant.id)?.cards).toBe(1);
    const reused = await cielo(merchant, 'POST', '/1/sales/', { body: sale(token, 'Master') });
    expect(reused.json.Payment).toMatchObject({ Status: 2, CreditCard: { CardNumber: '555555******4444' } });
  });

  it('serves the demo merchant', async () => {
    const token = await tokenize(DEMO_CIELO_MERCHANT, '4111111111111111');
    const { status } = await cielo(DEMO_CIELO_MERCHANT, 'POST', '/1/sales/', { body: sale(token, 'Visa') });
    expect(status).toBe(201);
  });
});

describe('Cielo credentials', () => {
  it('answers 401 with Cielo codes and echoes RequestId', async () => {
    const merchant = await newMerchant();
    const call = (headers: Record<string, string>) =>
      cielo(null, 'POST', '/1/card/', { body: card('4111111111111111'), headers });
    const requestId = '0b6c1bd5-8a34-4b2e-9a86-0ac9e0c53b8f';
    const cases: [Record<string, string>, number, string][] = [
      [{}, 101, 'MerchantId is required'],
      [
        { MerchantId: 'not-a-guid', MerchantKey: merchant.key },
        114,
        'The provided MerchantId is not in correct format',
      ],
      [{ MerchantId: merchant.id }, 131, 'MerchantKey is required'],
      [
        { MerchantId: '00000000-0000-4000-8000-000000000000', MerchantKey: merchant.key },
        115,
        'The provided MerchantId was not found',
      ],
      [{ MerchantId: merchant.id, MerchantKey: DEMO_CIELO_MERCHANT.key }, 132, 'MerchantKey is invalid'],
    ];
    for (const [headers, Code, Message] of cases) {
      const answer = await call({ ...headers, RequestId: requestId });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual([{ Code, Message }]);
      expect(answer.headers.get('requestid')).toBe(requestId);
    }
    const sales = await cielo(
      { id: merchant.id, key: 'x' },
      'GET',
      '/1/sales/0b6c1bd5-8a34-4b2e-9a86-0ac9e0c53b8f',
    );
    expect(sales.status).toBe(401);
  });

  it('keeps each merchant to its own tokens and sales', async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const token = await tokenize(a, '4111111111111111');
    const { json } = await cielo(a, 'POST', '/1/sales/', { body: sale(token, 'Visa') });
    expect((await cielo(b, 'POST', '/1/sales/', { body: sale(token, 'Visa') })).json).toEqual([
      { Code: 130, Message: 'Could not get Credit Card' },
    ]);
    expect((await cielo(b, 'GET', `/1/sales/${json.Payment.PaymentId}`)).status).toBe(404);
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
      const answer = await cielo(merchant, 'POST', '/1/card/', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(
        answer.json.map((e: { Code: number }) => e.Code),
        JSON.stringify(body),
      ).toEqual(codes);
      for (const error of answer.json) expect(typeof error.Message).toBe('string');
    }
    expect(
      (await cielo(merchant, 'POST', '/1/card/', { body: card(visa, { ExpirationDate: '03/2026' }) })).status,
    ).toBe(201);
    expect((await cielo(merchant, 'POST', '/1/card/', { body: '{not json' })).json).toEqual([
      { Code: 184, Message: 'Request could not be empty' },
    ]);
    expect((await cielo(merchant, 'POST', '/1/card/')).json).toEqual([
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
      const answer = await cielo(merchant, 'POST', '/1/sales/', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(
        answer.json.map((e: { Code: number }) => e.Code),
        JSON.stringify(body),
      ).toEqual(codes);
    }
    expect(await allSales(merchant)).toEqual([]);
  });
});

describe('Cielo idempotency and queries', () => {
  it('answers the same sale for the same MerchantOrderId and RequestId, without charging twice', async () => {
    const merchant = await newMerchant();
    const token = await tokenize(merchant, '4111111111111111');
    const body = sale(token, 'Visa', {}, 'FAT1017A1');
    const requestId = 'a3f6c2de-5b1e-4c55-9a0f-6c1d2e3f4a5b';
    const first = await cielo(merchant, 'POST', '/1/sales/', { body, requestId });
    const second = await cielo(merchant, 'POST', '/1/sales/', { body, requestId });
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('requestid')).toBe(requestId);
    expect(await allSales(merchant)).toHaveLength(1);

    // another RequestId (or none) is another attempt, and Cielo charges it
    await cielo(merchant, 'POST', '/1/sales/', { body, requestId: '7d1e9a63-2c4b-4f0e-8a5d-9b3c1e2f4a6d' });
    await cielo(merchant, 'POST', '/1/sales/', { body });
    const sales = await allSales(merchant);
    expect(sales).toHaveLength(3);
    expect(new Set(sales.map((s) => s.merchantOrderId))).toEqual(new Set(['FAT1017A1']));
  });

  it('finds a sale by PaymentId and by MerchantOrderId (ReceveidDate, sic)', async () => {
    const merchant = await newMerchant();
    const token = await tokenize(merchant, '4111111111111111');
    const { json } = await cielo(merchant, 'POST', '/1/sales/', {
      body: sale(token, 'Visa', {}, 'FAT1019Q'),
    });
    const id = json.Payment.PaymentId;
    const byId = await cielo(merchant, 'GET', `/1/sales/${id}`);
    expect(byId.status).toBe(200);
    expect(byId.json).toEqual(json);
    const byOrder = await cielo(merchant, 'GET', '/1/sales?merchantOrderId=FAT1019Q');
    expect(byOrder.json).toEqual({
      ReasonCode: 0,
      ReasonMessage: 'Successful',
      Payments: [{ PaymentId: id, ReceveidDate: '2026-03-05 12:00:00' }],
    });
    expect((await cielo(merchant, 'GET', '/1/sales?merchantOrderId=NOPE')).json.Payments).toEqual([]);
    const unknown = await cielo(merchant, 'GET', '/1/sales/6f1bc0f4-44a5-4b0e-a4a4-3f8e8b9f7a11');
    expect(unknown).toMatchObject({ status: 404, json: [{ Code: 307, Message: 'Transaction not found' }] });
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
    const failed = await cielo(merchant, 'POST', '/1/sales/', { body: sale(token, 'Visa') });
    expect(failed.status).toBe(500);
    expect(await allSales(merchant)).toEqual([]);
    expect((await cielo(merchant, 'POST', '/1/sales/', { body: sale(token, 'Visa') })).status).toBe(201);
  });

  it('holds a request in timeout mode (nothing charged) and loses the answer in lost mode (charged)', async () => {
    const merchant = await newMerchant();
    const token = await tokenize(merchant, '4111111111111111');
    await setFault({ mode: 'timeout', count: 1 });
    await expect(
      cielo(merchant, 'POST', '/1/sales/', {
        body: sale(token, 'Visa', {}, 'FAT1020T'),
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    expect(await allSales(merchant)).toEqual([]);

    await setFault({ mode: 'lost', count: 1 });
    await expect(
      cielo(merchant, 'POST', '/1/sales/', {
        body: sale(token, 'Visa', {}, 'FAT1020L'),
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    // the portal reconciles through the query API
    const found = await cielo(merchant, 'GET', '/1/sales?merchantOrderId=FAT1020L');
    expect(found.json.Payments).toHaveLength(1);
    const paymentId = found.json.Payments[0]?.PaymentId;
    expect((await cielo(merchant, 'GET', `/1/sales/${paymentId}`)).json.Payment).toMatchObject({ Status: 2 });
  });

  it('adds latency, lists and clears faults, and validates them', async () => {
    const merchant = await newMerchant();
    await setFault({ latencyMs: 150 });
    expect((await adminCall(sim.url, 'GET', '/__sim/cielo/faults')).json).toEqual({
      faults: [{ latencyMs: 150, mode: 'none', remaining: null }],
    });
    const started = Date.now();
    await cielo(merchant, 'GET', '/1/sales?merchantOrderId=X');
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
  it('drops the merchants created for tests and keeps the demo one', async () => {
    const own = await startSim({ now: () => NOW });
    try {
      const { json } = await adminCall<{ merchantId: string; merchantKey: string }>(
        own.url,
        'POST',
        '/__sim/cielo/merchants',
      );
      expect((await adminCall(own.url, 'POST', '/__sim/reset')).json).toEqual({ ok: true });
      const call = (id: string, key: string) =>
        fetch(`${own.url}/cielo/1/sales?merchantOrderId=X`, {
          headers: { MerchantId: id, MerchantKey: key },
        });
      expect((await call(json.merchantId, json.merchantKey)).status).toBe(401);
      expect((await call(DEMO_CIELO_MERCHANT.id, DEMO_CIELO_MERCHANT.key)).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});
