import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '@/shared/layouts/auth-layout';
import * as paths from '@/shared/paths';
import { useFirstAccess } from '../flow';

/** spec §2.1 /password-changed-successfully: the flow's end. */
export function PasswordChangedPage() {
  const firstAccess = useFirstAccess();
  return (
    <AuthLayout
      title={firstAccess ? 'Senha criada com sucesso!' : 'Senha alterada com sucesso!'}
      page={firstAccess ? 'Senha criada' : 'Senha alterada'}
      illustration={
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
          <CheckCircleOutlineIcon aria-hidden sx={{ fontSize: 72, color: 'success.main' }} />
        </Box>
      }
    >
      <Stack spacing={3}>
        <Typography align="center" color="text.secondary">
          Agora você já pode entrar na Central do Assinante com o seu CPF/CNPJ e a nova senha.
        </Typography>
        <Button component={RouterLink} to={paths.signIn} replace variant="contained" size="large" fullWidth>
          Entrar
        </Button>
      </Stack>
    </AuthLayout>
  );
}
