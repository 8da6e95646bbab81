import {
  annualDebtSettlementResponse,
  type Contract,
  contractDownloadResponse,
  contractListResponse,
  contractUnlockResponse,
  messages,
} from '@central/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveFile } from '@/shared/download';
import { api, isApiError } from '@/shared/http';

export const contractKeys = {
  all: ['contracts'] as const,
  list: ['contracts', 'list'] as const,
};

/** GET /customer/list/contracts: every contract with its address, status and services. */
export const contractsQuery = () =>
  queryOptions({
    queryKey: contractKeys.list,
    queryFn: async ({ signal }): Promise<Contract[]> =>
      (await api('/customer/list/contracts', { schema: contractListResponse, signal })).contracts,
    staleTime: 30_000,
  });

const pdf = (base64: string, filename: string) =>
  saveFile({ base64, filename, contentType: 'application/pdf' });

/** GET /customer/download/contract/{id}: the contract's PDF, saved as contrato-{id}.pdf. */
export function useDownloadContract() {
  return useMutation({
    mutationFn: async (contractId: string) => {
      const { contractBase64 } = await api(`/customer/download/contract/${encodeURIComponent(contractId)}`, {
        schema: contractDownloadResponse,
      });
      pdf(contractBase64, `contrato-${contractId}.pdf`);
    },
  });
}

/** GET /customer/contract/{id}/annual-debt-settlement?year=: the year's statement (Lei 12.007/2009) as a PDF. */
export function useDownloadAnnualStatement() {
  return useMutation({
    mutationFn: async ({ contractId, year }: { contractId: string; year: number }) => {
      const { annualDebtSettlement } = await api(
        `/customer/contract/${encodeURIComponent(contractId)}/annual-debt-settlement?year=${year}`,
        { schema: annualDebtSettlementResponse },
      );
      pdf(annualDebtSettlement, `quitacao-anual-${year}-contrato-${contractId}.pdf`);
    },
  });
}

/**
 * GET /customer/contracts/unlock/{id}: the ERP's answer, a success or a refusal with its own text
 * (spec §8); either way the list is reloaded, since the ERP may have changed the contract.
 */
export function useUnlockContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contractId: string) =>
      api(`/customer/contracts/unlock/${encodeURIComponent(contractId)}`, { schema: contractUnlockResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
}

/** spec §8 Contracts: the API's own text when it says why; the spec's failure text otherwise. */
export function contractErrorMessage(
  error: unknown,
  action: 'download' | 'statement' | 'unlock',
): string | undefined {
  // The session's end is handled for the whole app (back to /).
  if (isApiError(error, 'NOT_AUTHENTICATED')) return undefined;
  const explained = {
    download: ['CONTRACT_DOWNLOAD_UNAVAILABLE', 'CONTRACT_NOT_FOUND', 'RATE_LIMITED'],
    statement: [
      'ANNUAL_STATEMENT_UNAVAILABLE',
      'ANNUAL_STATEMENT_YEAR_INVALID',
      'CONTRACT_NOT_FOUND',
      'RATE_LIMITED',
    ],
    unlock: ['CONTRACT_NOT_BLOCKED', 'CONTRACT_NOT_FOUND', 'RATE_LIMITED'],
  }[action];
  if (isApiError(error) && explained.includes(error.code)) return error.message;
  return {
    download: messages.contractDownloadFailed,
    statement: messages.annualStatementFailed,
    unlock: messages.contractUnlockFailed,
  }[action];
}
