import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/**
 * spec §4 'default shows a prompt': what the reminders are, and the button that makes the browser ask.
 * `children` adds other actions (the home's 'Agora não').
 */
export function NotificationPrompt({
  onActivate,
  activating = false,
  children,
}: {
  onActivate: () => void;
  activating?: boolean;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <Box sx={{ display: 'flex', gap: 2, p: { xs: 2, sm: 3 }, alignItems: 'flex-start' }}>
        <Box
          aria-hidden
          sx={{
            display: { xs: 'none', sm: 'grid' },
            placeItems: 'center',
            flexShrink: 0,
            width: 48,
            height: 48,
            borderRadius: '50%',
            bgcolor: 'action.hover',
            color: 'primary.main',
          }}
        >
          <NotificationsActiveOutlined />
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            Receba lembretes das suas faturas
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Ative as notificações neste aparelho e avisamos você alguns dias antes de cada vencimento, além
            dos comunicados importantes do seu provedor.
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            <Button
              variant="contained"
              onClick={onActivate}
              loading={activating}
              sx={{ flexGrow: { xs: 1, sm: 0 } }}
            >
              Ativar notificações
            </Button>
            {children}
          </Box>
        </Box>
      </Box>
    </Card>
  );
}

/** spec §4 'not granted shows a hint with instructions'. */
export function DeniedHint() {
  return (
    <Alert severity="warning" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
      <AlertTitle>As notificações estão bloqueadas neste navegador</AlertTitle>
      Para receber os lembretes, permita as notificações deste site:
      <Box component="ol" sx={{ m: 0, mt: 1, pl: 2.5 }}>
        <li>toque no cadeado (ou no ícone de ajustes) ao lado do endereço do site;</li>
        <li>abra as permissões ou configurações do site;</li>
        <li>em Notificações, escolha Permitir;</li>
        <li>recarregue esta página.</li>
      </Box>
    </Alert>
  );
}

/** A browser without Web Push (older ones; on iPhones, outside a web app added to the home screen). */
export function UnsupportedNotice() {
  return (
    <Alert severity="info" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
      <AlertTitle>Seu navegador não permite notificações</AlertTitle>
      Para receber lembretes das faturas, use uma versão atual do Chrome, Edge, Firefox ou Safari. No iPhone,
      adicione a Central à tela de início pelo botão Compartilhar do Safari e abra-a por lá.
    </Alert>
  );
}
