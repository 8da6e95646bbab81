import {
  appPartners,
  type ConnectionCheckBody,
  messages,
  type TenantDetails,
  tenantCreateBody,
  tenantEditBody,
} from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { type Control, Controller, type Resolver, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { isSessionLost } from '@/shared/back-office';
import { FormTextField } from '@/shared/components/form-text-field';
import { isApiError } from '@/shared/http';
import * as paths from '@/shared/paths';
import { useSnackbar } from '@/shared/snackbar';
import { type TenantCreateValues, useCreateTenant, useEditTenant, useLookup } from '../api';
import { fieldLabels as label } from '../labels';
import {
  firstInvalid,
  isTenantField,
  secretFields,
  type TenantField,
  type TenantFormValues,
  type TenantTab,
  tabOf,
  tenantFormDefaults,
} from '../tenant-form';
import { ConnectionCheck } from './connection-check';
import { ColorField, ImageUrlField, SecretField, SwitchField } from './fields';
import { full, SaveBar, Section } from './form-layout';
import { FormIdListField } from './id-list-field';

type FormControl = Control<TenantFormValues, unknown, TenantCreateValues>;

// The same contracts validate on the server; on edit the client id is fixed and blank secrets are kept.
const createResolver = zodResolver(tenantCreateBody) as unknown as Resolver<
  TenantFormValues,
  unknown,
  TenantCreateValues
>;
const editResolver = zodResolver(tenantEditBody) as unknown as Resolver<
  TenantFormValues,
  unknown,
  TenantCreateValues
>;

type TextName = { [K in TenantField]: TenantFormValues[K] extends string ? K : never }[TenantField];

// Addresses and ids are typed as they are: no capital first letter, no spelling marks.
const verbatim = { htmlInput: { autoCapitalize: 'none', spellCheck: false } } as const;

/** The id of a record in the provider's IXC: digits, typed on the numeric keyboard. */
function IdField({
  control,
  name,
  helperText,
}: {
  control: FormControl;
  name: TextName;
  helperText?: string;
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={label[name]}
      helperText={helperText}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}

function UrlField({
  control,
  name,
  placeholder = 'https://',
}: {
  control: FormControl;
  name: TextName;
  placeholder?: string;
}) {
  return (
    <FormTextField control={control} name={name} label={label[name]} type="url" placeholder={placeholder} />
  );
}

/** A write-only secret, masked when the tenant has one stored. */
function Secret({
  control,
  name,
  tenant,
  ...props
}: {
  control: FormControl;
  name: (typeof secretFields)[number];
  tenant?: TenantDetails;
  required?: boolean;
  multiline?: boolean;
  helperText?: string;
  storedHint?: string;
}) {
  return (
    <SecretField
      control={control}
      name={name}
      label={label[name]}
      stored={Boolean(tenant?.secrets[name])}
      {...props}
    />
  );
}

function MainFields({
  control,
  tenant,
  checkBody,
}: {
  control: FormControl;
  tenant?: TenantDetails;
  checkBody: (kind: ConnectionCheckBody['kind']) => ConnectionCheckBody;
}) {
  return (
    <Stack spacing={2.5}>
      <Section title="Identificação" description="Como o provedor aparece para os assinantes.">
        {!tenant && (
          <FormTextField
            control={control}
            name="client_id"
            label={label.client_id}
            required
            helperText="O início do endereço do portal (ex.: acme em acme.seudominio.com.br). Não pode ser alterado."
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, autoComplete: 'off' } }}
          />
        )}
        <FormTextField control={control} name="alias" label={label.alias} required />
      </Section>

      <Section title="Marca" description="Logos (endereços de imagens) e cores do portal do provedor.">
        <ImageUrlField control={control} name="vertical_logo_url" label={label.vertical_logo_url} required />
        <ImageUrlField control={control} name="horizontal_logo_url" label={label.horizontal_logo_url} />
        <ImageUrlField control={control} name="favicon_url" label={label.favicon_url} />
        <ImageUrlField control={control} name="app_logo_url" label={label.app_logo_url} />
        <ColorField control={control} name="primary_color" label={label.primary_color} required />
        <ColorField control={control} name="secondary_color" label={label.secondary_color} />
      </Section>

      <Section title="Contato" description="Mostrados no topo do painel, no atendimento e nos termos de uso.">
        <Box sx={full}>
          <FormTextField control={control} name="address" label={label.address} />
        </Box>
        <FormTextField
          control={control}
          name="whatsapp_number"
          label={label.whatsapp_number}
          type="tel"
          placeholder="(00) 00000-0000"
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
        />
        <FormTextField
          control={control}
          name="phone_number"
          label={label.phone_number}
          type="tel"
          placeholder="(00) 0000-0000 ou 0800"
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
        />
        <FormTextField
          control={control}
          name="contact_email"
          label={label.contact_email}
          type="email"
          slotProps={verbatim}
        />
        <UrlField control={control} name="faq_url" />
      </Section>

      <Section title="IXC" description="O ERP do provedor: clientes, contratos, faturas e atendimentos.">
        <FormTextField
          control={control}
          name="ixc_domain"
          label={label.ixc_domain}
          required
          placeholder="ixc.provedor.com.br"
          slotProps={verbatim}
        />
        <Secret
          control={control}
          name="ixc_access_token"
          tenant={tenant}
          required={!tenant}
          helperText="No formato id:token do usuário do webservice."
        />
        <Box sx={full}>
          <ConnectionCheck target="o IXC" body={() => checkBody('erp')} />
        </Box>
        <FormTextField
          control={control}
          name="invoice_window_days"
          label={label.invoice_window_days}
          type="number"
          helperText="Quantos dias à frente a lista de faturas a pagar mostra (1 a 120)."
          slotProps={{ htmlInput: { min: 1, max: 120, inputMode: 'numeric' } }}
        />
        <FormTextField
          control={control}
          name="offline_sign_in_days"
          label={label.offline_sign_in_days}
          type="number"
          helperText="Com o IXC fora do ar, o assinante entra com a última situação conhecida até esta idade (0 a 30; 0 desliga)."
          slotProps={{ htmlInput: { min: 0, max: 30, inputMode: 'numeric' } }}
        />
      </Section>

      <Section title="Contratos" description="O que o assinante pode baixar na página de contratos.">
        <SwitchField
          control={control}
          name="show_contract_download"
          label={label.show_contract_download}
          helperText="Precisa do modelo de impressão do IXC."
        />
        <SwitchField
          control={control}
          name="show_annual_statement"
          label={label.show_annual_statement}
          helperText="Declaração anual de quitação de débitos."
        />
        <IdField
          control={control}
          name="contract_print_model_id"
          helperText="O modelo de impressão do contrato no IXC."
        />
        <FormTextField control={control} name="legal_name" label={label.legal_name} />
        <FormTextField
          control={control}
          name="cnpj"
          label={label.cnpj}
          placeholder="00.000.000/0000-00"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Section>

      <Section
        title="Cartão de crédito"
        description="Pagamento com cartão (Cielo). Só é oferecido com as três contas de baixa do IXC preenchidas."
      >
        <Box
          sx={{ ...full, display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}
        >
          <IdField control={control} name="settlement_filial_id" />
          <IdField control={control} name="settlement_account_id" />
          <IdField control={control} name="settlement_planning_id" />
        </Box>
        <FormTextField
          control={control}
          name="cielo_merchant_id"
          label={label.cielo_merchant_id}
          slotProps={verbatim}
        />
        <Secret control={control} name="cielo_merchant_key" tenant={tenant} />
        <UrlField
          control={control}
          name="cielo_api_url"
          placeholder="https://api.cieloecommerce.cielo.com.br"
        />
        <UrlField
          control={control}
          name="cielo_query_url"
          placeholder="https://apiquery.cieloecommerce.cielo.com.br"
        />
        <Box sx={full}>
          <ConnectionCheck target="o gateway de cartão" body={() => checkBody('card')} />
        </Box>
      </Section>

      <Section title="ACS" description="Gerenciamento dos roteadores dos assinantes (Seus Dispositivos).">
        <UrlField control={control} name="ixc_acs_url" />
        <FormTextField control={control} name="ixc_acs_issuer" label={label.ixc_acs_issuer} />
        <Box sx={full}>
          <Secret control={control} name="ixc_acs_private_key" tenant={tenant} multiline />
        </Box>
        {/* Standing advice, not news: no live region. */}
        <Alert severity="info" icon={<InfoOutlined />} role="note" sx={full}>
          Para remover o ACS, preencha “-” nos três campos: URL, emissor e chave privada.
        </Alert>
        <Box sx={full}>
          <ConnectionCheck target="o ACS" body={() => checkBody('acs')} />
        </Box>
      </Section>
    </Stack>
  );
}

