// The state of the simulated Cielo: merchants, their card tokens and their sales, the injected faults and
// the script of pending answers. A token keeps only what deciding a sale needs: the masked number and its
// last digit, never the full PAN.

import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { authorizationCode, type Brand, type InitiatorIndicator } from './rules.ts';

export const DEMO_CIELO_MERCHANT = {
  id: 'a1b2c3d4-0000-4000-8000-00000000c1e0',
  key: 'DEMOCIELOKEY0000000000000000000000000000',
} as const;

export interface StoredCard {
  token: string;
  customerName: string;
  holder: string;
  expirationDate: string;
  brand: Brand;
  /** '411111******1111' */
  maskedNumber: string;
  lastDigit: string;
}

export interface CieloPayment {
  ServiceTaxAmount: number;
  Installments: number;
  Interest: string;
  Capture: boolean;
  Authenticate: boolean;
  Recurrent: boolean;
  CreditCard: {
    CardNumber: string;
    Holder: string;
    ExpirationDate: string;
    SaveCard: boolean;
    Brand: Brand;
    CardToken?: string;
  };
  /** Mastercard only, echoed as sent */
  InitiatedTransactionIndicator?: InitiatorIndicator;
  Tid: string;
  ProofOfSale: string;
  AuthorizationCode?: string;
  SoftDescriptor?: string;
  Provider: string;
  IsQrCode: boolean;
  Amount: number;
  ReceivedDate: string;
  CapturedAmount?: number;
  CapturedDate?: string;
  VoidedAmount?: number;
  VoidedDate?: string;
  Status: number;
  IsSplitted: boolean;
  /** absent while the sale is undecided (Status 0 or 12) or aborted (13) */
  ReturnMessage?: string;
  ReturnCode?: string;
  PaymentId: string;
  Type: 'CreditCard';
  Currency: 'BRL';
  Country: 'BRA';
}

export interface CieloSale {
  MerchantOrderId: string;
  Customer?: { Name?: string };
  Payment: CieloPayment;
}

export interface SaleRecord {
  merchantId: string;
  requestId: string | null;
  sale: CieloSale;
}

export class CieloMerchant {
  readonly cards = new Map<string, StoredCard>();
  /** by PaymentId; Cielo does not deduplicate, so one MerchantOrderId may have many sales */
  readonly sales = new Map<string, SaleRecord>();

  constructor(
    readonly id: string,
    readonly key: string,
  ) {}
}

export const CIELO_FAULT_MODES = ['none', 'http500', 'timeout', 'lost'] as const;
export type CieloFaultMode = (typeof CIELO_FAULT_MODES)[number];

export interface CieloFault {
  latencyMs: number;
  mode: CieloFaultMode;
  /** how many more calls it affects; null: until cleared */
  remaining: number | null;
}

export function parseCieloFault(body: unknown): CieloFault | string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'body must be an object';
  const { latencyMs, mode, count } = body as Record<string, unknown>;
  if (
    latencyMs !== undefined &&
    (typeof latencyMs !== 'number' || !Number.isFinite(latencyMs) || latencyMs < 0)
  )
    return 'latencyMs must be a number >= 0';
  if (mode !== undefined && !(CIELO_FAULT_MODES as readonly unknown[]).includes(mode))
    return `mode must be one of ${CIELO_FAULT_MODES.join(', ')}`;
  if (
    count !== undefined &&
    count !== null &&
    (typeof count !== 'number' || !Number.isInteger(count) || count < 1)
  )
    return 'count must be an integer >= 1';
  return {
    latencyMs: latencyMs ?? 0,
    mode: (mode as CieloFaultMode | undefined) ?? 'none',
    remaining: typeof count === 'number' ? count : null,
  };
}

/** Status 0 (NotFinished) and 12 (Pending): no answer from the issuer yet. */
export const PENDING_STATUSES = [0, 12] as const;
export type PendingStatus = (typeof PENDING_STATUSES)[number];

