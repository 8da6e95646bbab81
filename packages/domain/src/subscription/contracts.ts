import { todayInSaoPaulo } from '../financial/dates.ts';

/** spec §4: the blocked set, the statuses whose contract offers the trust unlock. */
export const blockedContractStatuses = ['CM', 'CA', 'FA'] as const;

const statusLabels = new Map([
  ['A', 'Ativo'],
  ['CM', 'Bloqueado'],
  ['CA', 'Bloqueado'],
  ['FA', 'Financeiro Pendente'],
  ['AA', 'Aguardando Assinatura'],
]);

/** spec §4 Contract internet status: IXC `status_internet` → label; anything unknown is disabled. */
export function contractStatusLabel(status: string): string {
  return statusLabels.get(status) ?? 'Contrato desativado';
}

export function isContractBlocked(status: string): boolean {
  return (blockedContractStatuses as readonly string[]).includes(status);
}

/** spec §9: the contract's state is always shown as SC. */
export const CONTRACT_STATE = 'SC';

/** An address as IXC sends it on `cliente` and on `cliente_contrato`. */
export interface IxcAddressFields {
  cep: string;
  endereco: string;
  numero: string;
  bairro: string;
  cidade: string;
  complemento: string;
}

/**
 * spec §3: `endereco_padrao_cliente` 'S' means the contract is installed at the customer's own address;
 * otherwise the contract carries its own. The state is the fixed 'SC' (spec §9).
 */
export function contractAddress(
  contract: IxcAddressFields & { endereco_padrao_cliente: string },
  customer: IxcAddressFields,
) {
  const from = contract.endereco_padrao_cliente === 'S' ? customer : contract;
  return {
    cep: from.cep,
    rua: from.endereco,
    numero: from.numero,
    bairro: from.bairro,
    cidade: from.cidade,
    estado: CONTRACT_STATE,
    complemento: from.complemento,
  };
}

/** A contract's one-line label for pickers: '#101 - Fibra 300 Mega'. */
export function contractLabel(contract: { id: string; planName: string }): string {
  return contract.planName ? `#${contract.id} - ${contract.planName}` : `#${contract.id}`;
}

/** spec §9: the annual debt-settlement statement is offered for the current year (São Paulo) and the two before. */
export function annualStatementYears(now: Date = new Date()): number[] {
  const year = Number(todayInSaoPaulo(now).slice(0, 4));
  return [year, year - 1, year - 2];
}

export function isAnnualStatementYear(year: number, now: Date = new Date()): boolean {
  return annualStatementYears(now).includes(year);
}

/** A title (`fn_areceber`) as the statement reads it: money in cents. */
export interface StatementTitle {
  id: string;
  /** IXC status: A open, P partial, R received, C canceled. */
  status: string;
  dueDate: string;
  valueCents: number;
  openCents: number;
}

export interface AnnualSettlement {
  year: number;
  /** The days the statement covers: the whole year, or 1 January to today for the current year. */
  from: string;
  to: string;
  settled: boolean;
  /** Titles due in the period and not (fully) received, earliest first. */
  openTitles: StatementTitle[];
  /** How many titles fell due in the period (canceled ones excluded). */
  titlesDue: number;
}

/**
 * Lei 12.007/2009 (declaração anual de quitação de débitos): the year is settled when every title that
 * fell due in it has been received. For the current year only the titles due by today count: a title
 * not yet due is not a debt. Canceled titles are no debt.
 */
export function annualSettlement(titles: StatementTitle[], year: number, today: string): AnnualSettlement {
  const from = `${year}-01-01`;
  const endOfYear = `${year}-12-31`;
  const to = today < endOfYear ? today : endOfYear;
  const due = titles.filter((t) => t.status !== 'C' && t.dueDate >= from && t.dueDate <= to);
  const openTitles = due
    .filter((t) => t.status === 'A' || t.status === 'P')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id));
  return { year, from, to, settled: openTitles.length === 0, openTitles, titlesDue: due.length };
}
