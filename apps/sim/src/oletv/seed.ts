// The seeded Olé TV customers of the demo providers: Carla, holding `ocupado@exemplo.com.br`, with two
// subscriptions.

import { PARTNERS_DEMO, type SubscriberStatus } from '../partner-kit.ts';

export const DEMO_OLETV = {
  demo: { token: 'oletv.demo.2b7f5e81c49a03d6' },
  outro: { token: 'oletv.outro.e08c3a6d91f25b74' },
} as const;

export interface OleTvCustomer {
  id: number;
  document: string;
  name: string;
  email: string;
  phone: string | null;
  externalId: string;
  /** how many subscriptions (TV points) the customer has */
  subscriptions: number;
  status: SubscriberStatus;
  /** how many password-recovery e-mails were sent */
  recoveries: number;
}

export interface OleTvState {
  /** by CPF/CNPJ digits */
  customers: Map<string, OleTvCustomer>;
  nextId: number;
}

export function oleTvSeed(_instance: string): OleTvState {
  const { busy } = PARTNERS_DEMO;
  const carla: OleTvCustomer = {
    id: 7001,
    document: busy.document,
    name: busy.name,
    email: busy.email,
    phone: '11987654321',
    externalId: '9001',
    subscriptions: 2,
    status: 'active',
    recoveries: 0,
  };
  return { customers: new Map([[carla.document, carla]]), nextId: 7002 };
}
