import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { copyText } from '@/shared/clipboard';
import { useSnackbar } from '@/shared/snackbar';

function CopyValue({ label, value }: { label: string; value: string }) {
  const snackbar = useSnackbar();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await copyText(value);
    } catch {
      snackbar.error('Não foi possível copiar. Selecione o texto e copie manualmente.');
      return;
    }
    setCopied(true);
    snackbar.copied(`${label} copiado!`);
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontFamily: 'monospace', fontWeight: 600, overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      </Box>
      <IconButton onClick={copy} aria-label={`Copiar ${label.toLowerCase()}`}>
        {copied ? <CheckIcon /> : <ContentCopyIcon />}
      </IconButton>
    </Box>
  );
}

/** The login an activation created (login_sva): shown this once, the server keeps no way to show it again. */
export function LoginOnce({ login, password }: { login: string; password: string }) {
  return (
    <Alert severity="info" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <AlertTitle>Seus dados de acesso</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        Anote ou copie agora: a senha não será mostrada novamente.
      </Typography>
      <Box sx={{ display: 'grid', gap: 1 }}>
        <CopyValue label="Login" value={login} />
        <CopyValue label="Senha" value={password} />
      </Box>
    </Alert>
  );
}
