import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import {
  activationCriteria,
  integrationMethods,
  isMethodAllowed,
  providerNotificationBody,
  providerSignInBody,
  tenantAppBody,
  tenantCreateBody,
  tenantEditBody,
} from './admin.ts';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

const app = {
  name: 'Watch Brasil',
  image: 'https://cdn.example.com/apps/watch.png',
  pending_text: 'Ative o seu app',
  active_text: 'Seu app está ativo',
  activation_criteria: 'product_in_contract',
  integration_method: 'watchbr',
  product_ids: [{ id: '12', content: 'Watch Premium' }],
};

describe('isMethodAllowed (spec §4, §5)', () => {
  it("refuses watchbr, ole_tv and playhub with the criterion 'any', and nothing else", () => {
    for (const method of integrationMethods) {
      const refused = ['watchbr', 'ole_tv', 'playhub'].includes(method);
      expect(isMethodAllowed(method, 'any')).toBe(!refused);
      for (const criterion of activationCriteria.filter((c) => c !== 'any'))
        expect(isMethodAllowed(method, criterion)).toBe(true);
    }
  });
});

describe('tenantAppBody (spec §5 App form)', () => {
  it('takes a complete form, empty store links as none', () => {
    const parsed = tenantAppBody.parse({ ...app, app_store_link: '', play_store_link: null });
    expect(parsed).toMatchObject({ app_store_link: null, play_store_link: null, plan_ids: [] });
  });

  it("answers 'Opção não permitida para o critério de ativação selecionado' on the method", () => {
    for (const integration_method of ['watchbr', 'ole_tv', 'playhub']) {
      expect(
        issues(tenantAppBody.safeParse({ ...app, activation_criteria: 'any', integration_method })),
      ).toEqual([['integration_method', messages.appMethodNotAllowed]]);
    }
    expect(
      tenantAppBody.safeParse({ ...app, activation_criteria: 'any', integration_method: 'display_only' })
        .success,
    ).toBe(true);
  });

  it('requires the name, image, texts, criterion and method', () => {
    const empty = tenantAppBody.safeParse({ name: ' ', pending_text: '', active_text: '' });
    expect(issues(empty)).toEqual(
      expect.arrayContaining([
        ['name', 'Por favor, informe um nome'],
        ['pending_text', 'Por favor, informe um texto pendente'],
        ['active_text', 'Por favor, informe um texto ativo'],
        ['activation_criteria', 'Por favor, selecione um critério de ativação'],
        ['integration_method', 'Por favor, selecione um método de integração'],
      ]),
    );
    expect(issues(tenantAppBody.safeParse({ ...app, name: 'x'.repeat(101) }))).toEqual([
      ['name', 'menor que 100 caracteres'],
    ]);
  });

  it('wants an image URL for the image, and valid URLs for the store links', () => {
    expect(
      issues(tenantAppBody.safeParse({ ...app, image: 'https://cdn.example.com/apps/watch.txt' })),
    ).toEqual([['image', messages.imageUrlInvalid]]);
    // Not a URL at all: reported, never thrown.
    for (const image of ['não é url', 'x'.repeat(600), 'javascript:alert(1).png'])
      expect(issues(tenantAppBody.safeParse({ ...app, image }))[0]).toEqual(['image', messages.urlInvalid]);
    expect(issues(tenantAppBody.safeParse({ ...app, play_store_link: 'play store' }))).toEqual([
      ['play_store_link', messages.urlInvalid],
    ]);
  });

  it('needs a product or a plan for those criteria, each id once', () => {
    expect(issues(tenantAppBody.safeParse({ ...app, product_ids: [] }))).toEqual([
      ['product_ids', 'Adicione ao menos um produto'],
    ]);
    expect(issues(tenantAppBody.safeParse({ ...app, activation_criteria: 'plan_in_contract' }))).toEqual([
      ['plan_ids', 'Adicione ao menos um plano'],
    ]);
    const twice = [
      { id: '12', content: 'Watch Premium' },
      { id: '12', content: 'Watch Premium' },
    ];
    expect(issues(tenantAppBody.safeParse({ ...app, product_ids: twice }))).toEqual([
      ['product_ids', messages.productDuplicate],
    ]);
    expect(
      issues(tenantAppBody.safeParse({ ...app, activation_criteria: 'plan_in_contract', plan_ids: twice })),
    ).toEqual([['plan_ids', messages.planDuplicate]]);
    expect(issues(tenantAppBody.safeParse({ ...app, product_ids: [{ id: '0x1', content: 'a' }] }))).toEqual([
      ['product_ids.0.id', 'ID inválido'],
    ]);
  });
});

