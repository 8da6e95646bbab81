import {
  type AnnualDebtSettlement,
  annualSettlement,
  type Contract,
  type ContractDownload,
  type ContractService,
  type ContractShort,
  type ContractUnlock,
  contractAddress,
  contractLabel,
  contractStatusLabel,
  formatCpfOrCnpj,
  isAnnualStatementYear,
  isContractBlocked,
  ixcDate,
  messages,
  moneyToCents,
  type StatementTitle,
  todayInSaoPaulo,
} from '@central/domain';
import {
  cityNames,
  findCustomerContract,
  type IxcContractItem,
  listContractItems,
  listCustomerContracts,
  listTitlesDue,
  printContract,
  trustUnlock,
} from '../../integrations/ixc/contracts.ts';
import { findCustomerById } from '../../integrations/ixc/customers.ts';
import type { IxcContract, IxcCustomer, IxcInvoice } from '../../integrations/ixc/records.ts';
import { AppError } from '../../platform/errors.ts';
import type { CustomerSession } from '../../platform/sessions.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';
import { annualStatementPdf } from './annual-statement.ts';

const contractNotFound = () => new AppError(404, 'CONTRACT_NOT_FOUND');

/** A title as the statement reads it; the contract is its own or, for a standalone title, `id_contrato_avulso`. */
function statementTitle(row: IxcInvoice): StatementTitle & { contractId: string } {
  const value = moneyToCents(row.valor);
  const open =
    row.status === 'R' || row.status === 'C'
      ? 0
      : moneyToCents(row.valor_aberto) > 0
        ? moneyToCents(row.valor_aberto)
        : Math.max(0, value - moneyToCents(row.valor_recebido));
  const contractId = row.id_contrato && row.id_contrato !== '0' ? row.id_contrato : row.id_contrato_avulso;
  return {
    id: row.id,
    status: row.status,
    dueDate: ixcDate(row.data_vencimento) ?? '',
    valueCents: value,
    openCents: open,
    contractId,
  };
}