function SupportFields({ control, clientId }: { control: FormControl; clientId?: string }) {
  const lookupSubject = useLookup('subject', clientId ?? '');
  return (
    <Section title="Atendimento" description="Como os assinantes pedem atendimento no portal.">
      <Controller
        control={control}
        name="support_type"
        render={({ field }) => (
          <TextField
            select
            id="field-support_type"
            label={label.support_type}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            helperText="Onde as solicitações são abertas no IXC."
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="os">Ordem de serviço</option>
            <option value="customer_service">Atendimento</option>
          </TextField>
        )}
      />
      <SwitchField
        control={control}
        name="support_chat"
        label={label.support_chat}
        helperText="‘Solicitar Atendimento’ abre a conversa no WhatsApp do provedor em vez do formulário."
      />
      <Box sx={full}>
        <FormIdListField
          control={control}
          name="subjects"
          label={label.subjects}
          helperText={
            clientId
              ? 'Digite o ID do assunto no IXC e tecle Enter para adicionar.'
              : 'Digite o ID do assunto no IXC e tecle Enter. Os nomes são buscados no IXC depois que o cliente for criado.'
          }
          texts={{
            invalid: messages.subjectIdInvalid,
            duplicate: messages.subjectDuplicate,
            notFound: (id) => `Assunto ${id} não encontrado no IXC`,
            lookupFailed: (id) =>
              `Não foi possível consultar o assunto ${id} no IXC; ele foi adicionado sem nome.`,
          }}
          lookup={clientId ? lookupSubject : undefined}
        />
      </Box>
      <IdField control={control} name="department_id" />
      <IdField control={control} name="process_id" />
      <IdField
        control={control}
        name="message_event_id"
        helperText="O evento com que a mensagem de um assinante entra na ordem de serviço."
      />
    </Section>
  );
}

