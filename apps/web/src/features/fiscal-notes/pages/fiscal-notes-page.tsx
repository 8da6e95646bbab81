import { type FiscalNote, formatCents, formatDateBR, messages } from '@central/domain';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/shared/components/empty-state';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import { isApiError } from '@/shared/http';
import { useSnackbar } from '@/shared/snackbar';
import { fiscalNotesQuery, useDownloadFiscalNote } from '../api';
import { addMonths, clampMonth, MONTH_NAMES, monthLabel, monthRange } from '../months';

const TYPE_DESCRIPTIONS: Record<FiscalNote['tipo'], string> = {
  SVA: 'Serviço de valor adicionado',
  SCM: 'Serviço de comunicação multimídia',
  'NFS-e': 'Nota fiscal de serviço eletrônica',
};

function MonthPicker({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const { first, last } = monthRange();
  const [year, monthNumber] = month.split('-') as [string, string];
  const firstYear = Number(first.slice(0, 4));
  const lastYear = Number(last.slice(0, 4));
  const years = Array.from({ length: lastYear - firstYear + 1 }, (_, i) => String(lastYear - i));
  const pick = (y: string, m: string) => onChange(clampMonth(`${y}-${m}`, { first, last }));

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 } }}>
      <IconButton
        size="small"
        aria-label="Mês anterior"
        onClick={() => onChange(addMonths(month, -1))}
        disabled={month <= first}
      >
        <ChevronLeftIcon />
      </IconButton>
      <TextField
        select
        id="nf-month"
        label="Mês"
        size="small"
        value={monthNumber}
        onChange={(event) => pick(year, event.target.value)}
        slotProps={{ select: { native: true } }}
        sx={{ flex: 1, minWidth: 0 }}
      >
        {MONTH_NAMES.map((name, i) => {
          const value = String(i + 1).padStart(2, '0');
          const ym = `${year}-${value}`;
          return (
            <option key={value} value={value} disabled={ym < first || ym > last}>
              {name}
            </option>
          );
        })}
      </TextField>
      <TextField
        select
        id="nf-year"
        label="Ano"
        size="small"
        value={year}
        onChange={(event) => pick(event.target.value, monthNumber)}
        slotProps={{ select: { native: true } }}
        sx={{ width: { xs: 88, sm: 112 }, flexShrink: 0 }}
      >
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </TextField>
      <IconButton
        size="small"
        aria-label="Próximo mês"
        onClick={() => onChange(addMonths(month, 1))}
        disabled={month >= last}
      >
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}

function NoteItem({
  note,
  downloading,
  disabled,
  onDownload,
}: {
  note: FiscalNote;
  downloading: boolean;
  disabled: boolean;
  onDownload: () => void;
}) {
  return (
    <Card component="li" sx={{ listStyle: 'none' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: { xs: 'stretch', sm: 'center' },
          flexDirection: { xs: 'column', sm: 'row' },
          gap: { xs: 1.5, sm: 2 },
          p: { xs: 2, sm: 2.5 },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexGrow: 1, minWidth: 0 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
              <Chip
                label={note.tipo}
                size="small"
                title={TYPE_DESCRIPTIONS[note.tipo]}
                sx={(theme) => ({
                  fontWeight: 600,
                  color: 'primary.dark',
                  bgcolor: alpha(theme.palette.primary.main, 0.1),
                })}
              />
              <Typography component="span" sx={{ fontWeight: 600 }}>
                NF nº {note.numero}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              Emitida em {formatDateBR(note.data_emissao)} · {TYPE_DESCRIPTIONS[note.tipo]}
            </Typography>
          </Box>
          <Typography sx={{ fontWeight: 700, fontSize: '1.125rem', whiteSpace: 'nowrap' }}>
            {formatCents(note.valor)}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={onDownload}
          loading={downloading}
          loadingPosition="start"
          disabled={disabled}
          aria-label={`Baixar nota fiscal nº ${note.numero}`}
          sx={{ flexShrink: 0 }}
        >
          Baixar
        </Button>
      </Box>
    </Card>
  );
}

/** spec §2.2 /panel/financial/nfs: the fiscal notes of a month, from February 2014 to this month. */
export function FiscalNotesPage() {
  const snackbar = useSnackbar();
  const [params, setParams] = useSearchParams();
  const month = clampMonth(params.get('mes'));
  const notes = useQuery(fiscalNotesQuery(month));
  const download = useDownloadFiscalNote();

  const setMonth = (next: string) => setParams({ mes: next }, { replace: true });
  const onDownload = (note: FiscalNote) =>
    download.mutate(
      { note, month },
      {
        onError: (error) => {
          if (!isApiError(error, 'NOT_AUTHENTICATED')) snackbar.error(messages.downloadFailed);
        },
      },
    );

  let content: ReactNode;
  if (notes.isPending) {
    content = <CardListSkeleton />;
  } else if (notes.isError) {
    content = (
      <ErrorState message={messages.nfsFailed} onRetry={() => notes.refetch()} retrying={notes.isFetching} />
    );
  } else if (notes.data.length === 0) {
    content = <EmptyState icon={<DescriptionOutlined />} message={messages.noNfs} />;
  } else {
    content = (
      <Stack
        component="ul"
        spacing={1.5}
        sx={{ p: 0, m: 0 }}
        aria-label={`Notas fiscais de ${monthLabel(month)}`}
      >
        {notes.data.map((note) => (
          <NoteItem
            key={note.id}
            note={note}
            downloading={download.isPending && download.variables?.note.id === note.id}
            disabled={download.isPending && download.variables?.note.id !== note.id}
            onDownload={() => onDownload(note)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageTitle>Notas Fiscais</PageTitle>
      <PageHeader
        title="Notas Fiscais"
        subtitle="Escolha o mês de emissão para ver e baixar as suas notas."
      />
      <Card sx={{ p: { xs: 1, sm: 1.5 }, mb: 3, maxWidth: { sm: 480 } }}>
        <MonthPicker month={month} onChange={setMonth} />
      </Card>
      <Typography component="h2" variant="h6" aria-live="polite" sx={{ fontWeight: 600, mb: 1.5 }}>
        Notas de {monthLabel(month)}
      </Typography>
      {content}
    </>
  );
}
