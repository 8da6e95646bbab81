import { annualStatementYears, type Contract, formatDateBR } from '@central/domain';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { addressLines } from '../format';
import { ContractStatusChip } from './contract-status-chip';
import { UnlockButton } from './unlock-button';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

type Actions = {
  /** spec §6: the contract's PDF, unless the provider hides it. */
  showDownload: boolean;
  /** spec §6: the annual debt-settlement statement, unless the provider hides it. */
  showStatement: boolean;
  downloading: boolean;
  downloadingStatement: boolean;
  /** Another download is running: one at a time. */
  busy: boolean;
  onDownload: () => void;
  onDownloadStatement: (year: number) => void;
};

function AnnualStatement({
  contractId,
  loading,
  disabled,
  onDownload,
}: {
  contractId: string;
  loading: boolean;
  disabled: boolean;
  onDownload: (year: number) => void;
}) {
  // spec §9: the current year and the two before.
  const years = annualStatementYears();
  const [year, setYear] = useState(years[0] ?? new Date().getFullYear());
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="h3" sx={{ fontWeight: 600 }}>
        Quitação anual de débitos
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Declaração de que as faturas do ano foram pagas.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          select
          id={`statement-year-${contractId}`}
          label="Ano"
          size="small"
          value={String(year)}
          onChange={(event) => setYear(Number(event.target.value))}
          slotProps={{ select: { native: true } }}
          sx={{ width: 104, flexShrink: 0 }}
          fullWidth={false}
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() => onDownload(year)}
          loading={loading}
          loadingPosition="start"
          disabled={disabled}
          sx={{ flexGrow: { xs: 1, sm: 0 }, whiteSpace: 'nowrap' }}
        >
          Baixar quitação
        </Button>
      </Box>
    </Box>
  );
}

/** spec §3 Contract: plan, activation, address, status and services, with what can be done with it. */
export function ContractCard({ contract, actions }: { contract: Contract; actions: Actions }) {
  const captionId = useId();
  const titleId = useId();
  const address = addressLines(contract.address);

  return (
    <Card component="article" aria-labelledby={`${captionId} ${titleId}`}>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        {/* The chip shares the caption's row, so that a long plan name keeps the card's whole width. */}
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          <Typography id={captionId} variant="body2" color="text.secondary">
            Contrato nº {contract.id}
          </Typography>
          <ContractStatusChip contract={contract} />
        </Box>
        <Typography
          id={titleId}
          component="h2"
          variant="h6"
          sx={{ fontWeight: 700, lineHeight: 1.3, mt: 0.5, overflowWrap: 'anywhere' }}
        >
          {contract.planName || 'Plano sem nome'}
        </Typography>

        <Box
          component="dl"
          sx={{
            display: 'grid',
            gap: 2,
            mt: 2,
            mb: 0,
            gridTemplateColumns: { xs: '1fr', sm: 'max-content minmax(0, 1fr)' },
            columnGap: 4,
          }}
        >
          <Field label="Ativação">
            {contract.activationDate ? formatDateBR(contract.activationDate) : 'Não ativado'}
          </Field>
          <Field label="Endereço de instalação">
            {address.length > 0
              ? address.map((line) => (
                  <Box component="span" key={line} sx={{ display: 'block' }}>
                    {line}
                  </Box>
                ))
              : '—'}
          </Field>
        </Box>

        <Typography component="h3" variant="body2" color="text.secondary" sx={{ mt: 2, mb: 0.75 }}>
          Serviços
        </Typography>
        {contract.services.length > 0 ? (
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
          >
            {contract.services.map((service) => (
              <li key={service.id}>
                <Chip label={service.name} variant="outlined" size="small" sx={{ maxWidth: '100%' }} />
              </li>
            ))}
          </Box>
        ) : (
          <Typography>Nenhum serviço neste contrato.</Typography>
        )}

        {(contract.blocked || actions.showDownload) && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2.5 }}>
            {contract.blocked && <UnlockButton contract={contract} sx={{ flexGrow: { xs: 1, sm: 0 } }} />}
            {actions.showDownload && (
              <Button
                variant="outlined"
                startIcon={<FileDownloadOutlined />}
                onClick={actions.onDownload}
                loading={actions.downloading}
                loadingPosition="start"
                disabled={actions.busy && !actions.downloading}
                sx={{ flexGrow: { xs: 1, sm: 0 } }}
              >
                Baixar contrato
              </Button>
            )}
          </Box>
        )}
      </Box>
      {actions.showStatement && (
        <>
          <Divider />
          <Box sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'action.hover' }}>
            <AnnualStatement
              contractId={contract.id}
              loading={actions.downloadingStatement}
              disabled={actions.busy && !actions.downloadingStatement}
              onDownload={actions.onDownloadStatement}
            />
          </Box>
        </>
      )}
    </Card>
  );
}
