import {
  type ActivationCriterion,
  activationCriteria,
  type IdLabel,
  type IntegrationMethod,
  integrationMethods,
  isMethodAllowed,
  messages,
  type TenantApp,
  tenantAppBody,
} from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Control, Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { isSessionLost } from '@/shared/back-office';
import { ErrorState } from '@/shared/components/error-state';
import { FormTextField } from '@/shared/components/form-text-field';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import { isApiError } from '@/shared/http';
import * as paths from '@/shared/paths';
import { useSnackbar } from '@/shared/snackbar';
import {
  type LookupKind,
  type TenantAppValues,
  tenantAppQuery,
  tenantQuery,
  useLookup,
  useSaveTenantApp,
} from '../api';
import { ImageUrlField } from '../components/fields';
import { full, SaveBar, Section } from '../components/form-layout';
import { FormIdListField, type IdListTexts } from '../components/id-list-field';
import { criterionLabels, fieldLabels as label, methodLabels } from '../labels';

/** The app form as typed: the selects start empty, so that a choice is made. */
export type AppFormValues = {
  name: string;
  image: string;
  pending_text: string;
  active_text: string;
  app_store_link: string;
  play_store_link: string;
  activation_criteria: ActivationCriterion | '';
  integration_method: IntegrationMethod | '';
  product_ids: IdLabel[];
  plan_ids: IdLabel[];
  integration_method_product_ids: IdLabel[];
};
type AppField = keyof AppFormValues;
type FormControl = Control<AppFormValues, unknown, TenantAppValues>;

const FIELDS: AppField[] = [
  'name',
  'image',
  'app_store_link',
  'play_store_link',
  'pending_text',
  'active_text',
  'activation_criteria',
  'integration_method',
  'product_ids',
  'plan_ids',
  'integration_method_product_ids',
];
const isAppField = (name: string): name is AppField => (FIELDS as string[]).includes(name);

// The same contract validates on the server.
const resolver = zodResolver(tenantAppBody) as unknown as Resolver<AppFormValues, unknown, TenantAppValues>;

function appFormDefaults(app?: TenantApp): AppFormValues {
  return {
    name: app?.name ?? '',
    image: app?.image ?? '',
    pending_text: app?.pending_text ?? '',
    active_text: app?.active_text ?? '',
    app_store_link: app?.app_store_link ?? '',
    play_store_link: app?.play_store_link ?? '',
    activation_criteria: app?.activation_criteria ?? '',
    integration_method: app?.integration_method ?? '',
    product_ids: app?.product_ids ?? [],
    plan_ids: app?.plan_ids ?? [],
    integration_method_product_ids: app?.integration_method_product_ids ?? [],
  };
}

const productTexts: IdListTexts = {
  invalid: messages.productIdInvalid,
  duplicate: messages.productDuplicate,
  notFound: (id) => `Produto ${id} não encontrado no IXC`,
  lookupFailed: (id) => `Não foi possível consultar o produto ${id} no IXC; ele foi adicionado sem nome.`,
};
const planTexts: IdListTexts = {
  invalid: messages.planIdInvalid,
  duplicate: messages.planDuplicate,
  notFound: (id) => `Plano ${id} não encontrado no IXC`,
  lookupFailed: (id) => `Não foi possível consultar o plano ${id} no IXC; ele foi adicionado sem nome.`,
};

function IdsField({
  control,
  name,
  kind,
  clientId,
  texts,
  helperText,
}: {
  control: FormControl;
  name: 'product_ids' | 'plan_ids' | 'integration_method_product_ids';
  kind: LookupKind;
  clientId: string;
  texts: IdListTexts;
  helperText: string;
}) {
  const lookup = useLookup(kind, clientId);
  return (
    <Box sx={full}>
      <FormIdListField
        control={control}
        name={name}
        label={label[name]}
        helperText={helperText}
        texts={texts}
        lookup={lookup}
      />
    </Box>
  );
}

/** A required choice, as a native select; `error` is a rule of the form's own, shown before the contract's. */
function SelectField({
  control,
  name,
  helperText,
  error,
  children,
}: {
  control: FormControl;
  name: 'activation_criteria' | 'integration_method';
  helperText: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const shown = error ?? fieldState.error?.message;
        return (
          <TextField
            select
            id={`field-${name}`}
            label={label[name]}
            required
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(shown)}
            helperText={shown ?? helperText}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {children}
          </TextField>
        );
      }}
    />
  );
}

