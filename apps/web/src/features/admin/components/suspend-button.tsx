import { messages, type TenantDetails } from '@central/domain';
import BlockIcon from '@mui/icons-material/Block';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutline';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { isSessionLost } from '@/shared/back-office';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { useSnackbar } from '@/shared/snackbar';
import { useSuspendTenant } from '../api';

/** spec §4: a provider is 'deleted' by suspending it: its portal shows the not-found page until reactivated. */
export function SuspendButton({ tenant }: { tenant: TenantDetails }) {
  const [open, setOpen] = useState(false);
  const snackbar = useSnackbar();
  const suspend = useSuspendTenant(tenant.client_id);
  const reactivating = tenant.suspended;

  const confirm = () =>
    suspend.mutate(!reactivating, {
      onSuccess: () => {
        setOpen(false);
        snackbar.success(reactivating ? messages.tenantReactivated : messages.tenantSuspended);
      },
      onError: (error) => {
        setOpen(false);
        if (isSessionLost(error)) return;
        snackbar.error(
          reactivating
            ? `Falha ao reativar cliente: ${tenant.alias}`
            : `Falha ao excluir cliente: ${tenant.alias}`, // spec §8: 'deleted' is suspended (§4)
        );
      },
    });

  return (
    <>
      <Button
        variant="outlined"
        color={reactivating ? 'primary' : 'error'}
        startIcon={reactivating ? <PlayCircleOutline /> : <BlockIcon />}
        onClick={() => setOpen(true)}
      >
        {reactivating ? 'Reativar' : 'Suspender'}
      </Button>
      <ConfirmDialog
        open={open}
        title={reactivating ? 'Reativar cliente?' : 'Suspender cliente?'}
        confirmLabel={reactivating ? 'Reativar' : 'Suspender'}
        color={reactivating ? 'primary' : 'error'}
        loading={suspend.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      >
        <Typography>
          {reactivating
            ? `O portal de ${tenant.alias} volta a abrir para os assinantes.`
            : `O portal de ${tenant.alias} deixa de abrir para os assinantes, que passam a ver “Provedor não encontrado”, até o cliente ser reativado.`}
        </Typography>
      </ConfirmDialog>
    </>
  );
}