/** The next `remaining` sales that would have been authorised stay in `status` instead. */
export interface NextSales {
  status: PendingStatus;
  remaining: number;
}

const nextSalesBody = z.object({
  status: z.union(
    PENDING_STATUSES.map((status) => z.literal(status)),
    { error: 'status must be 0 or 12' },
  ),
  count: z.int({ error: 'count must be an integer >= 1' }).min(1, 'count must be an integer >= 1').default(1),
});

/** `PUT /__sim/cielo/next-sales`: the script, or why the body is not one. */
export function parseNextSales(body: unknown): NextSales | string {
  const parsed = nextSalesBody.safeParse(body);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'body must be an object';
  return { status: parsed.data.status, remaining: parsed.data.count };
}

/** Where the admin switch may move a pending sale: captured, denied or aborted. */
export const SETTLED_STATUSES = [2, 3, 13] as const;
export type SettledStatus = (typeof SETTLED_STATUSES)[number];

export class CieloStore {
  private readonly merchants = new Map<string, CieloMerchant>();
  fault: CieloFault | null = null;
  nextSales: NextSales | null = null;
  private sequence = 0;

  constructor() {
    this.reset();
  }

  /** Back to the demo merchant alone, with no card and no sale; faults and the next-sales script cleared. */
  reset(): void {
    this.merchants.clear();
    this.merchants.set(
      DEMO_CIELO_MERCHANT.id,
      new CieloMerchant(DEMO_CIELO_MERCHANT.id, DEMO_CIELO_MERCHANT.key),
    );
    this.fault = null;
    this.nextSales = null;
  }

  merchant(id: string): CieloMerchant | undefined {
    return this.merchants.get(id.toLowerCase());
  }

  all(): CieloMerchant[] {
    return [...this.merchants.values()];
  }

  createMerchant(): CieloMerchant {
    const merchant = new CieloMerchant(randomUUID(), randomBytes(20).toString('hex').toUpperCase());
    this.merchants.set(merchant.id, merchant);
    return merchant;
  }

  /** The fault that applies to this call, used up by one. */
  takeFault(): CieloFault | null {
    const fault = this.fault;
    if (!fault) return null;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.fault = null;
    }
    return { ...fault };
  }

  /** The pending status for a sale that would have been authorised, used up by one; null: authorise it. */
  takePending(): PendingStatus | null {
    const script = this.nextSales;
    if (!script) return null;
    script.remaining -= 1;
    if (script.remaining <= 0) this.nextSales = null;
    return script.status;
  }

  findSale(paymentId: string): SaleRecord | undefined {
    const id = paymentId.toLowerCase();
    for (const merchant of this.merchants.values()) {
      const record = merchant.sales.get(id);
      if (record) return record;
    }
    return undefined;
  }

  /**
   * The issuer's late answer to a sale left in 0 or 12: captured (2), denied (3) or aborted (13). Answers
   * why not when the sale is in another status.
   */
  settle(record: SaleRecord, status: SettledStatus, date: string): string | null {
    const payment = record.sale.Payment;
    if (!(PENDING_STATUSES as readonly number[]).includes(payment.Status))
      return `sale ${payment.PaymentId} is in status ${payment.Status}; only 0 (NotFinished) or 12 (Pending) can move`;
    payment.Status = status;
    if (status === 2) {
      payment.Capture = true;
      payment.AuthorizationCode = authorizationCode(this.next());
      payment.CapturedAmount = payment.Amount;
      payment.CapturedDate = date;
      payment.ReturnCode = '6';
      payment.ReturnMessage = 'Operation Successful';
    } else if (status === 3) {
      payment.ReturnCode = '05';
      payment.ReturnMessage = 'Not Authorized';
    }
    return null;
  }

  /** A number unique within this simulator, for Tid, ProofOfSale and AuthorizationCode. */
  next(): number {
    this.sequence += 1;
    return this.sequence;
  }
}
