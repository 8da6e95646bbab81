import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, type ReactNode, use, useCallback, useMemo, useRef, useState } from 'react';

/** spec §9: error snackbars hide after 3.5 s, the others after 2 to 3 s; at most 5 wait their turn. */
const AUTO_HIDE_MS: Record<AlertColor, number> = { error: 3500, warning: 3500, info: 3000, success: 2500 };
const MAX_QUEUED = 5;
/** spec §9: copy confirmations hide after 2 s. */
export const COPY_CONFIRMATION_MS = 2000;

type Notice = { id: number; message: string; severity: AlertColor; autoHideDuration: number };
type Notify = (message: string, severity?: AlertColor, options?: { autoHideDuration?: number }) => void;

const SnackbarContext = createContext<Notify | null>(null);

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Notice[]>([]);
  const [open, setOpen] = useState(true);
  const nextId = useRef(0);

  const notify = useCallback<Notify>((message, severity = 'info', options) => {
    const notice = {
      id: nextId.current++,
      message,
      severity,
      autoHideDuration: options?.autoHideDuration ?? AUTO_HIDE_MS[severity],
    };
    setQueue((current) => [...current, notice].slice(-MAX_QUEUED));
  }, []);

  const current = queue[0];
  const close = (_event: unknown, reason?: string) => {
    if (reason !== 'clickaway') setOpen(false);
  };
  const next = () => {
    setQueue((items) => items.slice(1));
    setOpen(true);
  };

  return (
    <SnackbarContext value={notify}>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open={open}
          autoHideDuration={current.autoHideDuration}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          slotProps={{ transition: { onExited: next } }}
        >
          <Alert severity={current.severity} variant="filled" onClose={close} sx={{ width: '100%' }}>
            {current.message}
          </Alert>
        </Snackbar>
      )}
    </SnackbarContext>
  );
}

export function useSnackbar() {
  const notify = use(SnackbarContext);
  if (!notify) throw new Error('useSnackbar must be used under SnackbarProvider');
  return useMemo(
    () => ({
      notify,
      error: (message: string) => notify(message, 'error'),
      warning: (message: string) => notify(message, 'warning'),
      /** Successes hide after 2.5 s (spec §9 'card'). */
      success: (message: string) => notify(message, 'success'),
      /** A copy to the clipboard: 2 s (spec §9). */
      copied: (message: string) => notify(message, 'success', { autoHideDuration: COPY_CONFIRMATION_MS }),
    }),
    [notify],
  );
}
