import { type ConnectionCheckBody, connectionCheckBody, messages } from '@central/domain';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { isSessionLost } from '@/shared/back-office';
import { isApiError } from '@/shared/http';
import { useConnectionCheck } from '../api';

type Result = { ok: boolean; message: string };

/**
 * 'Testar conexão' (beyond the spec): one harmless call to the ERP, the ACS or the card gateway with the
 * values on the form (a stored secret is used when its field is blank), and the answer's message.
 */
export function ConnectionCheck({ target, body }: { target: string; body: () => ConnectionCheckBody }) {
  const check = useConnectionCheck();
  const [result, setResult] = useState<Result>();

  const run = () => {
    setResult(undefined);
    const parsed = connectionCheckBody.safeParse(body());
    if (!parsed.success) {
      setResult({ ok: false, message: parsed.error.issues[0]?.message ?? messages.invalidRequest });
      return;
    }
    check.mutate(parsed.data, {
      onSuccess: setResult,
      onError: (error) => {
        if (isSessionLost(error)) return;
        setResult({ ok: false, message: isApiError(error) ? error.message : messages.generic });
      },
    });
  };

  return (
    <Box>
      <Button
        variant="outlined"
        startIcon={<NetworkCheckIcon />}
        onClick={run}
        loading={check.isPending}
        aria-label={`Testar conexão com ${target}`}
      >
        Testar conexão
      </Button>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} sx={{ mt: 1.5 }}>
          {result.message}
        </Alert>
      )}
    </Box>
  );
}
