import { maskCpfOrCnpj, messages, type TocaLivrosPrefill, tocaLivrosBody } from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { ErrorState } from '@/shared/components/error-state';
import { FormMaskedTextField, FormTextField } from '@/shared/components/form-text-field';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { PasswordField } from '@/shared/components/password-field';
import { CardListSkeleton } from '@/shared/components/skeletons';
import { isApiError } from '@/shared/http';
import * as paths from '@/shared/paths';
import { useSnackbar } from '@/shared/snackbar';
import { appErrorMessage, customerAppsQuery, tocaLivrosQuery, useActivateTocaLivros } from '../api';
import { StoreLinks } from '../components/store-links';

const TITLE = 'Tocalivros';

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
const maskDdd = (value: string) => digits(value, 2);
/** 8 or 9 digits: 0000-0000 or 00000-0000. */
export const maskTelefone = (value: string) => {
  const d = digits(value, 9);
  const cut = d.length > 8 ? 5 : 4;
  return d.length > cut ? `${d.slice(0, cut)}-${d.slice(cut)}` : d;
};

function Active({ contractId }: { contractId: string }) {
  const apps = useQuery(customerAppsQuery());
  const app = apps.data?.apps.find(
    (a) => a.customer_app.integration_method === 'api_toca_livros' && a.contract.id === contractId,
  );
  return (
    <Card component="section" aria-labelledby="tocalivros-active">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'success.dark' }}>
          <CheckCircleOutline aria-hidden />
          <Typography id="tocalivros-active" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            Seu Tocalivros está ativo
          </Typography>
        </Box>
        <Typography>Entre no aplicativo com o usuário e a senha que você cadastrou.</Typography>
        {app && <StoreLinks name={TITLE} appStore={app.app_store_link} playStore={app.play_store_link} />}
      </CardContent>
    </Card>
  );
}

function ActivationForm({ prefill }: { prefill: TocaLivrosPrefill }) {
  const snackbar = useSnackbar();
  const activate = useActivateTocaLivros(prefill.contract_id);
  const form = useForm({
    resolver: zodResolver(tocaLivrosBody),
    defaultValues: {
      name: prefill.name,
      user: '',
      password: '',
      email: prefill.email ?? '',
      cpf_cnpj: maskCpfOrCnpj(prefill.cpf_cnpj),
      ddd: maskDdd(prefill.ddd ?? ''),
      telefone: maskTelefone(prefill.telefone ?? ''),
      internal_id: prefill.internal_id,
      contract_id: prefill.contract_id,
    },
  });

  const onSubmit = form.handleSubmit((body) =>
    activate.mutate(body, {
      onSuccess: (answer) => snackbar.success(answer.message || messages.tocaLivrosActivated),
      onError: (error) => {
        const message = appErrorMessage(error, messages.appActivationFailed);
        if (!message) return;
        if (isTaken(error)) form.setError('user', { message }, { shouldFocus: true });
        else snackbar.error(message);
      },
    }),
  );

  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          Confira os seus dados e escolha o usuário e a senha com que vai entrar no Tocalivros.
        </Typography>
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label="Ativar Tocalivros">
          <FormTextField
            control={form.control}
            name="name"
            id="tocalivros-name"
            label="Nome"
            autoComplete="name"
            slotProps={{ htmlInput: { 'aria-required': true, maxLength: 200 } }}
          />
          <FormTextField
            control={form.control}
            name="user"
            id="tocalivros-user"
            label="Usuário"
            autoComplete="username"
            slotProps={{ htmlInput: { 'aria-required': true, maxLength: 100 } }}
          />
          <Controller
            control={form.control}
            name="password"
            render={({ field, fieldState }) => (
              <PasswordField
                id="tocalivros-password"
                label="Senha"
                what="a senha do Tocalivros"
                autoComplete="new-password"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.invalid}
                helperText={fieldState.error?.message ?? 'De 6 a 30 caracteres.'}
              />
            )}
          />
          <FormTextField
            control={form.control}
            name="email"
            id="tocalivros-email"
            label="E-mail"
            type="email"
            autoComplete="email"
            slotProps={{ htmlInput: { 'aria-required': true, maxLength: 200 } }}
          />
          <FormMaskedTextField
            control={form.control}
            name="cpf_cnpj"
            id="tocalivros-cpf-cnpj"
            label="CPF/CNPJ"
            mask={maskCpfOrCnpj}
            slotProps={{ htmlInput: { 'aria-required': true } }}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '96px minmax(0, 1fr)' }}>
            <FormMaskedTextField
              control={form.control}
              name="ddd"
              id="tocalivros-ddd"
              label="DDD"
              mask={maskDdd}
              slotProps={{ htmlInput: { 'aria-required': true, autoComplete: 'tel-area-code' } }}
            />
            <FormMaskedTextField
              control={form.control}
              name="telefone"
              id="tocalivros-telefone"
              label="Telefone"
              type="tel"
              mask={maskTelefone}
              slotProps={{ htmlInput: { 'aria-required': true, autoComplete: 'tel-local' } }}
            />
          </Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={activate.isPending}
            sx={{ alignSelf: { sm: 'flex-start' } }}
          >
            Ativar Tocalivros
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

const isTaken = (error: unknown) => isApiError(error, 'TOCALIVROS_USER_TAKEN');

/** spec §2.2 /panel/app/tocalivros/{contract_id}/{app_id}: the book app's activation, or that it is active. */
export function TocaLivrosPage() {
  const params = useParams();
  const contractId = params.contract_id ?? '';
  const appId = params.app_id ?? '';
  const state = useQuery(tocaLivrosQuery(contractId));

  let content: ReactNode;
  if (state.data === null) content = <Active contractId={contractId} />;
  else if (state.data) content = <ActivationForm prefill={state.data} />;
  else if (state.isError) {
    content = (
      <ErrorState
        message={messages.appLoadFailed}
        onRetry={() => state.refetch()}
        retrying={state.isFetching}
      />
    );
  } else content = <CardListSkeleton count={1} />;

  return (
    <>
      <PageTitle>{TITLE}</PageTitle>
      <PageHeader title={TITLE} back={{ to: appId ? paths.app(appId, contractId) : paths.panel }} />
      {content}
    </>
  );
}
