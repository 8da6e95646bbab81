import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The action runs: the confirm button spins and neither button nor Esc closes the dialog. */
  loading?: boolean;
  color?: 'primary' | 'error';
  onConfirm: () => void;
  onClose: () => void;
};

/** A question before something that cannot be undone (a payment, a deletion). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancelar',
  loading = false,
  color = 'primary',
  onConfirm,
  onClose,
}: Props) {
  const titleId = useId();
  const close = () => {
    if (!loading) onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {title}
      </DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={close} disabled={loading} color="inherit">
          {cancelLabel}
        </Button>
        <Button variant="contained" color={color} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
