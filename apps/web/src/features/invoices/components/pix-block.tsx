import { messages } from '@central/domain';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '@/shared/components/error-state';
import { pixQuery } from '../api';
import { CopyButton } from './copy-button';

const QR_SIZE = { xs: 200, sm: 220 };

/** The PIX of an unpaid invoice: its QR (when the ERP sends one) and the copy-and-paste code. */
export function PixBlock({ invoiceId }: { invoiceId: string }) {
  const pix = useQuery(pixQuery(invoiceId));

  if (pix.isPending) {
    return (
      <Stack spacing={2} alignItems="center" role="status" aria-label="Carregando PIX">
        <Skeleton variant="rounded" sx={{ width: QR_SIZE, height: QR_SIZE }} />
        <Skeleton variant="rounded" width="100%" height={80} />
        <Skeleton variant="rounded" width="100%" height={40} />
      </Stack>
    );
  }
  if (pix.isError) {
    return (
      <ErrorState message={messages.pixFailed} onRetry={() => pix.refetch()} retrying={pix.isFetching} />
    );
  }

  const { code, image } = pix.data;
  return (
    <Stack spacing={2} alignItems="center">
      {image && (
        <Box
          component="img"
          src={`data:image/png;base64,${image}`}
          alt={`QR Code PIX da fatura nº ${invoiceId}`}
          sx={{
            width: QR_SIZE,
            height: QR_SIZE,
            p: 1,
            bgcolor: 'common.white',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
          }}
        />
      )}
      <TextField
        label="Código PIX copia e cola"
        value={code}
        multiline
        maxRows={4}
        size="small"
        onFocus={(event) => event.target.select()}
        slotProps={{
          htmlInput: { readOnly: true, spellCheck: false },
          input: {
            sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 },
          },
        }}
      />
      <CopyButton
        text={code}
        label="Copiar código PIX"
        confirmation={`Código PIX ${messages.copied}!`}
        size="large"
        fullWidth
      />
    </Stack>
  );
}
