import { type Contract, contractLabel } from '@central/domain';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { useSnackbar } from '@/shared/snackbar';
import { contractErrorMessage, useUnlockContract } from '../api';

type Props = {
  contract: Pick<Contract, 'id' | 'planName'>;
} & Pick<ButtonProps, 'variant' | 'size' | 'fullWidth' | 'sx'>;

/** spec §4: the trust unlock of a blocked contract, confirmed first; the ERP's answer shown by its type. */
export function UnlockButton({ contract, variant = 'contained', ...props }: Props) {
  const snackbar = useSnackbar();
  const unlock = useUnlockContract();
  const [open, setOpen] = useState(false);

  const onConfirm = () =>
    unlock.mutate(contract.id, {
      onSuccess: (answer) => {
        setOpen(false);
        if (answer.type === 'success') snackbar.success(answer.message);
        else snackbar.error(answer.message);
      },
      onError: (error) => {
        setOpen(false);
        const message = contractErrorMessage(error, 'unlock');
        if (message) snackbar.error(message);
      },
    });

  return (
    <>
      <Button
        variant={variant}
        color="warning"
        startIcon={<LockOpenOutlined />}
        onClick={() => setOpen(true)}
        {...props}
      >
        Desbloqueio de confiança
      </Button>
      <ConfirmDialog
        open={open}
        title="Desbloqueio de confiança"
        confirmLabel="Desbloquear"
        loading={unlock.isPending}
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      >
        <Typography>
          O desbloqueio de confiança libera a conexão do contrato <strong>{contractLabel(contract)}</strong>{' '}
          por um período definido pelo seu provedor, enquanto você regulariza as faturas em aberto.
        </Typography>
        <Typography sx={{ mt: 1.5 }}>Deseja solicitar o desbloqueio agora?</Typography>
      </ConfirmDialog>
    </>
  );
}