describe('provider contracts (spec §5, §8)', () => {
  it('asks for the client id and password', () => {
    for (const body of [{}, { client_id: 'demo' }, { password: 'x' }, { client_id: ' ', password: 'x' }])
      expect(issues(providerSignInBody.safeParse(body))[0]?.[1]).toBe(messages.providerCredentialsMissing);
  });

  it('words each bad notification field as the spec does', () => {
    const first = (body: unknown) => issues(providerNotificationBody.safeParse(body))[0]?.[1];
    expect(first({ message: 'm' })).toBe('Título não informado');
    expect(first({ title: '  ', message: 'm' })).toBe('Título não informado');
    expect(first({ title: 3, message: 'm' })).toBe('Título inválido');
    expect(first({ title: 't' })).toBe('Mensagem não informada');
    expect(first({ title: 't', message: ['m'] })).toBe('Mensagem inválida');
    expect(first({ title: 'x'.repeat(300), message: 'm' })).toBe(
      'O título precisa ser menor que 300 caracteres',
    );
    expect(first({ title: 't', message: 'x'.repeat(1400) })).toBe(
      'A mensagem precisa ser menor que 1400 caracteres',
    );
    expect(
      providerNotificationBody.parse({ title: 'x'.repeat(299), message: 'x'.repeat(1399) }),
    ).toBeTruthy();
  });
});

describe('the tenant form: value-added apps', () => {
  const tenant = {
    alias: 'Acme',
    vertical_logo_url: 'https://acme.example/logo.svg',
    ixc_domain: 'ixc.acme.example',
    primary_color: '#0B5CAD',
  };

  it('reads empty as none, the quota as a whole number, and keeps fields left out undefined', () => {
    const parsed = tenantEditBody.parse({
      ...tenant,
      apps_static_catalogue: true,
      watch_url: ' https://api.watch.example ',
      watch_token: '',
      playhub_url: '',
      nextcloud_url: 'https://cloud.example',
      nextcloud_user: ' admin ',
      cloud_quota_gb: '20',
    });
    expect(parsed).toMatchObject({
      apps_static_catalogue: true,
      watch_url: 'https://api.watch.example',
      watch_token: null,
      playhub_url: null,
      nextcloud_user: 'admin',
      cloud_quota_gb: 20,
    });
    // a page older than these fields sends none of them: the server then keeps what is stored
    expect(parsed.oletv_url).toBeUndefined();
    expect(tenantEditBody.parse({ ...tenant, cloud_quota_gb: '' }).cloud_quota_gb).toBeNull();
  });

  it('wants valid URLs, a token only with its URL, the Nextcloud user, and a quota of 1 GB or more', () => {
    expect(issues(tenantEditBody.safeParse({ ...tenant, watch_url: 'api.watch' }))).toEqual([
      ['watch_url', messages.urlInvalid],
    ]);
    expect(issues(tenantEditBody.safeParse({ ...tenant, oletv_token: 't' }))).toEqual([
      ['oletv_url', messages.appsUrlRequired],
    ]);
    expect(issues(tenantEditBody.safeParse({ ...tenant, nextcloud_url: 'https://cloud.example' }))).toEqual([
      ['nextcloud_user', messages.nextcloudUserRequired],
    ]);
    for (const cloud_quota_gb of ['0', '1.5', 'dez', -3, 100_001])
      expect(issues(tenantEditBody.safeParse({ ...tenant, cloud_quota_gb }))).toEqual([
        ['cloud_quota_gb', messages.cloudQuotaInvalid],
      ]);
  });

  it('asks a new provider for the token of each URL it gives', () => {
    const body = { ...tenant, client_id: 'acme', ixc_access_token: '1:abc' };
    expect(
      issues(
        tenantCreateBody.safeParse({
          ...body,
          tocalivros_url: 'https://api.tocalivros.example',
          nextcloud_url: 'https://cloud.example',
          nextcloud_user: 'admin',
        }),
      ),
    ).toEqual([
      ['tocalivros_token', messages.appsTokenRequired],
      ['nextcloud_app_password', messages.nextcloudPasswordRequired],
    ]);
    // on edit a blank token keeps the stored one: only the server knows whether there is one
    expect(
      tenantEditBody.safeParse({ ...tenant, tocalivros_url: 'https://api.tocalivros.example' }).success,
    ).toBe(true);
  });
});
