import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import * as paths from '@/shared/paths';
import { useTenant } from '@/shared/tenant';
import { useNotificationPermission } from '../permission';
import { NotificationPrompt } from './permission-notices';

// Not a secret and meant to outlive the tab, unlike what secure-storage keeps: plain localStorage.
const dismissedKey = (clientId: string) => `central:${clientId}:notification-prompt-dismissed`;

function readDismissed(clientId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(clientId)) === '1';
  } catch {
    return false;
  }
}

function writeDismissed(clientId: string) {
  try {
    localStorage.setItem(dismissedKey(clientId), '1');
  } catch {
    // Storage disabled: the card just comes back next time.
  }
}

/**
 * spec §2.2 home 'a notification prompt': while this browser has not been asked (permission 'default')
 * and the subscriber has not put it off. Allowed, it goes on to choose the period.
 */
export function HomeNotificationPrompt() {
  const tenant = useTenant();
  const navigate = useNavigate();
  const { permission, request } = useNotificationPermission();
  const [dismissed, setDismissed] = useState(() => readDismissed(tenant.client_id));
  const [asking, setAsking] = useState(false);

  if (permission !== 'default' || dismissed) return null;

  const onActivate = async () => {
    setAsking(true);
    try {
      if ((await request()) === 'granted') navigate(paths.notifications);
    } finally {
      setAsking(false);
    }
  };
  const onDismiss = () => {
    writeDismissed(tenant.client_id);
    setDismissed(true);
  };

  return (
    <NotificationPrompt onActivate={() => void onActivate()} activating={asking}>
      <Button onClick={onDismiss} sx={{ flexGrow: { xs: 1, sm: 0 } }}>
        Agora não
      </Button>
    </NotificationPrompt>
  );
}
