import { useCallback, useEffect, useState } from 'react';
import { currentPermission, type Permission, pushSupported } from './push';

/**
 * spec §4 Notification permission: this browser's answer, kept current when the subscriber changes it in
 * the site settings while the page is open.
 */
export function useNotificationPermission() {
  const [permission, setPermission] = useState<Permission>(currentPermission);

  useEffect(() => {
    if (!pushSupported() || !navigator.permissions) return;
    let status: PermissionStatus | undefined;
    let gone = false;
    navigator.permissions
      .query({ name: 'notifications' })
      .then((answer) => {
        if (gone) return;
        status = answer;
        status.onchange = () => setPermission(currentPermission());
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      if (status) status.onchange = null;
    };
  }, []);

  const request = useCallback(async (): Promise<Permission> => {
    if (currentPermission() === 'unsupported') return 'unsupported';
    const answer = await Notification.requestPermission();
    setPermission(answer);
    return answer;
  }, []);

  return { permission, request };
}
