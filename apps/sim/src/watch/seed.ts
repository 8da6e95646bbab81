// The seeded Watch Brasil accounts of the demo providers: their packages, João suspended (demo only), Carla
// holding `ocupado@exemplo.com.br`, and an e-mail already linked to another provider's Watch account.

import { PARTNERS_DEMO, type SubscriberStatus } from '../partner-kit.ts';

/** The packages each provider may sell (Watch's ids), and each seeded instance's Bearer token. */
const PACKAGES = { '1001': 'Watch Essencial', '1002': 'Watch Premium', '1003': 'Watch Kids' } as const;

export const DEMO_WATCH = {
  demo: { token: 'wtc-demo-6f1d2c9a8b7e4f30a5d1', products: Object.keys(PACKAGES) },
  outro: { token: 'wtc-outro-93ac47e0d25b6f18c7e2', products: Object.keys(PACKAGES) },
} as const;

export interface WatchTicket {
  ticket: string;
  packageId: string;
}

export interface WatchSubscriber {
  document: string;
  name: string;
  /** the login too: Watch's primary key */
  email: string;
  phone: string | null;
  birthdate: string | null;
  integrationId: string;
  status: SubscriberStatus;
  tickets: WatchTicket[];
}

export interface WatchState {
  packages: Map<string, string>;
  /** by CPF/CNPJ digits */
  subscribers: Map<string, WatchSubscriber>;
  /** e-mails of Watch accounts that belong to other providers */
  linkedElsewhere: Set<string>;
  nextTicket: number;
}

export function watchSeed(instance: string): WatchState {
  const { joao, busy } = PARTNERS_DEMO;
  const subscribers: WatchSubscriber[] = [
    {
      document: busy.document,
      name: busy.name,
      email: busy.email,
      phone: '11987654321',
      birthdate: '1985-03-12',
      integrationId: '9001',
      status: 'active',
      tickets: [{ ticket: 'TK-000001', packageId: '1001' }],
    },
  ];
  if (instance === 'demo')
    subscribers.push({
      document: joao.document,
      name: joao.name,
      email: joao.watchLogin,
      phone: '11912345678',
      birthdate: '1979-11-02',
      integrationId: '2',
      status: 'suspended',
      tickets: [{ ticket: 'TK-000002', packageId: '1002' }],
    });
  return {
    packages: new Map(Object.entries(PACKAGES)),
    subscribers: new Map(subscribers.map((s) => [s.document, s])),
    linkedElsewhere: new Set([PARTNERS_DEMO.watchLinkedEmail]),
    nextTicket: 3,
  };
}
