import { z } from 'zod';

/**
 * The fields the portal takes from each IXC table. These schemas are the allow-list: zod drops every
 * other key, so secret fields that IXC returns (cliente.senha, hotsite_senha_md5, token_app,
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

export const ixcTables = {
  cliente: ixcCustomer,
} as const;
export type IxcTable = keyof typeof ixcTables;
export type IxcRecord<T extends IxcTable> = z.infer<(typeof ixcTables)[T]>;
