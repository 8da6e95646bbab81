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
});
export type IxcContract = z.infer<typeof ixcContract>;

export const ixcTables = {
  cliente: ixcCustomer,
  fn_areceber: ixcInvoice,
  vd_saida: ixcFiscalNote,
  cliente_contrato: ixcContract,
} as const;
export type IxcTable = keyof typeof ixcTables;
export type IxcRecord<T extends IxcTable> = z.infer<(typeof ixcTables)[T]>;
