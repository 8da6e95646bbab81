// What IXC checks on a PUT besides the columns an insert requires (REQUIRED in store.ts).
//
// A PUT replaces the record as IXC's form would save it. Its API guide: "não é possível modificar apenas um
// campo específico. É necessário enviar todos os campos, mesmo que alguns permaneçam inalterados". A body
// without the form's required columns is answered HTTP 200 with IXC's HTML error box, not with
// `{type:'error'}` (entria/woovi-ixcsoft met it on fn_areceber: "partial bodies trigger a generic HTML error").

import type { IxcTableName } from './schema.ts';

/**
 * The columns a PUT must carry: those IXC's Postman collection marks "//Obrigatório" on insert, as far as
 * this simulator has them (the tables not listed here need their REQUIRED columns only).
 */
export const PUT_COLUMNS: Partial<Record<IxcTableName, readonly string[]>> = {
  cliente: ['ativo', 'tipo_pessoa', 'razao', 'cnpj_cpf', 'cep', 'endereco', 'numero', 'bairro', 'cidade'],
  cliente_contrato: ['id_cliente', 'id_vd_contrato', 'contrato', 'data', 'endereco_padrao_cliente'],
  fn_areceber: ['id_cliente', 'data_emissao', 'data_vencimento', 'valor', 'tipo_recebimento', 'liberado'],
  vd_saida: ['id_cliente', 'id_tipo_documento', 'data_emissao'],
  vd_contratos_produtos: ['id_contrato'],
};

/**
 * Columns a PUT leaves as they are, whatever the body says: those IXC fills itself and its guide calls
 * "não editável"/"campo oculto" (su_mensagens), and the boleto columns of a title, which a PUT silently
 * drops (entria/woovi-ixcsoft: "linha_digitavel ... silently drop no PUT"). `id` never changes.
 */
export const READ_ONLY: Partial<Record<IxcTableName, readonly string[]>> = {
  fn_areceber: ['linha_digitavel', 'nn_boleto'],
  su_ticket: ['data_criacao'],
  su_oss_chamado: ['data_abertura'],
  su_mensagens: ['data', 'operador', 'id_operador'],
  su_oss_chamado_mensagem: ['data', 'id_operador'],
};
