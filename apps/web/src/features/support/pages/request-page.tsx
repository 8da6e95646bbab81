import { createSupportBody, isValidBrazilianPhone, messages } from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorState } from '@/shared/components/error-state';
import { FormTextField } from '@/shared/components/form-text-field';
import { MaskedTextField } from '@/shared/components/masked-text-field';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { isApiError } from '@/shared/http';
import * as paths from '@/shared/paths';
import { useSnackbar } from '@/shared/snackbar';
import { useTenant } from '@/shared/tenant';
import {
  customerPhoneQuery,
  supportContractsQuery,
  supportSubjectsQuery,
  useCreateSupport,
  useUploadAttachments,
} from '../api';
import { supportChatUrl } from '../chat';
import { AttachmentPicker } from '../components/attachment-picker';
import { MessageField } from '../components/message-field';
import { maskPhone } from '../format';

const TITLE = 'Solicitar Atendimento';
/** The form's fields; the contract is the customer's first (spec §7.5) unless the subscriber picks another. */
const formSchema = createSupportBody.pick({
  subject: true,
  contractId: true,
  phone_number: true,
  message: true,
});
const FIELDS = ['subject', 'contractId', 'phone_number', 'message'] as const;
type Field = (typeof FIELDS)[number];
const isField = (path: string): path is Field => (FIELDS as readonly string[]).includes(path);

/** spec §2.2: on phones, where the side menu is folded, a way to the tickets already open. */
function MyTicketsButton() {
  return (
    <Button
      component={RouterLink}
      to={paths.customerService.inProgress}
      variant="outlined"
      startIcon={<ForumOutlined />}
      sx={{ display: { md: 'none' } }}
    >
      Meus Atendimentos
    </Button>
  );
}

/** spec §2.5: the providers that take requests by chat open it instead of the form. */
function ChatRequest({ url }: { url: string }) {
  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <WhatsApp aria-hidden sx={{ fontSize: 48, color: '#1f8f4e' }} />
        <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mt: 1 }}>
          Fale com a gente pelo WhatsApp
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          As solicitações de atendimento são feitas pela nossa conversa no WhatsApp. Conte o que aconteceu e a
          nossa equipe responde por lá.
        </Typography>
        <Button
          variant="contained"
          size="large"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          startIcon={<WhatsApp />}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          Abrir conversa no WhatsApp
        </Button>
      </CardContent>
    </Card>
  );
}

