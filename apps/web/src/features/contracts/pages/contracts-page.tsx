import { type Contract, messages } from '@central/domain';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '@/shared/components/empty-state';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import { useSnackbar } from '@/shared/snackbar';
import { useTenant } from '@/shared/tenant';
import {
  contractErrorMessage,
  contractsQuery,
  useDownloadAnnualStatement,
  useDownloadContract,
} from '../api';
import { ContractCard } from '../components/contract-card';

const TITLE = 'Contratos';

/** spec §2.2 /panel/financial/contracts: the contracts, their PDFs, annual statements and trust unlock. */
export function ContractsPage() {
  const tenant = useTenant();
  const snackbar = useSnackbar();
  const contracts = useQuery(contractsQuery());
  const download = useDownloadContract();
  const statement = useDownloadAnnualStatement();
  const busy = download.isPending || statement.isPending;

  const onDownload = (contract: Contract) =>
    download.mutate(contract.id, {
      onSuccess: () => snackbar.success(messages.contractDownloaded),
      onError: (error) => {
        const message = contractErrorMessage(error, 'download');
        if (message) snackbar.error(message);
      },
    });

  const onDownloadStatement = (contract: Contract, year: number) =>
    statement.mutate(
      { contractId: contract.id, year },
      {
        onSuccess: () => snackbar.success(messages.annualStatementDownloaded),
        onError: (error) => {
          const message = contractErrorMessage(error, 'statement');
          if (message) snackbar.error(message);
        },
      },
    );

  let content: ReactNode;
  if (contracts.isPending) {
    content = <CardListSkeleton />;
  } else if (contracts.isError) {
    content = (
      <ErrorState
        message={messages.contractsFailed}
        onRetry={() => contracts.refetch()}
        retrying={contracts.isFetching}
      />
    );
  } else if (contracts.data.length === 0) {
    content = <EmptyState icon={<ArticleOutlined />} message={messages.noContracts} />;
  } else {
    content = (
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {contracts.data.map((contract) => (
          <ContractCard
            key={contract.id}
            contract={contract}
            actions={{
              showDownload: tenant.show_contract_download,
              showStatement: tenant.show_annual_statement,
              downloading: download.isPending && download.variables === contract.id,
              downloadingStatement: statement.isPending && statement.variables?.contractId === contract.id,
              busy,
              onDownload: () => onDownload(contract),
              onDownloadStatement: (year) => onDownloadStatement(contract, year),
            }}
          />
        ))}
      </Box>
    );
  }

  return (
    <>
      <PageTitle>{TITLE}</PageTitle>
      <PageHeader title={TITLE} subtitle="Seus planos, endereços de instalação e documentos." />
      {content}
    </>
  );
}