/** A heading inside a section, across both columns. */
function Subheading({ children }: { children: ReactNode }) {
  return (
    <Typography component="h3" variant="subtitle2" sx={{ ...full, fontWeight: 700, mb: -1 }}>
      {children}
    </Typography>
  );
}

/** The value-added apps' settings: the partners' APIs, the cloud box, the fixed catalogue. */
function AppsFields({ control, tenant }: { control: FormControl; tenant?: TenantDetails }) {
  return (
    <Section
      title="Integrações dos aplicativos"
      description="As APIs dos parceiros de conteúdo e a nuvem (ATP Box) que os aplicativos abaixo usam. Tokens e senhas não são mostrados de novo."
    >
      <Box sx={full}>
        <SwitchField
          control={control}
          name="apps_static_catalogue"
          label={label.apps_static_catalogue}
          helperText="Mostra o catálogo fixo de streaming, escolhido pelos produtos do contrato."
        />
      </Box>
      <Subheading>Parceiros de conteúdo</Subheading>
      {appPartners.map((partner) => (
        <Fragment key={partner}>
          <UrlField control={control} name={`${partner}_url`} />
          <Secret
            control={control}
            name={`${partner}_token`}
            tenant={tenant}
            storedHint="Token salvo — deixe em branco para manter"
          />
        </Fragment>
      ))}
      <Subheading>ATP Box (Nextcloud)</Subheading>
      <UrlField control={control} name="nextcloud_url" />
      <FormTextField
        control={control}
        name="nextcloud_user"
        label={label.nextcloud_user}
        slotProps={verbatim}
      />
      <Secret
        control={control}
        name="nextcloud_app_password"
        tenant={tenant}
        storedHint="Senha salva — deixe em branco para manter"
      />
      <FormTextField
        control={control}
        name="cloud_quota_gb"
        label={label.cloud_quota_gb}
        type="number"
        helperText="O total que os usuários de um contrato dividem. Vazio: sem limite."
        slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
      />
      {/* Standing advice, not news: no live region. */}
      <Alert severity="info" icon={<InfoOutlined />} role="note" sx={full}>
        Para remover um parceiro ou o Nextcloud, apague a URL: o token ou a senha salvos são removidos junto.
      </Alert>
    </Section>
  );
}

const TABS: { value: TenantTab; label: string }[] = [
  { value: 'principal', label: 'Principal' },
  { value: 'suporte', label: 'Suporte' },
  { value: 'aplicativos', label: 'Aplicativos' },
];

/**
 * spec §2.4: the tenant form, tabs 'Principal', 'Suporte' and, when editing, 'Aplicativos' (the apps'
 * integrations, then the list of apps, which are saved on their own pages). The form's tabs stay mounted
 * (hidden), so one save sends the whole form; a failing field's tab is shown and the field focused.
 */
