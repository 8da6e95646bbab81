import { z } from 'zod';

/**
 * The fields the portal takes from each IXC table. These schemas are the allow-list: zod drops every
 * other key, so secret fields that IXC returns (cliente.senha, senha_hotsite_md5, token_app,
 * radusuarios.senha...) never leave the adapter. IXC sends every value as a string, sometimes absent.
 */
const str = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v == null ? '' : String(v)));

export const ixcCustomer = z.object({
  id: str,
  razao: str,
  fantasia: str,
  cnpj_cpf: str,
  tipo_pessoa: str,
  ativo: str,
  email: str,
  hotsite_email: str,
  telefone_celular: str,
  fone: str,
  whatsapp: str,
  cep: str,
  endereco: str,
  numero: str,
  bairro: str,
  cidade: str,
  uf: str,
  complemento: str,
  /** YYYY-MM-DD, '0000-00-00' when not filled in (a streaming partner needs it) */
  data_nascimento: str,
});
export type IxcCustomer = z.infer<typeof ixcCustomer>;

export const ixcInvoice = z.object({
  id: str,
  id_cliente: str,
  id_contrato: str,
  id_contrato_avulso: str,
  status: str,
  valor: str,
  valor_recebido: str,
  valor_aberto: str,
  data_vencimento: str,
  pagamento_data: str,
  pagamento_valor: str,
  tipo_recebimento: str,
  pix_txid: str,
  tipo_pagamento_cartao: str,
  nn_boleto: str,
  linha_digitavel: str,
  /** 'S' released to the customer; 'N' not yet (never shown). */
  liberado: str,
});
export type IxcInvoice = z.infer<typeof ixcInvoice>;

export const ixcFiscalNote = z.object({
  id: str,
  id_cliente: str,
  id_contrato: str,
  numero_nf: str,
  id_tipo_documento: str,
  status: str,
  valor_total: str,
  data_emissao: str,
});
export type IxcFiscalNote = z.infer<typeof ixcFiscalNote>;

export const ixcContract = z.object({
  id: str,
  id_cliente: str,
  contrato: str,
  status: str,
  status_internet: str,
  data_ativacao: str,
  endereco_padrao_cliente: str,
  cep: str,
  endereco: str,
  numero: str,
  bairro: str,
  cidade: str,
  complemento: str,
  desbloqueio_confianca: str,
  /** the branch the contract belongs to (a service order is opened there) */
  id_filial: str,
  /** the sale plan (`vd_contratos`) the contract sells; '0' when none */
  id_vd_contrato: str,
});
export type IxcContract = z.infer<typeof ixcContract>;

/** IXC's cities: `cliente.cidade` and `cliente_contrato.cidade` hold the id of one. */
export const ixcCity = z.object({ id: str, nome: str });
export type IxcCity = z.infer<typeof ixcCity>;

/** A customer's ticket ("atendimento", support_type customer_service). */
export const ixcTicket = z.object({
  id: str,
  tipo: str,
  id_cliente: str,
  id_contrato: str,
  id_assunto: str,
  titulo: str,
  protocolo: str,
  menssagem: str,
  data_criacao: str,
  /** the ticket's state: N, P, EP, S (solved), C (canceled); '' on old tickets, then `status` says */
  su_status: str,
  status: str,
});
export type IxcTicket = z.infer<typeof ixcTicket>;

/** An interaction on a ticket; `visibilidade_mensagens` 'PR' is a staff-only note. */
export const ixcTicketMessage = z.object({
  id: str,
  id_ticket: str,
  id_cliente: str,
  mensagem: str,
  mensagem_ticket: str,
  visibilidade_mensagens: str,
  su_status: str,
  data: str,
  /** who wrote it (`funcionarios`): '0' or empty for the customer; IXC also names it `operador` */
  id_operador: str,
  operador: str,
});
export type IxcTicketMessage = z.infer<typeof ixcTicketMessage>;

