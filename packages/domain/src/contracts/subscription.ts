import { messages } from '../messages.ts';
import { z } from '../zod.ts';

/** A contract id in a path: digits only; anything else is a contract that does not exist. */
export const contractIdSchema = z
  .string({ error: messages.contractNotFound })
  .trim()
  .regex(/^\d{1,12}$/, messages.contractNotFound);

export const contractIdParams = z.object({ id: contractIdSchema });

/** spec §3 Contract: the installation address (the state is always shown as SC, spec §9). */
export const contractAddressSchema = z
  .object({
    cep: z.string(),
    rua: z.string(),
    numero: z.string(),
    bairro: z.string(),
    cidade: z.string(),
    estado: z.string(),
    complemento: z.string(),
  })
  .meta({ id: 'ContractAddress' });
export type ContractAddress = z.infer<typeof contractAddressSchema>;

/** An item of a contract (the ERP's `vd_contratos_produtos` of that contract). */
export const contractServiceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    contractId: z.string(),
  })
  .meta({ id: 'ContractService' });
export type ContractService = z.infer<typeof contractServiceSchema>;

export const contractSchema = z
  .object({
    id: z.string(),
    /** The plan the contract sells (IXC `cliente_contrato.contrato`). */
    planName: z.string(),
    /** YYYY-MM-DD, or null when the contract was never activated. */
    activationDate: z.string().nullable(),
    address: contractAddressSchema,
    /** IXC `status_internet` as sent (A, CM, CA, FA, AA, D...). */
    status: z.string(),
    /** spec §4: 'Ativo', 'Bloqueado', 'Financeiro Pendente', 'Aguardando Assinatura' or 'Contrato desativado'. */
    statusLabel: z.string(),
    /** spec §4: in the blocked set (CM, CA, FA), so the trust unlock is offered. */
    blocked: z.boolean(),
    services: z.array(contractServiceSchema),
  })
  .meta({ id: 'Contract' });
export type Contract = z.infer<typeof contractSchema>;

/** GET /api/central/customer/list/contracts. */
export const contractListResponse = z
  .object({ contracts: z.array(contractSchema) })
  .meta({ id: 'ContractList' });
export type ContractList = z.infer<typeof contractListResponse>;

/** GET /api/central/customer/list/contracts/short: for pickers. */
export const contractShortSchema = z
  .object({ id: z.string(), label: z.string() })
  .meta({ id: 'ContractShort' });
export type ContractShort = z.infer<typeof contractShortSchema>;
export const contractShortListResponse = z
  .object({ contracts: z.array(contractShortSchema) })
  .meta({ id: 'ContractShortList' });
export type ContractShortList = z.infer<typeof contractShortListResponse>;

/**
 * GET /api/central/customer/list/services: every item of every contract of the customer. The spec's
 * answer is IXC's grid (cells with the contract id at index 12); the portal answers named fields.
 */
export const serviceListResponse = z
  .object({ services: z.array(contractServiceSchema) })
  .meta({ id: 'ContractServiceList' });
export type ServiceList = z.infer<typeof serviceListResponse>;

/** GET /api/central/customer/contracts/unlock/{id}: the ERP's message, shown by its type (spec §8). */
export const contractUnlockResponse = z
  .object({ type: z.enum(['success', 'error']), message: z.string() })
  .meta({ id: 'ContractUnlock' });
export type ContractUnlock = z.infer<typeof contractUnlockResponse>;

/** GET /api/central/customer/download/contract/{id}: the contract's PDF as base64. */
export const contractDownloadResponse = z
  .object({ contractBase64: z.string() })
  .meta({ id: 'ContractDownload' });
export type ContractDownload = z.infer<typeof contractDownloadResponse>;

/** GET /api/central/customer/contract/{id}/annual-debt-settlement?year=YYYY (spec §9: this year and the two before). */
export const annualDebtSettlementQuery = z.object({
  year: z.coerce
    .number({ error: messages.annualStatementYearInvalid })
    .int(messages.annualStatementYearInvalid)
    .min(2000, messages.annualStatementYearInvalid)
    .max(2999, messages.annualStatementYearInvalid),
});
export const annualDebtSettlementResponse = z
  .object({
    /** The Lei 12.007/2009 statement, a PDF as base64. */
    annualDebtSettlement: z.string(),
  })
  .meta({ id: 'AnnualDebtSettlement' });
export type AnnualDebtSettlement = z.infer<typeof annualDebtSettlementResponse>;
