// Settling a title ("baixa"): an insert into fn_areceber_recebimentos_baixas_novo records the receipt and
// updates the fn_areceber row it names (status, amounts, payment date and type), as IXC does. Paying the
// overdue titles of a contract also lifts a financial block and frees its trust unlock again.
// A receipt is booked where the body says: `filial_id` (table filial), `conta_` (the cash or bank account
// receiving it, table contas) and `id_conta` (the analytic planning account, table planejamento_analitico),
// as IXC's own "baixa" forms name them (`conta_` labelled "Caixa 1", `id_conta` "Planejamento analítico").

import { saoPauloNow } from '../clock.ts';
import { IxcError } from './query.ts';
import type { IxcRow } from './schema.ts';
import type { IxcInstance } from './store.ts';

export const RECEIPTS_TABLE = 'fn_areceber_recebimentos_baixas_novo';

function field(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** '1.234,56', '99,90', '99.90' or 99.9 → cents; NaN when it is not an amount. */
export function parseAmount(text: string): number {
  const normalized = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return Number.NaN;
  const [int = '0', dec = ''] = normalized.split('.');
  return Number(int) * 100 + Number(dec.padEnd(2, '0'));
}

/** 'DD/MM/YYYY' → 'YYYY-MM-DD', or undefined when it is not a real date. */
export function parseBrDate(text: string): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return undefined;
  const [, d, m, y] = match;
  const iso = `${y}-${m}-${d}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : undefined;
}

/** The fn_areceber.tipo_recebimento label of a receipt's payment type. */
export function receiptType(value: string): string {
  const key = value.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  if (key === 'c' || key.startsWith('cart') || key === 'credit_card') return 'Cartão';
  if (key === 'p' || key === 'pix') return 'Pix';
  if (key === '' || key === 'b' || key === 'd' || key === 'boleto') return 'Boleto';
  return value.trim();
}

const cents = (value: string | undefined) => Math.round(Number(value ?? '0') * 100);
const reais = (value: number) => (value / 100).toFixed(2);

function required(input: Record<string, unknown>, key: string): string {
  const value = field(input, key);
  if (value === '' || value === '0') throw new IxcError(`O campo '${key}' é obrigatório!`);
  return value;
}

/** The branch, account and planning account must be the installation's own, and active. */
function checkBooking(instance: IxcInstance, input: Record<string, unknown>): void {
  const branchId = required(input, 'filial_id');
  const branch = instance.find('filial', branchId);
  if (!branch) throw new IxcError(`Filial ${branchId} não encontrada!`);
  if (branch.ativo === 'N') throw new IxcError(`A filial ${branch.fantasia || branchId} está inativa!`);
  const accountId = required(input, 'conta_');
  const account = instance.find('contas', accountId);
  if (!account) throw new IxcError(`Conta ${accountId} não encontrada!`);
  if (account.ativo === 'N') throw new IxcError(`A conta ${account.conta} está inativa!`);
  const planningId = required(input, 'id_conta');
  const planning = instance.find('planejamento_analitico', planningId);
  if (!planning) throw new IxcError(`Planejamento analítico ${planningId} não encontrado!`);
  if (planning.ativo === 'N')
    throw new IxcError(`O planejamento analítico ${planning.planejamento_analitico} está inativo!`);
}

/** Inserts the receipt, settles the title and answers the receipt's id. */
export function settleTitle(instance: IxcInstance, body: unknown, now: Date): string {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new IxcError('Nenhum campo informado para gravação!');
  const input = body as Record<string, unknown>;
  const titleId = field(input, 'id_receber');
  if (titleId === '' || titleId === '0') throw new IxcError("O campo 'id_receber' é obrigatório!");
  const title = instance.find('fn_areceber', titleId);
  if (!title) throw new IxcError(`Título ${titleId} não encontrado!`);
  if (title.status === 'R') throw new IxcError('Título já recebido');
  if (title.status === 'C') throw new IxcError('Não é possível receber um título cancelado!');
  checkBooking(instance, input);
  const date = parseBrDate(field(input, 'data'));
  if (!date) throw new IxcError('Data de recebimento inválida! Informe no formato DD/MM/AAAA.');
  const amount = parseAmount(field(input, 'valor_total_recebido'));
  if (!Number.isFinite(amount) || amount <= 0) throw new IxcError('Valor recebido inválido!');

  const type = receiptType(field(input, 'tipo_recebimento'));
  const record: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string' || typeof value === 'number') record[key] = String(value);
  }
  const id = instance.insert(RECEIPTS_TABLE, {
    ...record,
    data: date,
    valor_total_recebido: reais(amount),
    valor_parcela: reais(parseAmount(field(input, 'valor_parcela')) || cents(title.valor_aberto)),
  });

  const open = cents(title.valor_aberto);
  const received = cents(title.valor_recebido) + amount;
  const rest = Math.max(0, open - amount);
  title.status = rest === 0 ? 'R' : 'P';
  title.valor_recebido = reais(received);
  title.valor_aberto = reais(rest);
  title.pagamento_data = date;
  title.pagamento_valor = reais(received);
  title.tipo_recebimento = type;
  if (type === 'Cartão') title.tipo_pagamento_cartao = 'N';
  releaseContract(instance, title, saoPauloNow(now).date);
  return id;
}

/** Once no title of the contract is overdue any more, a financial block is lifted and the trust unlock freed. */
function releaseContract(instance: IxcInstance, title: IxcRow, today: string): void {
  const contractId =
    title.id_contrato && title.id_contrato !== '0' ? title.id_contrato : (title.id_contrato_avulso ?? '0');
  const contract = instance.find('cliente_contrato', contractId);
  if (!contract) return;
  const overdue = instance
    .rows('fn_areceber')
    .some(
      (row) =>
        (row.id_contrato === contractId || row.id_contrato_avulso === contractId) &&
        (row.status === 'A' || row.status === 'P') &&
        (row.data_vencimento ?? '') < today,
    );
  if (overdue) return;
  contract.desbloqueio_confianca_ativo = 'N';
  if (contract.status_internet === 'CA' || contract.status_internet === 'FA') contract.status_internet = 'A';
}

/**
 * A PIX charge paid at the provider's bank: the bank's return settles the title in IXC on its own, as
 * IXC's PIX integrations do, without a receipt posted through the webservice. For tests and demos
 * (`POST /__sim/ixc/{instance}/invoices/{id}/pix-paid`). Answers false when the title is not open.
 */
export function settleByPix(instance: IxcInstance, titleId: string, now: Date): boolean {
  const title = instance.find('fn_areceber', titleId);
  if (!title || (title.status !== 'A' && title.status !== 'P')) return false;
  const today = saoPauloNow(now).date;
  const paid = cents(title.valor_recebido) + cents(title.valor_aberto);
  title.status = 'R';
  title.valor_recebido = reais(paid);
  title.valor_aberto = '0.00';
  title.pagamento_data = today;
  title.pagamento_valor = reais(paid);
  title.tipo_recebimento = 'Pix';
  releaseContract(instance, title, today);
  return true;
}
