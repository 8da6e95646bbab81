// The state of the simulated Cielo: merchants, their card tokens and their sales, and the injected faults.
// A token keeps only what deciding a sale needs: the masked number and its last digit, never the full PAN.

import { randomBytes, randomUUID } from 'node:crypto';
import type { Brand } from './rules.ts';

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
  ReturnMessage: string;
  ReturnCode: string;
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
  readonly sales = new Map<string, SaleRecord>();
  /** MerchantOrderId + RequestId → PaymentId, so that a repeated request answers the same sale */
  readonly replays = new Map<string, string>();

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

export class CieloStore {
  private readonly merchants = new Map<string, CieloMerchant>();
  fault: CieloFault | null = null;
  private sequence = 0;

  constructor() {
    this.reset();
  }

  /** Back to the demo merchant alone, with no card and no sale; faults cleared. */
  reset(): void {
    this.merchants.clear();
    this.merchants.set(
      DEMO_CIELO_MERCHANT.id,
      new CieloMerchant(DEMO_CIELO_MERCHANT.id, DEMO_CIELO_MERCHANT.key),
    );
    this.fault = null;
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

  /** A number unique within this simulator, for Tid, ProofOfSale and AuthorizationCode. */
  next(): number {
    this.sequence += 1;
    return this.sequence;
  }
}
