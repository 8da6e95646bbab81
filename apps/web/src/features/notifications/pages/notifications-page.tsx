import { messages } from '@central/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardSkeleton } from '@/shared/components/skeletons';
import { isApiError } from '@/shared/http';
import { useSnackbar } from '@/shared/snackbar';
import { notificationConfigQuery, subscriptionQuery, useSaveNotificationConfig } from '../api';
import { PeriodForm } from '../components/period-form';
import { DeniedHint, NotificationPrompt, UnsupportedNotice } from '../components/permission-notices';
import { useNotificationPermission } from '../permission';

const TITLE = 'Notificações';

function FormCard({ children }: { children: ReactNode }) {
  return (
    <Card component="section" aria-label="Lembretes de fatura">
      <Box sx={{ p: { xs: 2, sm: 3 } }}>{children}</Box>
    </Card>
  );
}

/** Allowed: this browser's subscription, what it saved, and the period to change. */
function GrantedSettings() {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const subscription = useQuery(subscriptionQuery(queryClient));
  const config = useQuery(notificationConfigQuery(subscription.data));
  const save = useSaveNotificationConfig();

  if (subscription.isError || config.isError) {
    const failed = subscription.isError ? subscription : config;
    return (
      <ErrorState
        message={messages.notificationConfigLoadFailed}
        onRetry={() => failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  }
  if (!subscription.data || config.isPending)
    return <CardSkeleton lines={5} label="Carregando notificações" />;

  const onSave = (invoiceRange: number) => {
    const current = subscription.data;
    save.mutate(
      { subscription: current, invoiceRange },
      {
        onSuccess: () => snackbar.success(messages.notificationConfigSaved),
        onError: (error) => {
          // The session's end is handled for the whole app (back to /).
          if (!isApiError(error, 'NOT_AUTHENTICATED')) snackbar.error(messages.notificationConfigSaveFailed);
        },
      },
    );
  };

  return (
    <FormCard>
      <PeriodForm
        saved={config.data?.notification_config.invoice_range}
        saving={save.isPending}
        onSave={onSave}
      />
    </FormCard>
  );
}

/** spec §2.2 /panel/notifications and §4 Notification permission: prompt, hint, or the saved settings. */
export function NotificationsPage() {
  const { permission, request } = useNotificationPermission();

  let content: ReactNode;
  if (permission === 'unsupported') {
    content = <UnsupportedNotice />;
  } else if (permission === 'default') {
    content = <NotificationPrompt onActivate={() => void request()} />;
  } else if (permission === 'denied') {
    content = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <DeniedHint />
        <FormCard>
          <PeriodForm disabled />
        </FormCard>
      </Box>
    );
  } else {
    content = <GrantedSettings />;
  }

  return (
    <>
      <PageTitle>{TITLE}</PageTitle>
      <PageHeader title={TITLE} subtitle="Lembretes das suas faturas neste aparelho, antes do vencimento." />
      <Box sx={{ maxWidth: 640 }}>{content}</Box>
    </>
  );
}
