import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useSyncExternalStore } from 'react';

export const OFFLINE_MESSAGE = 'Você está sem conexão. Verifique sua internet e tente novamente.';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a network connection (it says so at load and on every change). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The notice that the browser is offline: the page may have opened from the app shell's cache, and
 * nothing that needs the server will work until the connection is back. Sticky at the bottom, over the
 * fixed app bar and menus, without covering the end of the page for good.
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <Box sx={{ position: 'sticky', bottom: 0, zIndex: (theme) => theme.zIndex.snackbar }}>
      <Alert severity="warning" square>
        {OFFLINE_MESSAGE}
      </Alert>
    </Box>
  );
}
