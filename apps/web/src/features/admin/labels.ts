import type { ActivationCriterion, IntegrationMethod, TenantAudit } from '@central/domain';

/** spec §3 Tenant app, §9: the activation criteria. */
export const criterionLabels: Record<ActivationCriterion, string> = {
  any: 'Qualquer contrato',
  product_in_contract: 'Produto no contrato',
  plan_in_contract: 'Plano no contrato',
};

/** spec §4: the integration methods, by the partner or behaviour each stands for. */
export const methodLabels: Record<IntegrationMethod, string> = {
  watchbr: 'Watch Brasil (watchbr)',
  ole_tv: 'Olé TV (ole_tv)',
  playhub: 'Playhub (playhub)',
  login_sva: 'Login SVA (login_sva)',
  display_only: 'Somente exibição (display_only)',
  api_atp_box: 'ATP Box (api_atp_box)',
  api_toca_livros: 'Tocalivros (api_toca_livros)',
  add_product_in_contract: 'Produto no contrato (add_product_in_contract)',
};

type AuditAction = TenantAudit['entries'][number]['action'];
export const auditActionLabels: Record<AuditAction, string> = {
  create: 'Cliente criado',
  edit: 'Cliente editado',
  suspend: 'Cliente suspenso',
  reactivate: 'Cliente reativado',
  provider_password: 'Senha do provedor alterada',
  app_create: 'Aplicativo criado',
  app_edit: 'Aplicativo editado',
  app_remove: 'Aplicativo removido',
};

/** The form's labels, also used to name the fields of an audit entry. */
export const fieldLabels = {
  client_id: 'Client ID',
  alias: 'Nome do provedor (alias)',
  vertical_logo_url: 'URL do logo vertical',
  horizontal_logo_url: 'URL do logo horizontal',
  favicon_url: 'URL do favicon',
  app_logo_url: 'URL do logo do app',
  primary_color: 'Cor primária',
  secondary_color: 'Cor secundária',
  address: 'Endereço',
  whatsapp_number: 'WhatsApp',
  phone_number: 'Telefone',
  contact_email: 'E-mail de contato',
  faq_url: 'URL do FAQ',
  ixc_domain: 'Domínio do IXC',
  ixc_access_token: 'Token do IXC',
  invoice_window_days: 'Janela de faturas a pagar (dias)',
  offline_sign_in_days: 'Acesso com o IXC fora do ar (dias)',
  settlement_filial_id: 'ID da filial (IXC)',
  settlement_account_id: 'ID da conta (IXC)',
  settlement_planning_id: 'ID do planejamento (IXC)',
  cielo_merchant_id: 'Merchant ID',
  cielo_merchant_key: 'Merchant Key',
  cielo_api_url: 'URL da API da Cielo',
  cielo_query_url: 'URL de consulta da Cielo',
  show_contract_download: 'Mostrar download do contrato',
  show_annual_statement: 'Mostrar quitação anual',
  contract_print_model_id: 'ID do modelo de impressão',
  legal_name: 'Razão social',
  cnpj: 'CNPJ',
  ixc_acs_url: 'URL do ACS',
  ixc_acs_issuer: 'Emissor do ACS (issuer)',
  ixc_acs_private_key: 'Chave privada do ACS',
  support_type: 'Tipo de suporte',
  support_chat: 'Solicitações pelo WhatsApp',
  subjects: 'Assuntos',
  department_id: 'ID do departamento',
  process_id: 'ID do processo',
  message_event_id: 'ID do evento de mensagem',
  apps_static_catalogue: 'Catálogo fixo de streaming',
  watch_url: 'URL da API do Watch Brasil',
  watch_token: 'Token do Watch Brasil',
  playhub_url: 'URL da API do Playhub',
  playhub_token: 'Token do Playhub',
  oletv_url: 'URL da API da Olé TV',
  oletv_token: 'Token da Olé TV',
  tocalivros_url: 'URL da API da Tocalivros',
  tocalivros_token: 'Token da Tocalivros',
  nextcloud_url: 'URL do Nextcloud',
  nextcloud_user: 'Usuário do Nextcloud',
  nextcloud_app_password: 'Senha de aplicativo do Nextcloud',
  cloud_quota_gb: 'Quota total do ATP Box por contrato (GB)',
  provider_password: 'Senha do provedor',
  suspended: 'Suspenso',
  name: 'Nome',
  image: 'URL da imagem',
  pending_text: 'Texto pendente',
  active_text: 'Texto ativo',
  app_store_link: 'Link da App Store',
  play_store_link: 'Link da Play Store',
  activation_criteria: 'Critério de ativação',
  integration_method: 'Método de integração',
  product_ids: 'Produtos',
  plan_ids: 'Planos',
  integration_method_product_ids: 'Produtos do método de integração',
} as const;

/** A field's label in an audit entry; a field the form does not know keeps its name. */
export const fieldLabel = (field: string): string =>
  (fieldLabels as Record<string, string | undefined>)[field] ?? field;
