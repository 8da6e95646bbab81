// The seeded Tocalivros users of the demo providers: Carla, with the user name `ocupado` and the e-mail
// `ocupado@exemplo.com.br`.

import { PARTNERS_DEMO, type SubscriberStatus } from '../partner-kit.ts';

export const DEMO_TOCALIVROS = {
  demo: { token: 'tl_demo_0d9e4b2a7c61f835e4a2' },
  outro: { token: 'tl_outro_58f1c3b07e9d2a46b1c0' },
} as const;

export interface TocaLivrosUser {
  document: string;
  name: string;
  username: string;
  /** kept as sent: the switches show it, the API never answers it */
  password: string;
  email: string;
  ddd: string;
  phone: string;
  externalId: string;
  status: SubscriberStatus;
}

export interface TocaLivrosState {
  /** by CPF/CNPJ digits */
  users: Map<string, TocaLivrosUser>;
}

export function tocaLivrosSeed(_instance: string): TocaLivrosState {
  const { busy } = PARTNERS_DEMO;
  const carla: TocaLivrosUser = {
    document: busy.document,
    name: busy.name,
    username: busy.tocaUser,
    password: 'livros-da-carla',
    email: busy.email,
    ddd: '11',
    phone: '987654321',
    externalId: '9001',
    status: 'active',
  };
  return { users: new Map([[carla.document, carla]]) };
}
