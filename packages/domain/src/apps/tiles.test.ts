import { describe, expect, it } from 'vitest';
import type { CustomerAppItem } from '../contracts/app-list.ts';
import { appsDisabledForOpenInvoices } from './details.ts';
import type { IntegrationMethod } from './methods.ts';
import { anyAppsDisabled, homeAppTiles } from './tiles.ts';

const item = (id: string, method: IntegrationMethod, contractId = '1', active = false): CustomerAppItem => ({
  customer_app: {
    id,
    name: `App ${id}`,
    image: `https://img/${id}.png`,
    integration_method: method,
    product_ids: [],
  },
  service: null,
  contract: { id: contractId },
  link: `/panel/app/${id}/${contractId}`,
  description: active ? 'ativo' : 'pendente',
  app_store_link: null,
  play_store_link: null,
  active,
});

describe('home app tiles (spec §2.5)', () => {
  it('merges the apps of watchbr, playhub and display_only into one tile each, in that order', () => {
    const tiles = homeAppTiles([
      item('books', 'api_toca_livros'),
      item('shown', 'display_only'),
      item('play1', 'playhub'),
      item('w1', 'watchbr', '1', true),
      item('w2', 'watchbr', '1', false),
      item('cloud', 'api_atp_box'),
      item('play2', 'playhub'),
    ]);
    expect(tiles.map((t) => [t.key, t.name])).toEqual([
      ['method:watchbr', 'App w1, App w2'],
      ['method:playhub', 'App play1, App play2'],
      ['method:display_only', 'App shown'],
      ['books:1', 'App books'],
      ['cloud:1', 'App cloud'],
    ]);
  });
  it('gives a merged tile the first app image and link, and is active only when every app is', () => {
    const [watch] = homeAppTiles([item('w1', 'watchbr', '1', true), item('w2', 'watchbr', '2', false)]);
    expect(watch).toMatchObject({
      integration_method: 'watchbr',
      image: 'https://img/w1.png',
      images: ['https://img/w1.png', 'https://img/w2.png'],
      link: '/panel/app/w1/1',
      active: false,
    });
    expect(watch?.apps).toHaveLength(2);
  });
  it('names a merged app once when two contracts have it, and keeps the other methods one tile per contract', () => {
    const tiles = homeAppTiles([
      item('w1', 'watchbr', '1'),
      item('w1', 'watchbr', '2'),
      item('sva', 'login_sva', '1'),
      item('sva', 'login_sva', '2'),
    ]);
    expect(tiles.map((t) => [t.key, t.name, t.apps.length])).toEqual([
      ['method:watchbr', 'App w1', 2],
      ['sva:1', 'App sva', 1],
      ['sva:2', 'App sva', 1],
    ]);
  });
  it('has no tile without apps', () => {
    expect(homeAppTiles([])).toEqual([]);
  });
});

describe('apps disabled for open invoices (spec §4)', () => {
  it("warns when status_assinante_watch and online are both '0'", () => {
    expect(appsDisabledForOpenInvoices({ status_assinante_watch: '0', online: '0' })).toBe(true);
    expect(appsDisabledForOpenInvoices({ status_assinante_watch: 0, online: 0 })).toBe(true);
    expect(appsDisabledForOpenInvoices({ status_assinante_watch: '1', online: '0' })).toBe(false);
    expect(appsDisabledForOpenInvoices({ status_assinante_watch: '0', online: '1' })).toBe(false);
    expect(appsDisabledForOpenInvoices({ status_assinante_watch: null, online: '0' })).toBe(false);
    expect(appsDisabledForOpenInvoices(null)).toBe(false);
  });
  it('shows the home banner when any record is disabled', () => {
    expect(anyAppsDisabled([])).toBe(false);
    expect(
      anyAppsDisabled([
        { status_assinante_watch: '1', online: '1' },
        { status_assinante_watch: '0', online: '0' },
      ]),
    ).toBe(true);
  });
});