function RequestForm() {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const subjects = useQuery(supportSubjectsQuery());
  const contracts = useQuery(supportContractsQuery());
  const customerPhone = useQuery(customerPhoneQuery());
  const create = useCreateSupport();
  const upload = useUploadAttachments();
  const [files, setFiles] = useState<File[]>([]);
  const form = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { subject: '', contractId: '', phone_number: '', message: '' },
  });

  // spec §7.5: the first contract, until the subscriber picks another.
  const firstContract = contracts.data?.[0]?.id;
  useEffect(() => {
    if (firstContract && !form.getValues('contractId')) form.setValue('contractId', firstContract);
  }, [firstContract, form]);

  // The phone on file fills the field in, unless the subscriber has started typing one.
  const phoneOnFile = customerPhone.data;
  useEffect(() => {
    if (phoneOnFile && isValidBrazilianPhone(phoneOnFile) && !form.getFieldState('phone_number').isDirty) {
      form.setValue('phone_number', maskPhone(phoneOnFile));
    }
  }, [phoneOnFile, form]);

  const onSubmit = form.handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: async (created) => {
        // Issue 15: the files go with the new request; the request stands even if they fail.
        if (files.length > 0) {
          try {
            await upload.mutateAsync({ supportId: created.id, files });
          } catch (error) {
            snackbar.error(
              isApiError(error, 'ATTACHMENT_INVALID') ? error.message : messages.attachmentFailed,
            );
            navigate(paths.supportTicket(created.id));
            return;
          }
        }
        snackbar.success(messages.supportRequested);
        navigate(paths.customerService.inProgress);
      },
      onError: (error) => {
        if (isApiError(error, 'NOT_AUTHENTICATED')) return;
        const issues = isApiError(error, 'VALIDATION') ? (error.issues ?? []) : [];
        const fieldIssues = issues.filter((issue) => isField(issue.path));
        if (fieldIssues.length > 0) {
          for (const issue of fieldIssues) {
            form.setError(issue.path as Field, { message: issue.message }, { shouldFocus: true });
          }
        } else if (isApiError(error, 'SUPPORT_SUBJECT_INVALID')) {
          form.setError('subject', { message: error.message }, { shouldFocus: true });
        } else if (isApiError(error, 'RATE_LIMITED')) {
          snackbar.error(error.message);
        } else {
          snackbar.error(messages.supportRequestFailed);
        }
      },
    });
  });

  const noContract = contracts.isSuccess && contracts.data.length === 0;

  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
          {subjects.isError && (
            <ErrorState
              message={messages.supportSubjectsFailed}
              onRetry={() => subjects.refetch()}
              retrying={subjects.isFetching}
            />
          )}
          {contracts.isError && (
            <ErrorState
              message={messages.contractsFailed}
              onRetry={() => contracts.refetch()}
              retrying={contracts.isFetching}
            />
          )}
          {noContract && <Alert severity="warning">{messages.noContracts}</Alert>}
          <FormTextField
            control={form.control}
            name="subject"
            select
            id="support-subject"
            label="Assunto"
            disabled={!subjects.isSuccess}
            helperText={subjects.isPending ? 'Carregando assuntos…' : undefined}
            slotProps={{
              select: { native: true },
              inputLabel: { shrink: true },
              htmlInput: { 'aria-required': true },
            }}
          >
            <option value="">Selecione um assunto</option>
            {subjects.data?.map((subject) => (
              <option key={subject.id} value={subject.id}>
                {subject.value}
              </option>
            ))}
          </FormTextField>
          {(contracts.data?.length ?? 0) > 1 && (
            <FormTextField
              control={form.control}
              name="contractId"
              select
              id="support-contract"
              label="Contrato"
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {contracts.data?.map((contract) => (
                <option key={contract.id} value={contract.id}>
                  {contract.label}
                </option>
              ))}
            </FormTextField>
          )}
          <Controller
            name="phone_number"
            control={form.control}
            render={({ field, fieldState }) => (
              <MaskedTextField
                id="support-phone"
                label="Telefone para contato"
                type="tel"
                autoComplete="tel-national"
                placeholder="(00) 00000-0000"
                mask={maskPhone}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                inputRef={field.ref}
                error={fieldState.invalid}
                helperText={fieldState.error?.message ?? 'Com DDD, para a nossa equipe falar com você.'}
                slotProps={{ htmlInput: { 'aria-required': true, inputMode: 'tel' } }}
              />
            )}
          />
          <Controller
            name="message"
            control={form.control}
            render={({ field, fieldState }) => (
              <MessageField
                id="support-message"
                label="Mensagem"
                placeholder="Conte o que aconteceu"
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
          <AttachmentPicker
            files={files}
            onChange={setFiles}
            disabled={create.isPending || upload.isPending}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={create.isPending || upload.isPending}
            disabled={!contracts.isSuccess || noContract}
            sx={{ alignSelf: { sm: 'flex-start' } }}
          >
            Solicitar atendimento
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** spec §2.2 /panel/customer-service/request ('Solicitar Atendimento'), or the chat (spec §2.5). */
export function RequestPage() {
  const chat = supportChatUrl(useTenant());
  return (
    <>
      <PageTitle>{TITLE}</PageTitle>
      <PageHeader
        title={TITLE}
        subtitle={chat ? undefined : 'Conte o que aconteceu e a nossa equipe retorna no telefone informado.'}
        actions={<MyTicketsButton />}
      />
      {chat ? <ChatRequest url={chat} /> : <RequestForm />}
    </>
  );
}
