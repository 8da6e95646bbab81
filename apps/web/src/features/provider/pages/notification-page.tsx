import {
  messages,
  type ProviderNotificationList,
  type ProviderNotificationResponse,
  providerNotificationBody,
} from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { isSessionLost } from '@/shared/back-office';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { isApiError } from '@/shared/http';
import { providerNotificationsQuery, useSendNotification } from '../api';

const TITLE = 'Notificação geral';
/** spec §5/§9: the title under 300 characters, the message under 1400. */
export const TITLE_MAX = 299;
export const MESSAGE_MAX = 1399;

type Values = { title: string; message: string };
const count = new Intl.NumberFormat('pt-BR');
const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** A text with its length under it, against the most it may have. */
function CountedField({
  control,
  name,
  max,
  ...props
}: { control: Control<Values>; name: keyof Values; max: number } & Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'error' | 'helperText'
>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          id={`notification-${name}`}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.invalid || field.value.length > max}
          helperText={
            <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <span>{fieldState.error?.message}</span>
              <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                {count.format(field.value.length)}/{count.format(max)}
              </Box>
            </Box>
          }
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
      )}
    />
  );
}

function SentList() {
  const sent = useQuery(providerNotificationsQuery());
  let content: ReactNode;
  if (sent.isPending)
    content = (
      <Box role="status" aria-label="Carregando notificações">
        <Skeleton width="50%" />
        <Skeleton width="80%" />
        <Skeleton width="40%" />
      </Box>
    );
  else if (!sent.data)
    content = (
      <ErrorState
        message="Falha ao obter as notificações enviadas"
        onRetry={() => sent.refetch()}
        retrying={sent.isFetching}
      />
    );
  else if (sent.data.length === 0)
    content = <Typography color="text.secondary">Nenhuma notificação enviada ainda.</Typography>;
  else
    content = (
      <List disablePadding>
        {sent.data.map((item: ProviderNotificationList['notifications'][number]) => (
          <ListItem key={item.id} divider sx={{ display: 'block', px: 0, py: 1.5 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.title}</Typography>
            <Typography
              variant="body2"
              sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'text.primary' }}
            >
              {item.message}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
              <time dateTime={item.created_at}>{when.format(new Date(item.created_at))}</time> ·{' '}
              {item.recipients === 1 ? '1 assinante' : `${count.format(item.recipients)} assinantes`}
            </Typography>
            <DeliveryLine delivery={item.delivery} />
          </ListItem>
        ))}
      </List>
    );
  return (
    <Card component="section" aria-labelledby="sent-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="sent-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          Últimas notificações enviadas
        </Typography>
        {content}
      </CardContent>
    </Card>
  );
}

/** Web Push delivery of one notification: in progress, or what happened to each subscription. */
function DeliveryLine({
  delivery,
}: {
  delivery: ProviderNotificationList['notifications'][number]['delivery'];
}) {
  const n = (value: number) => count.format(value);
  let text: string;
  if (delivery.subscriptions === 0) text = 'Nenhum aparelho com notificações ativadas';
  else if (delivery.status === 'sending')
    text = `Enviando… ${n(delivery.delivered + delivery.failed + delivery.removed)} de ${n(delivery.subscriptions)} aparelhos`;
  else
    text = `Entregue em ${n(delivery.delivered)} ${delivery.delivered === 1 ? 'aparelho' : 'aparelhos'} · ${n(delivery.failed)} ${delivery.failed === 1 ? 'falha' : 'falhas'} · ${n(delivery.removed)} ${delivery.removed === 1 ? 'inscrição removida' : 'inscrições removidas'}`;
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ display: 'block' }}
      role={delivery.status === 'sending' ? 'status' : undefined}
      data-testid="delivery"
    >
      {text}
    </Typography>
  );
}

/** spec §2.4 /provider: a general notification to every subscriber who turned notifications on. */
export function NotificationPage() {
  const send = useSendNotification();
  // The values being confirmed stay in the dialog while it closes.
  const [confirming, setConfirming] = useState<Values>();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<ProviderNotificationResponse>();
  const [failure, setFailure] = useState<string>();
  const form = useForm({
    resolver: zodResolver(providerNotificationBody),
    defaultValues: { title: '', message: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setFailure(undefined);
    setSent(undefined);
    setConfirming(values);
    setOpen(true);
  });

  const confirm = () => {
    if (!confirming) return;
    send.mutate(confirming, {
      onSuccess: (answer) => {
        setOpen(false);
        setSent(answer);
        form.reset({ title: '', message: '' });
      },
      onError: (error) => {
        setOpen(false);
        if (isSessionLost(error)) return;
        // spec §8: the server's texts for each field; anything else 'Falha ao se comunicar com o servidor'.
        const issues = isApiError(error, 'VALIDATION') ? (error.issues ?? []) : [];
        let onField = false;
        for (const issue of issues) {
          if (issue.path === 'title' || issue.path === 'message') {
            form.setError(issue.path, { message: issue.message }, { shouldFocus: !onField });
            onField = true;
          }
        }
        if (onField) return;
        setFailure(isApiError(error, 'NOTIFICATION_LIMIT') ? error.message : messages.generic);
      },
    });
  };

  return (
    <>
      <PageTitle>{TITLE}</PageTitle>
      <PageHeader
        title={TITLE}
        subtitle="Envie uma notificação para todos os assinantes do provedor cadastrados no portal."
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Card component="section" aria-label="Nova notificação">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
              {sent && (
                <Alert severity="success" onClose={() => setSent(undefined)}>
                  {sent.message}
                </Alert>
              )}
              {failure && <Alert severity="error">{failure}</Alert>}
              <CountedField control={form.control} name="title" max={TITLE_MAX} label="Título" />
              <CountedField
                control={form.control}
                name="message"
                max={MESSAGE_MAX}
                label="Mensagem"
                multiline
                minRows={5}
                maxRows={14}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                startIcon={<SendIcon />}
                loading={send.isPending}
                sx={{ alignSelf: { sm: 'flex-start' } }}
              >
                Enviar notificação
              </Button>
            </Stack>
          </CardContent>
        </Card>
        <SentList />
      </Box>
      <ConfirmDialog
        open={open}
        title="Enviar notificação?"
        confirmLabel="Enviar"
        loading={send.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      >
        <Stack spacing={1.5}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'text.secondary' }}>
            <NotificationsNoneOutlined aria-hidden />
            <Typography>A notificação vai para todos os assinantes e não pode ser desfeita.</Typography>
          </Box>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{confirming?.title}</Typography>
        </Stack>
      </ConfirmDialog>
    </>
  );
}
