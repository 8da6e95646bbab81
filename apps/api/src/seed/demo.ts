import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { adminUsers, customerCredentials, providerCredentials, tenantApps } from '../db/schema.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { Keyring } from '../platform/secrets.ts';
import { saveTenant } from '../platform/tenant-repository.ts';

/** The same literals as apps/sim's seed: the demo ERPs accept these tokens. */
export const DEMO_IXC_TOKENS = { demo: '1:d3m0c3ntr4l5ecr3t0ixc', outro: '7:0utr0n3tt0k3n5ecr3t' } as const;
export const DEMO_PASSWORD = 'senha123';
/** apps/sim's Cielo merchant for the demo provider (its subscribers may pay by card). */
export const DEMO_CIELO = {
  merchantId: 'a1b2c3d4-0000-4000-8000-00000000c1e0',
  merchantKey: 'DEMOCIELOKEY0000000000000000000000000000',
};
/** apps/sim's branch, cash account and planning account where each demo ERP books card receipts. */
export const DEMO_SETTLEMENT = {
  demo: { filialId: '2', accountId: '7', planningId: '33' },
  outro: { filialId: '6', accountId: '9', planningId: '58' },
} as const;
/** apps/sim's contract print model of each demo ERP (`cliente_contrato_imprimir_contrato_<id>`). */
export const DEMO_CONTRACT_PRINT_IDS = { demo: '18650', outro: '20925' } as const;
/** apps/sim's demo GenieACS: the issuer and ES256 key the demo provider signs its NBI calls with. */
export const DEMO_ACS = {
  issuer: 'central-demo',
  privateKey: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgA/vbwnh5stk4gvwk
2FzZJUG70209XRHU76J/0QD1NLChRANCAASBki6MIKdTH9DepsY5g4zoLNDlchji
jil0OGiZl32wjAU8mAUZFgKEH5qbb+lYkfwGYeqv6O4OgQkwBlSDp0CY
-----END PRIVATE KEY-----
`,
};
/** apps/sim's content partners and Nextcloud: each demo provider's tokens (the cloud box is demo's only). */
export const DEMO_APP_SECRETS = {
  demo: {
    watch: 'wtc-demo-6f1d2c9a8b7e4f30a5d1',
    playhub: 'phb_live_demo_4c8e1a7f09b2d653',
    oletv: 'oletv.demo.2b7f5e81c49a03d6',
    tocalivros: 'tl_demo_0d9e4b2a7c61f835e4a2',
    nextcloud: 'Kd7pQ-x2MwR-8vTnc-LzY4h-Fb9sE',
  },
  outro: { playhub: 'phb_live_outro_b17d90c3e5a24f68' },
} as const;
const DEMO_NEXTCLOUD_USER = 'central-admin';

type AppSeed = Omit<typeof tenantApps.$inferInsert, 'tenantId'>;
const list = (...pairs: [string, string][]) => pairs.map(([id, content]) => ({ id, content }));

/**
 * The demo providers' apps (spec §3 Tenant app): on `demo`, Watch Brasil and Olé TV by products that
 * Maria's contract 101 holds (IXC products 5 and 8), the cloud box by her plan (11, FIBRA 500 MEGA),
 * Tocalivros and a display-only club for everyone; Padaria's business plan matches no product or plan
 * app. On `outro`, Playhub by the product of Fernanda's contract 302.
 */
export const DEMO_APPS: Record<'demo' | 'outro', AppSeed[]> = {
  demo: [
    {
      name: 'Watch Brasil',
      image: '/apps/watch.svg',
      pendingText: 'Ative o Watch Brasil incluso no seu plano e assista a filmes, séries e canais ao vivo.',
      activeText: 'Seu Watch Brasil está ativo. Entre no app com o seu e-mail.',
      appStoreLink: 'https://apps.apple.com/br/app/watch-brasil/id1463186640',
      playStoreLink: 'https://play.google.com/store/apps/details?id=br.com.watch.brasil',
      activationCriteria: 'product_in_contract',
      integrationMethod: 'watchbr',
      productIds: list(['5', 'WATCH PREMIUM']),
      integrationMethodProductIds: list(['1002', 'Watch Premium']),
    },
    {
      name: 'Olé TV',
      image: '/apps/oletv.svg',
      pendingText: 'Canais de TV ao vivo no celular, na TV e no computador. Ative o seu Olé TV.',
      activeText: 'Seu Olé TV está ativo. Entre no app com o e-mail do seu cadastro.',
      appStoreLink: 'https://apps.apple.com/br/app/ole-tv/id1434839390',
      playStoreLink: 'https://play.google.com/store/apps/details?id=br.com.oletv',
      activationCriteria: 'product_in_contract',
      integrationMethod: 'ole_tv',
      productIds: list(['8', 'OLÉ TV']),
    },
    {
      name: 'ATP Box',
      image: '/apps/atpbox.svg',
      pendingText: 'Guarde fotos e arquivos na nuvem do seu plano.',
      activeText: 'Gerencie os usuários da nuvem do seu plano.',
      activationCriteria: 'plan_in_contract',
      integrationMethod: 'api_atp_box',
      planIds: list(['11', 'FIBRA 500 MEGA']),
    },
    {
      name: 'Tocalivros',
      image: '/apps/tocalivros.svg',
      pendingText: 'Audiolivros e e-books para ouvir e ler onde estiver. Crie seu acesso.',
      activeText: 'Seu Tocalivros está ativo. Entre no app com o usuário que você criou.',
      appStoreLink: 'https://apps.apple.com/br/app/tocalivros/id1071383339',
      playStoreLink: 'https://play.google.com/store/apps/details?id=com.tocalivros.app',
      activationCriteria: 'any',
      integrationMethod: 'api_toca_livros',
    },
    {
      name: 'Clube de Vantagens',
      image: '/apps/clube.svg',
      pendingText: 'Descontos em lojas e serviços parceiros da sua região.',
      activeText: 'Apresente o seu CPF nas lojas parceiras e ganhe descontos.',
      activationCriteria: 'any',
      integrationMethod: 'display_only',
    },
  ],
  outro: [
    {
      name: 'Playhub',
      image: '/apps/playhub.svg',
      pendingText: 'Filmes e séries do Playhub inclusos no seu plano. Ative agora.',
      activeText: 'Seu Playhub está ativo. Entre no app com o usuário informado.',
      playStoreLink: 'https://play.google.com/store/apps/details?id=com.playhub.app',
      activationCriteria: 'product_in_contract',
      integrationMethod: 'playhub',
      productIds: list(['3', 'PLAYHUB STREAMING']),
      integrationMethodProductIds: list(['PH-01', 'Playhub Básico']),
    },
  ],
};

/** Adds a provider's demo apps unless it has apps already (the back office may have changed them). */
export async function seedApps(db: Db, tenantId: string, apps: AppSeed[]) {
  const existing = await db
    .select({ id: tenantApps.id })
    .from(tenantApps)
    .where(eq(tenantApps.tenantId, tenantId))
    .limit(1);
  if (existing.length > 0) return;
  await db.insert(tenantApps).values(apps.map((app) => ({ ...app, tenantId })));
}

export const DEMO_ADMIN = { email: 'admin@central.local', password: 'admin12345', name: 'Admin' };
/** The demo provider's own sign-in (/admin): user `demo`. */
export const DEMO_PROVIDER_PASSWORD = 'provedor123';

/** Subscribers with a portal password in the demo (João Pedro Lima has none: 'Primeiro acesso'). */
export const DEMO_CREDENTIALS = {
  demo: ['52998224725', '11222333000181', '39053344705'],
  outro: ['71460238001'],
} as const;

/**
 * Seeds the demo providers 'demo' (Fibra Demo) and 'outro' (Outra Net) against the simulated ERPs,
 * their subscribers' passwords and the admin. Idempotent: tenants are refreshed, passwords that
 * already exist are kept.
 */
export async function seedDemo(db: Db, opts: { encryptionKey: Keyring; simUrl: string }) {
  const sim = opts.simUrl.replace(/\/+$/, '');
  const demo = await saveTenant(db, opts.encryptionKey, {
    clientId: 'demo',
    alias: 'Fibra Demo',
    invoiceWindowDays: 15,
    branding: {
      verticalLogoUrl: '/brand/demo/vertical.svg',
      horizontalLogoUrl: '/brand/demo/horizontal.svg',
      faviconUrl: '/brand/demo/favicon.svg',
      appLogoUrl: '/brand/demo/app.svg',
      primaryColor: '#0B5CAD',
      secondaryColor: '#F28C28',
      address: 'Rua das Fibras, 100 - Centro, Florianópolis - SC, 88010-000',
      whatsappNumber: '48999990000',
      phoneNumber: '08006460000',
      contactEmail: 'atendimento@fibrademo.com.br',
      faqUrl: 'https://fibrademo.com.br/ajuda',
    },
    erp: { domain: `${sim}/ixc/demo`, token: DEMO_IXC_TOKENS.demo, settlement: DEMO_SETTLEMENT.demo },
    // Requests become service orders of department 2; a subscriber's message is event 9, as in the sim.
    support: { supportType: 'os', subjects: [], departmentId: '2', processId: null, messageEventId: '9' },
    contracts: {
      showContractDownload: true,
      showAnnualStatement: true,
      contractPrintModelId: DEMO_CONTRACT_PRINT_IDS.demo,
      legalName: 'Fibra Demo Telecomunicações Ltda',
      cnpj: '48.372.615/0001-75',
    },
    card: {
      gateway: 'cielo',
      merchantId: DEMO_CIELO.merchantId,
      merchantKey: DEMO_CIELO.merchantKey,
      apiUrl: `${sim}/cielo/api`,
      queryUrl: `${sim}/cielo/query`,
    },
    // Devices (spec §7.8): the sim's GenieACS; 'outro' has none.
    acs: { url: `${sim}/acs/demo`, issuer: DEMO_ACS.issuer, privateKey: DEMO_ACS.privateKey },
    // Value-added apps: every partner's sim, and the cloud box (10 GB per contract) on the sim's Nextcloud.
    apps: {
      watch: { url: `${sim}/watch/demo` },
      playhub: { url: `${sim}/playhub/demo` },
      oletv: { url: `${sim}/oletv/demo` },
      tocalivros: { url: `${sim}/tocalivros/demo` },
      nextcloud: { url: `${sim}/nextcloud/demo`, user: DEMO_NEXTCLOUD_USER },
      cloudQuotaGb: 10,
      secrets: { ...DEMO_APP_SECRETS.demo },
    },
  });
  const outro = await saveTenant(db, opts.encryptionKey, {
    clientId: 'outro',
    alias: 'Outra Net',
    branding: {
      verticalLogoUrl: '/brand/outro/vertical.svg',
      horizontalLogoUrl: '/brand/outro/horizontal.svg',
      faviconUrl: '/brand/outro/favicon.svg',
      appLogoUrl: '/brand/outro/app.svg',
      primaryColor: '#6A1B9A',
      secondaryColor: '#00897B',
      address: 'Avenida Brasil, 2000 - Centro, Joinville - SC, 89201-000',
      whatsappNumber: '47988887777',
      phoneNumber: '4733334444',
      contactEmail: 'suporte@outranet.com.br',
      faqUrl: null,
    },
    erp: { domain: `${sim}/ixc/outro`, token: DEMO_IXC_TOKENS.outro, settlement: DEMO_SETTLEMENT.outro },
    // spec §2.5: 'Solicitar Atendimento' opens the provider's WhatsApp chat; tickets go to department 1.
    support: {
      supportType: 'customer_service',
      subjects: [],
      departmentId: '1',
      processId: null,
      chat: true,
    },
    // The annual statement is hidden here, to exercise the switch.
    contracts: {
      showContractDownload: true,
      showAnnualStatement: false,
      contractPrintModelId: DEMO_CONTRACT_PRINT_IDS.outro,
      legalName: 'Outra Net Telecom Eireli',
      cnpj: '27.591.438/0001-48',
    },
    apps: { playhub: { url: `${sim}/playhub/outro` }, secrets: { ...DEMO_APP_SECRETS.outro } },
  });
  await seedApps(db, demo.id, DEMO_APPS.demo);
  await seedApps(db, outro.id, DEMO_APPS.outro);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = [
    ...DEMO_CREDENTIALS.demo.map((document) => ({ tenantId: demo.id, document, passwordHash })),
    ...DEMO_CREDENTIALS.outro.map((document) => ({ tenantId: outro.id, document, passwordHash })),
  ];
  await db.insert(customerCredentials).values(rows).onConflictDoNothing();
  await db
    .insert(providerCredentials)
    .values({ tenantId: demo.id, passwordHash: await hashPassword(DEMO_PROVIDER_PASSWORD) })
    .onConflictDoNothing();
  await db
    .insert(adminUsers)
    .values({
      email: DEMO_ADMIN.email,
      name: DEMO_ADMIN.name,
      passwordHash: await hashPassword(DEMO_ADMIN.password),
    })
    .onConflictDoNothing();
}