export function TenantForm({ tenant, apps }: { tenant?: TenantDetails; apps?: ReactNode }) {
  const editing = tenant !== undefined;
  const clientId = tenant?.client_id;
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [searchParams] = useSearchParams();
  const tabs = TABS.filter((t) => editing || t.value !== 'aplicativos');
  const [tab, setTab] = useState<TenantTab>(
    () => tabs.find((t) => t.value === searchParams.get('tab'))?.value ?? 'principal',
  );
  const create = useCreateTenant();
  const edit = useEditTenant(clientId ?? '');
  const form = useForm<TenantFormValues, unknown, TenantCreateValues>({
    resolver: editing ? editResolver : createResolver,
    defaultValues: tenantFormDefaults(tenant),
    shouldFocusError: false,
  });

  // A failing field's tab is shown first; once its panel is rendered, the field takes the focus.
  const [toFocus, setToFocus] = useState<{ field: TenantField }>();
  useEffect(() => {
    if (toFocus) form.setFocus(toFocus.field);
  }, [toFocus, form]);
  const showField = (field: TenantField) => {
    setTab(tabOf(field));
    setToFocus({ field });
  };

  const checkBody = (kind: ConnectionCheckBody['kind']): ConnectionCheckBody => {
    const v = form.getValues();
    const base = { client_id: clientId };
    if (kind === 'erp')
      return { kind, ...base, ixc_domain: v.ixc_domain, ixc_access_token: v.ixc_access_token };
    if (kind === 'acs')
      return {
        kind,
        ...base,
        ixc_acs_url: v.ixc_acs_url,
        ixc_acs_issuer: v.ixc_acs_issuer,
        ixc_acs_private_key: v.ixc_acs_private_key,
      };
    return {
      kind,
      ...base,
      cielo_query_url: v.cielo_query_url,
      cielo_merchant_id: v.cielo_merchant_id,
      cielo_merchant_key: v.cielo_merchant_key,
    };
  };

  const onError = (error: unknown) => {
    if (isSessionLost(error)) return;
    if (isApiError(error) && error.status === 409) {
      form.setError('client_id', { message: messages.tenantClientIdTaken });
      showField('client_id');
      snackbar.error(messages.tenantClientIdTaken);
      return;
    }
    if (isApiError(error, 'ACS_INVALID')) {
      form.setError('ixc_acs_url', { message: messages.acsInvalid });
      showField('ixc_acs_url');
      snackbar.error(messages.acsInvalid);
      return;
    }
    const issues = isApiError(error, 'VALIDATION') ? (error.issues ?? []) : [];
    const onFields = issues
      .map((issue) => ({ field: issue.path.split('.')[0] ?? '', message: issue.message }))
      .filter((issue): issue is { field: TenantField; message: string } => isTenantField(issue.field));
    for (const issue of onFields) form.setError(issue.field, { message: issue.message });
    const first = onFields[0];
    if (first) showField(first.field);
    if (isApiError(error, 'VALIDATION')) snackbar.error(first?.message ?? error.message);
    else snackbar.error(editing ? messages.tenantEditFailed : messages.tenantCreateFailed);
  };

  const onSubmit = form.handleSubmit(
    (values) => {
      if (editing) {
        edit.mutate(values, {
          onSuccess: () => {
            snackbar.success(messages.tenantEdited);
            // The secrets are kept by the server; their fields go blank again ('Deixe em branco para manter').
            const blank = Object.fromEntries(secretFields.map((field) => [field, '']));
            form.reset({ ...form.getValues(), ...blank });
          },
          onError,
        });
      } else {
        create.mutate(values, {
          onSuccess: () => {
            snackbar.success(messages.tenantCreated);
            navigate(paths.admCustomer(values.client_id), { replace: true });
          },
          onError,
        });
      }
    },
    (errors) => {
      const first = firstInvalid(errors);
      if (first) showField(first);
    },
  );

  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_, value: TenantTab) => setTab(value)}
          aria-label="Seções do cliente"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {tabs.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              label={t.label}
              id={`tenant-tab-${t.value}`}
              aria-controls={`tenant-panel-${t.value}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Box
          role="tabpanel"
          id="tenant-panel-principal"
          aria-labelledby="tenant-tab-principal"
          hidden={tab !== 'principal'}
        >
          <MainFields control={form.control} tenant={tenant} checkBody={checkBody} />
        </Box>
        <Box
          role="tabpanel"
          id="tenant-panel-suporte"
          aria-labelledby="tenant-tab-suporte"
          hidden={tab !== 'suporte'}
        >
          <SupportFields control={form.control} clientId={clientId} />
        </Box>
        {editing && (
          <Box
            role="tabpanel"
            id="tenant-panel-aplicativos"
            aria-labelledby="tenant-tab-aplicativos"
            hidden={tab !== 'aplicativos'}
          >
            <AppsFields control={form.control} tenant={tenant} />
          </Box>
        )}
        <SaveBar
          cancelTo={paths.admCustomers}
          saving={create.isPending || edit.isPending}
          saveLabel={editing ? 'Salvar alterações' : 'Criar cliente'}
        />
      </Box>
      {/* The apps are saved on their own pages: outside the form, below its save. */}
      {editing && tab === 'aplicativos' && <Box sx={{ mt: 4 }}>{apps}</Box>}
    </>
  );
}
