import type { Theme } from '@central/domain';

/** The demo provider's theme as GET /api/central/theme answers it. */
export const demoTheme: Theme = {
  client_id: 'demo',
  alias: 'Fibra Demo',
  vertical_logo_url: '/brand/demo/vertical.svg',
  horizontal_logo_url: null,
  app_logo_url: '/brand/demo/app.svg',
  favicon_url: null,
  primary_color: '#0B5CAD',
  secondary_color: null,
  whatsapp_number: null,
  phone_number: null,
  contact_email: null,
  faq_url: null,
  support_type: 'os',
  support_chat: false,
  show_contract_download: true,
  show_annual_statement: true,
  legal_name: null,
  cnpj: null,
  address: null,
};
