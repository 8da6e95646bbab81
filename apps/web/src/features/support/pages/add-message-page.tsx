import { canAddSupportMessage, createSupportMessageBody, messages } from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardSkeleton } from '@/shared/components/skeletons';
import { isApiError } from '@/shared/http';
import * as paths from '@/shared/paths';
import { useSnackbar } from '@/shared/snackbar';
import { supportDetailsQuery, useAddSupportMessage, useUploadAttachments } from '../api';
import { AttachmentPicker } from '../components/attachment-picker';
import { MessageField } from '../components/message-field';
import { isSupportId, isSupportNotFound } from '../ids';

const TITLE = 'Nova Mensagem no Atendimento';
const formSchema = createSupportMessageBody.pick({ message: true });

function MessageForm({
  supportId,
  subject,
  protocol,
}: {
  supportId: string;
  subject: string;
  protocol: string;
}) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const add = useAddSupportMessage();
  const upload = useUploadAttachments();
  const [files, setFiles] = useState<File[]>([]);
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: { message: '' } });

  const onSubmit = form.handleSubmit(({ message }) =>
    add.mutate(
      { supportId, message },
      {
        onSuccess: async ({ message: added }) => {
          // Issue 15: the files go with the message just added; the message stands even if they fail.
          if (files.length > 0) {
            try {
              await upload.mutateAsync({ supportId, messageId: added.id, files });
            } catch (error) {
              snackbar.error(
                isApiError(error, 'ATTACHMENT_INVALID') ? error.message : messages.attachmentFailed,
              );
              navigate(paths.supportTicket(supportId), { replace: true });
              return;
            }
          }
          snackbar.success(messages.supportMessageAdded);
          navigate(paths.supportTicket(supportId), { replace: true });
        },
        onError: (error) => {
          if (isApiError(error, 'NOT_AUTHENTICATED')) return;
          const issue = isApiError(error, 'VALIDATION')
            ? error.issues?.find((i) => i.path === 'message')
            : undefined;
          if (issue) form.setError('message', { message: issue.message }, { shouldFocus: true });
          else if (isApiError(error, 'SUPPORT_CLOSED') || isApiError(error, 'RATE_LIMITED'))
            snackbar.error(error.message);
          else snackbar.error(messages.supportMessageFailed);
        },
      },
    ),
  );

  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {subject || 'Atendimento'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          Protocolo {protocol}
        </Typography>
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
          <Controller
            name="message"
            control={form.control}
            render={({ field, fieldState }) => (
              <MessageField
                id="support-new-message"
                label="Mensagem"
                placeholder="Escreva a sua mensagem"
                autoFocus
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                inputRef={field.ref}
                errorText={fieldState.error?.message}
                slotProps={{ htmlInput: { 'aria-required': true } }}
              />
            )}
          />
          <AttachmentPicker files={files} onChange={setFiles} disabled={add.isPending || upload.isPending} />
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5}>
            <Button component={RouterLink} to={paths.supportTicket(supportId)} color="inherit" size="large">
              Cancelar
            </Button>
            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={add.isPending || upload.isPending}
            >
              Enviar mensagem
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** spec §2.2 /panel/customer-service/{id}/add-message: only while the ticket is in progress (spec §4). */
export function AddMessagePage() {
  const { supportId = '' } = useParams();
  const valid = isSupportId(supportId);
  const details = useQuery({ ...supportDetailsQuery(supportId), enabled: valid });

  let content: ReactNode;
  if (!valid || (details.isError && isSupportNotFound(details.error))) {
    content = <ErrorState message={messages.supportNotFound} />;
  } else if (details.isPending) {
    content = <CardSkeleton lines={5} label="Carregando atendimento" />;
  } else if (details.isError) {
    content = (
      <ErrorState
        message={messages.supportsFailed}
        onRetry={() => details.refetch()}
        retrying={details.isFetching}
      />
    );
  } else if (!canAddSupportMessage(details.data.support.status)) {
    content = (
      <Alert severity="info" sx={{ maxWidth: 640 }}>
        {messages.supportClosed}
      </Alert>
    );
  } else {
    const { support } = details.data;
    content = <MessageForm supportId={support.id} subject={support.subject} protocol={support.protocolo} />;
  }

  return (
    <>
      <PageTitle>{TITLE}</PageTitle>
      <PageHeader
        title={TITLE}
        back={{ to: valid ? paths.supportTicket(supportId) : paths.customerService.inProgress }}
      />
      {content}
    </>
  );
}