/** A service order ("OS", support_type os); its contract is `id_contrato_kit`, its department `setor`. */
export const ixcServiceOrder = z.object({
  id: str,
  tipo: str,
  id_cliente: str,
  id_contrato_kit: str,
  id_assunto: str,
  protocolo: str,
  mensagem: str,
  data_abertura: str,
  data_fechamento: str,
  status: str,
});
export type IxcServiceOrder = z.infer<typeof ixcServiceOrder>;

/** An interaction on a service order. */
export const ixcServiceOrderMessage = z.object({
  id: str,
  id_chamado: str,
  mensagem: str,
  data: str,
  status: str,
  id_tecnico: str,
  id_operador: str,
});
export type IxcServiceOrderMessage = z.infer<typeof ixcServiceOrderMessage>;

/** Support subjects, shared by tickets and service orders. */
export const ixcSubject = z.object({
  id: str,
  assunto: str,
  descricao: str,
  ativo: str,
  mostra_hotsite: str,
});
export type IxcSubject = z.infer<typeof ixcSubject>;

/** The provider's staff, who answer tickets: only the name leaves the adapter. */
export const ixcEmployee = z.object({ id: str, funcionario: str });
export type IxcEmployee = z.infer<typeof ixcEmployee>;

/**
 * A RADIUS login (`radusuarios`): `autenticacao` L is a PPPoE login, H hotspot, M MAC address; `online`
 * is S, N, SS (no status) or I. Its `senha` and `senha_rede_sem_fio` are never taken.
 */
export const ixcRadiusLogin = z.object({
  id: str,
  id_cliente: str,
  id_contrato: str,
  login: str,
  ativo: str,
  autenticacao: str,
  online: str,
  /** the address of the open connection, '' when offline */
  ip: str,
  /** when the last connection started, local time ('0000-00-00 00:00:00' if never) */
  ultima_conexao_inicial: str,
});
export type IxcRadiusLogin = z.infer<typeof ixcRadiusLogin>;

/**
 * A RADIUS accounting row (`radacct`, FreeRADIUS's columns): octets from the NAS's side, so input is the
 * subscriber's upload and output their download. An open session's `acctstoptime` is empty or the zero
 * date. The NAS, the session ids and the router's MAC (`callingstationid`) are not taken.
 */
export const ixcAccountingRow = z.object({
  radacctid: str,
  username: str,
  acctstarttime: str,
  acctupdatetime: str,
  acctstoptime: str,
  acctsessiontime: str,
  acctinputoctets: str,
  acctoutputoctets: str,
  framedipaddress: str,
});
export type IxcAccountingRow = z.infer<typeof ixcAccountingRow>;

/**
 * An item of a contract (`id_contrato`) or of a sale plan (`id_vd_contrato`, `id_contrato` '0'): the
 * product it sells (`id_produto`, '0' for none). `valor_unit` comes with 9 decimals.
 */
export const ixcContractProduct = z.object({
  id: str,
  id_contrato: str,
  id_vd_contrato: str,
  id_produto: str,
  /** the RADIUS group (`radgrupos`) the item is billed under */
  id_plano: str,
  descricao: str,
  tipo: str,
  valor_unit: str,
});
export type IxcContractProduct = z.infer<typeof ixcContractProduct>;

/** The product catalogue (`produtos`); `ativo` S/N. */
export const ixcProduct = z.object({ id: str, descricao: str, valor: str, ativo: str });
export type IxcProduct = z.infer<typeof ixcProduct>;

export const ixcTables = {
  cliente: ixcCustomer,
  fn_areceber: ixcInvoice,
  vd_saida: ixcFiscalNote,
  cliente_contrato: ixcContract,
  cidade: ixcCity,
  su_ticket: ixcTicket,
  su_mensagens: ixcTicketMessage,
  su_oss_chamado: ixcServiceOrder,
  su_oss_chamado_mensagem: ixcServiceOrderMessage,
  su_oss_assunto: ixcSubject,
  funcionarios: ixcEmployee,
  radusuarios: ixcRadiusLogin,
  radacct: ixcAccountingRow,
  vd_contratos_produtos: ixcContractProduct,
  produtos: ixcProduct,
} as const;
export type IxcTable = keyof typeof ixcTables;
export type IxcRecord<T extends IxcTable> = z.infer<(typeof ixcTables)[T]>;
