export * from './contracts/auth.ts';
export * from './contracts/customer.ts';
export * from './contracts/theme.ts';
export * from './cpf-cnpj.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './names.ts';
export * from './validators.ts';