/** The activation: criterion and method (spec §5: watchbr, ole_tv, playhub need a product or plan). */
function ActivationFields({ control, clientId }: { control: FormControl; clientId: string }) {
  const criterion = useWatch({ control, name: 'activation_criteria' });
  const method = useWatch({ control, name: 'integration_method' });
  const notAllowed = Boolean(criterion && method && !isMethodAllowed(method, criterion));
  return (
    <>
      <SelectField
        control={control}
        name="activation_criteria"
        helperText="Quais assinantes veem o aplicativo."
      >
        <option value="">Selecione um critério</option>
        {activationCriteria.map((value) => (
          <option key={value} value={value}>
            {criterionLabels[value]}
          </option>
        ))}
      </SelectField>
      <SelectField
        control={control}
        name="integration_method"
        helperText="Como o aplicativo é ativado para o assinante."
        error={notAllowed ? messages.appMethodNotAllowed : undefined}
      >
        <option value="">Selecione um método</option>
        {integrationMethods.map((value) => (
          <option key={value} value={value} disabled={criterion === 'any' && !isMethodAllowed(value, 'any')}>
            {methodLabels[value]}
          </option>
        ))}
      </SelectField>
      <IdsField
        control={control}
        name="product_ids"
        kind="product"
        clientId={clientId}
        texts={productTexts}
        helperText="IDs de produtos do IXC. Obrigatório com o critério ‘Produto no contrato’; tecle Enter para adicionar."
      />
      <IdsField
        control={control}
        name="plan_ids"
        kind="plan"
        clientId={clientId}
        texts={planTexts}
        helperText="IDs de planos do IXC. Obrigatório com o critério ‘Plano no contrato’; tecle Enter para adicionar."
      />
      <IdsField
        control={control}
        name="integration_method_product_ids"
        kind="product"
        clientId={clientId}
        texts={productTexts}
        helperText="IDs de produtos do IXC que o método de integração usa; tecle Enter para adicionar."
      />
    </>
  );
}

function AppForm({ clientId, app }: { clientId: string; app?: TenantApp }) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const save = useSaveTenantApp(clientId, app?.id);
  const form = useForm<AppFormValues, unknown, TenantAppValues>({
    resolver,
    defaultValues: appFormDefaults(app),
  });
  const appsTab = `${paths.admCustomer(clientId)}?tab=aplicativos`;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        snackbar.success(app ? messages.appEdited : messages.appCreated);
        navigate(appsTab);
      },
      onError: (error) => {
        if (isSessionLost(error)) return;
        const issues = isApiError(error, 'VALIDATION') ? (error.issues ?? []) : [];
        let focused = false;
        for (const issue of issues) {
          const field = issue.path.split('.')[0] ?? '';
          if (!isAppField(field)) continue;
          form.setError(field, { message: issue.message }, { shouldFocus: !focused });
          focused = true;
        }
        if (!focused) snackbar.error(app ? messages.appEditFailed : messages.appCreateFailed);
      },
    }),
  );

  const { control } = form;
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <Section title="Aplicativo">
          <FormTextField control={control} name="name" label={label.name} required />
          <ImageUrlField control={control} name="image" label={label.image} required />
          <FormTextField
            control={control}
            name="app_store_link"
            label={label.app_store_link}
            type="url"
            placeholder="https://apps.apple.com/..."
          />
          <FormTextField
            control={control}
            name="play_store_link"
            label={label.play_store_link}
            type="url"
            placeholder="https://play.google.com/..."
          />
        </Section>
        <Section title="Textos">
          <FormTextField
            control={control}
            name="pending_text"
            label={label.pending_text}
            required
            multiline
            minRows={3}
            helperText="Mostrado enquanto o aplicativo não está ativo para o assinante."
          />
          <FormTextField
            control={control}
            name="active_text"
            label={label.active_text}
            required
            multiline
            minRows={3}
            helperText="Mostrado quando o aplicativo está ativo."
          />
        </Section>
        <Section title="Ativação">
          <ActivationFields control={control} clientId={clientId} />
        </Section>
      </Stack>
      <SaveBar
        cancelTo={appsTab}
        saving={save.isPending}
        saveLabel={app ? 'Salvar alterações' : 'Criar aplicativo'}
      />
    </Box>
  );
}

function useTenantName(clientId: string) {
  const tenant = useQuery(tenantQuery(clientId));
  return tenant.data ? `${tenant.data.alias} · ${clientId}` : clientId;
}

/** spec §2.4 /adm/customer/{clientId}/app/add ('Novo Aplicativo'). */
export function NewAppPage() {
  const title = 'Novo Aplicativo';
  const clientId = useParams().clientId ?? '';
  const tenantName = useTenantName(clientId);
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <PageHeader
        title={title}
        subtitle={tenantName}
        back={{ to: `${paths.admCustomer(clientId)}?tab=aplicativos`, label: 'Aplicativos' }}
      />
      <AppForm clientId={clientId} />
    </>
  );
}

/** spec §2.4 /adm/customer/{clientId}/app/{appId}/edit ('Editar Aplicativo'). */
export function EditAppPage() {
  const title = 'Editar Aplicativo';
  const params = useParams();
  const clientId = params.clientId ?? '';
  const appId = params.appId ?? '';
  const tenantName = useTenantName(clientId);
  const app = useQuery(tenantAppQuery(clientId, appId));

  let content: ReactNode;
  if (app.data) content = <AppForm key={app.data.id} clientId={clientId} app={app.data} />;
  else if (app.isError)
    content = (
      <ErrorState
        message="Falha ao obter aplicativo"
        onRetry={() => app.refetch()}
        retrying={app.isFetching}
      />
    );
  else content = <CardListSkeleton />;

  return (
    <>
      <PageTitle>{title}</PageTitle>
      <PageHeader
        title={title}
        subtitle={tenantName}
        back={{ to: `${paths.admCustomer(clientId)}?tab=aplicativos`, label: 'Aplicativos' }}
      />
      {content}
    </>
  );
}