export function createContractsService(deps: { now?: () => Date; cityCacheMs?: number } = {}) {
  const now = () => deps.now?.() ?? new Date();
  const cities = createTtlCache<Map<string, string>>({ ttlMs: deps.cityCacheMs ?? 60 * 60_000 });

  /** The session customer's contract, or 'Contrato não encontrado.' for any id that is not theirs. */
  async function ownContract(tenant: Tenant, session: CustomerSession, id: string): Promise<IxcContract> {
    const row = await findCustomerContract(tenant.ixc, session.erpCustomerId, id);
    if (!row) throw contractNotFound();
    return row;
  }

  /**
   * City names are decoration: an IXC that does not answer its `cidade` table leaves the city empty
   * rather than failing the contract list.
   */
  async function cityNamesOf(tenant: Tenant, ids: string[]): Promise<Map<string, string>> {
    const key = `${tenant.id}:${[...new Set(ids)].sort().join(',')}`;
    return cities.get(key, () => cityNames(tenant.ixc, ids)).catch(() => new Map());
  }

  async function itemsOf(tenant: Tenant, rows: IxcContract[]): Promise<IxcContractItem[]> {
    const lists = await Promise.all(rows.map((row) => listContractItems(tenant.ixc, row.id)));
    return lists.flat();
  }

  function toContract(
    row: IxcContract,
    customer: IxcCustomer | null,
    names: Map<string, string>,
    items: IxcContractItem[],
  ): Contract {
    const own = { cep: '', endereco: '', numero: '', bairro: '', cidade: '', complemento: '' };
    const address = contractAddress(row, customer ?? own);
    return {
      id: row.id,
      planName: row.contrato.trim(),
      activationDate: ixcDate(row.data_ativacao),
      address: { ...address, cidade: names.get(address.cidade) ?? '' },
      status: row.status_internet,
      statusLabel: contractStatusLabel(row.status_internet),
      blocked: isContractBlocked(row.status_internet),
      services: items.filter((i) => i.contractId === row.id),
    };
  }

  return {
    /** spec §3 Contract: every contract of the customer with its address, status and services. */
    async listContracts(tenant: Tenant, session: CustomerSession): Promise<Contract[]> {
      const rows = await listCustomerContracts(tenant.ixc, session.erpCustomerId);
      if (rows.length === 0) return [];
      const usesCustomerAddress = rows.some((r) => r.endereco_padrao_cliente === 'S');
      const [customer, items] = await Promise.all([
        usesCustomerAddress ? findCustomerById(tenant.ixc, session.erpCustomerId) : null,
        itemsOf(tenant, rows),
      ]);
      const cityIds = rows.map((r) =>
        r.endereco_padrao_cliente === 'S' ? (customer?.cidade ?? '') : r.cidade,
      );
      const names = await cityNamesOf(tenant, cityIds);
      return rows.map((row) => toContract(row, customer, names, items));
    },

    async listContractsShort(tenant: Tenant, session: CustomerSession): Promise<ContractShort[]> {
      const rows = await listCustomerContracts(tenant.ixc, session.erpCustomerId);
      return rows.map((r) => ({ id: r.id, label: contractLabel({ id: r.id, planName: r.contrato.trim() }) }));
    },

    async listServices(tenant: Tenant, session: CustomerSession): Promise<ContractService[]> {
      const rows = await listCustomerContracts(tenant.ixc, session.erpCustomerId);
      return itemsOf(tenant, rows);
    },

    /** spec §4: the trust unlock of a blocked contract; the ERP's answer is shown by its type. */
    async unlock(tenant: Tenant, session: CustomerSession, id: string): Promise<ContractUnlock> {
      const contract = await ownContract(tenant, session, id);
      if (!isContractBlocked(contract.status_internet)) throw new AppError(409, 'CONTRACT_NOT_BLOCKED');
      const answer = await trustUnlock(tenant.ixc, contract.id);
      if (answer.message) return answer;
      const fallback = answer.type === 'success' ? messages.contractUnlocked : messages.contractUnlockFailed;
      return { type: answer.type, message: fallback };
    },

    /** The contract as the provider's print model renders it in the ERP (spec §7.2). */
    async downloadContract(tenant: Tenant, session: CustomerSession, id: string): Promise<ContractDownload> {
      const contract = await ownContract(tenant, session, id);
      const model = tenant.contracts.contractPrintModelId;
      if (!tenant.contracts.showContractDownload || !model)
        throw new AppError(404, 'CONTRACT_DOWNLOAD_UNAVAILABLE');
      const pdf = await printContract(tenant.ixc, model, contract.id);
      if (!pdf) throw new AppError(502, 'CONTRACT_DOWNLOAD_FAILED');
      return { contractBase64: pdf };
    },

    /**
     * Lei 12.007/2009: the annual debt-settlement statement of one contract and year (spec §9: this year
     * and the two before), written by the portal from the ERP's released titles.
     */
    async annualStatement(
      tenant: Tenant,
      session: CustomerSession,
      id: string,
      year: number,
    ): Promise<AnnualDebtSettlement> {
      const at = now();
      if (!isAnnualStatementYear(year, at)) throw new AppError(400, 'ANNUAL_STATEMENT_YEAR_INVALID');
      if (!tenant.contracts.showAnnualStatement) throw new AppError(404, 'ANNUAL_STATEMENT_UNAVAILABLE');
      const today = todayInSaoPaulo(at);
      const [contract, customer, rows] = await Promise.all([
        ownContract(tenant, session, id),
        findCustomerById(tenant.ixc, session.erpCustomerId),
        listTitlesDue(tenant.ixc, session.erpCustomerId, `${year}-01-01`, `${year}-12-31`),
      ]);
      if (!customer) throw contractNotFound();
      const titles = rows.map(statementTitle).filter((t) => t.contractId === contract.id && t.dueDate);
      const { legalName, cnpj } = tenant.contracts;
      const pdf = await annualStatementPdf({
        provider: {
          legalName: legalName ?? tenant.alias,
          cnpj: cnpj ? formatCpfOrCnpj(cnpj) : null,
          address: tenant.theme.address,
        },
        customer: {
          name: (customer.razao.trim() || customer.fantasia.trim()).replace(/\s+/g, ' '),
          document: formatCpfOrCnpj(customer.cnpj_cpf),
        },
        contract: { id: contract.id, planName: contract.contrato.trim() },
        settlement: annualSettlement(titles, year, today),
        issuedOn: today,
      });
      return { annualDebtSettlement: pdf };
    },
  };
}
export type ContractsService = ReturnType<typeof createContractsService>;
