import { messages, type OleTvCheck, oleTvRecoveryBody, oleTvRecoverySent } from '@central/domain';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import LiveTvOutlined from '@mui/icons-material/LiveTvOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import { isApiError } from '@/shared/http';
import * as paths from '@/shared/paths';
import { useSnackbar } from '@/shared/snackbar';
import {
  appErrorMessage,
  customerAppsQuery,
  oleTvCheckQuery,
  useActivateOleTv,
  useRecoverOleTvPassword,
} from '../api';
import { StoreLinks } from '../components/store-links';

const TITLE = 'Olé TV';

type Outcome = { severity: 'success' | 'warning' | 'error'; message: string };

/** spec §2.3 TV app, §8: the password recovery, the e-mail on file filled in. */
function RecoveryDialog({
  open,
  onClose,
  email: initialEmail,
  contractId,
}: {
  open: boolean;
  onClose: () => void;
  email: string;
  contractId: string;
}) {
  const titleId = useId();
  const recover = useRecoverOleTvPassword();
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = oleTvRecoveryBody.safeParse({ email, contractId });
    if (!body.success) {
      setEmailError(body.error.issues[0]?.message ?? messages.emailInvalid);
      return;
    }
    setEmailError(null);
    setOutcome(null);
    recover.mutate(body.data, {
      onSuccess: () => setOutcome({ severity: 'success', message: oleTvRecoverySent(body.data.email) }),
      onError: (error) => {
        if (isApiError(error, 'NOT_AUTHENTICATED')) return;
        setOutcome(
          isApiError(error, 'OLETV_RECOVERY_NOT_FOUND')
            ? { severity: 'warning', message: messages.oleTvRecoveryNotFound }
            : { severity: 'error', message: messages.oleTvRecoveryFailed },
        );
      },
    });
  };
  const close = () => {
    if (!recover.isPending) onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
          Recuperar senha do Olé TV
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography>Enviaremos as instruções para criar uma nova senha ao e-mail abaixo.</Typography>
          <TextField
            id="oletv-recovery-email"
            label="E-mail"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={emailError !== null}
            helperText={emailError}
            slotProps={{ htmlInput: { 'aria-required': true, maxLength: 200 } }}
            sx={{ mt: 1 }}
          />
          {outcome && (
            <Alert severity={outcome.severity} role="status">
              {outcome.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={close} disabled={recover.isPending} color="inherit">
            Fechar
          </Button>
          <Button type="submit" variant="contained" loading={recover.isPending}>
            Enviar
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function Active({ check, contractId }: { check: OleTvCheck; contractId: string }) {
  const [recovering, setRecovering] = useState(false);
  const apps = useQuery(customerAppsQuery());
  const app =
    apps.data?.apps.find(
      (a) => a.customer_app.integration_method === 'ole_tv' && a.contract.id === contractId,
    ) ?? apps.data?.apps.find((a) => a.customer_app.integration_method === 'ole_tv');
  return (
    <Card component="section" aria-labelledby="oletv-active">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'success.dark' }}>
          <CheckCircleOutline aria-hidden />
          <Typography id="oletv-active" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            Seu Olé TV está ativo
          </Typography>
        </Box>
        {check.customerEmail && (
          <Box>
            <Typography variant="body2" color="text.secondary">
              E-mail de acesso
            </Typography>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{check.customerEmail}</Typography>
          </Box>
        )}
        {app && <StoreLinks name={TITLE} appStore={app.app_store_link} playStore={app.play_store_link} />}
        <Button
          variant="outlined"
          startIcon={<LockResetOutlined />}
          onClick={() => setRecovering(true)}
          sx={{ alignSelf: { sm: 'flex-start' } }}
        >
          Recuperar senha
        </Button>
        {recovering && (
          <RecoveryDialog
            open
            onClose={() => setRecovering(false)}
            email={check.customerEmail ?? ''}
            contractId={contractId}
          />
        )}
      </CardContent>
    </Card>
  );
}

function NotActive({ contractId }: { contractId: string }) {
  const snackbar = useSnackbar();
  const activate = useActivateOleTv();
  const onActivate = () =>
    activate.mutate(contractId, {
      onSuccess: (answer) => snackbar.success(answer.message || messages.oleTvActivated),
      onError: (error) => {
        const message = appErrorMessage(error, messages.oleTvActivationFailed);
        if (!message) return;
        if (isApiError(error, 'OLETV_ALREADY_ACTIVE') || isApiError(error, 'OLETV_EMAIL_IN_USE')) {
          snackbar.warning(message);
        } else snackbar.error(message);
      },
    });
  return (
    <Card component="section" aria-labelledby="oletv-inactive">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <LiveTvOutlined color="primary" aria-hidden />
          <Typography id="oletv-inactive" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            Ative o seu Olé TV
          </Typography>
        </Box>
        <Typography color="text.secondary">{messages.oleTvReleaseTime}</Typography>
        <Button
          variant="contained"
          size="large"
          onClick={onActivate}
          loading={activate.isPending}
          disabled={!contractId}
          sx={{ alignSelf: { sm: 'flex-start' } }}
        >
          Ativar Olé TV
        </Button>
      </CardContent>
    </Card>
  );
}

/** spec §2.2 /panel/app/atplus-oletv and /panel/app/ole-tv/{contract_id}/{app_id}, §2.3 TV app. */
export function OleTvPage() {
  const params = useParams();
  const check = useQuery(oleTvCheckQuery());
  const contractId = params.contract_id ?? check.data?.contractId ?? '';

  let content: ReactNode;
  if (check.data) {
    content = check.data.hasOletv ? (
      <Active check={check.data} contractId={contractId} />
    ) : (
      <NotActive contractId={contractId} />
    );
  } else if (check.isError) {
    content = (
      <ErrorState
        message={messages.appLoadFailed}
        onRetry={() => check.refetch()}
        retrying={check.isFetching}
      />
    );
  } else content = <CardListSkeleton count={1} />;

  const back =
    params.app_id && params.contract_id ? paths.app(params.app_id, params.contract_id) : paths.panel;
  return (
    <>
      <PageTitle>{TITLE}</PageTitle>
      <PageHeader title={TITLE} back={{ to: back }} />
      {content}
    </>
  );
}
