/** The Portuguese texts people see (spec §5 and §8), written once for the SPA and the API. */
export const messages = {
  cpfCnpjRequired: 'Por favor informe um CPF/CNPJ',
  cpfCnpjInvalid: 'Por favor informe um CPF/CNPJ válido',
  cpfInvalid: 'Por favor informe um CPF válido',
  cnpjInvalid: 'Por favor informe um CNPJ válido',
  passwordRequired: 'Por favor informe uma senha',
  invalidCredentials: 'CPF/CNPJ ou senha inválidos, tente novamente ou clique em Recuperar Senha',
  customerDisabled: 'Acesso negado, cliente desabilitado',
  customerNotFound:
    'Não encontramos um cadastro com este CPF/CNPJ. Se este é o seu primeiro acesso, clique em Primeiro Acesso.',
  credentialNotSet: 'Você ainda não tem uma senha no portal. Clique em Primeiro Acesso para criar a sua.',
  signInStepExpired: 'Sua sessão de acesso expirou. Informe o seu CPF/CNPJ novamente.',
  tooManyAttempts: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  notAuthenticated: 'Você não está autenticado, por favor saia e entre novamente',
  authFailed: 'Falha na autenticação',
  generic: 'Falha ao se comunicar com o servidor',
  erpUnavailable: 'O sistema do seu provedor não respondeu. Tente novamente em instantes.',
  tenantNotFound: 'Provedor não encontrado',
  notFound: 'Página não encontrada',
  invalidRequest: 'Dados inválidos',
  passwordMin: 'Por favor informe uma senha com no mínimo 6 caracteres',
  passwordMax: 'Por favor informe uma senha com no máximo 30 caracteres',
  passwordsMustMatch: 'Por favor informe senhas que correspondam',
  verificationCodeInvalidFormat: 'Por favor informe um código de verificação que contenha 9 números',
  emailInvalid: 'Por favor informe um e-mail valido',
} as const;

export type MessageKey = keyof typeof messages;
