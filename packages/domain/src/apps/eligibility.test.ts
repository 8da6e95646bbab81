import { describe, expect, it } from 'vitest';
import { customerAppListResponse } from '../contracts/app-list.ts';
import {
  appApplies,
  appDetailPath,
  type ContractProduct,
  customerAppList,
  type ListedApp,
  type SubscriberContract,
  subscriberApps,
} from './eligibility.ts';

const app = (id: string, over: Partial<ListedApp> = {}): ListedApp => ({
  id,
  name: `App ${id}`,
  image: `https://img.example/${id}.png`,
  pending_text: `${id} pendente`,
  active_text: `${id} ativo`,
  app_store_link: null,
  play_store_link: null,
  activation_criteria: 'any',
  integration_method: 'display_only',
  product_ids: [],
  plan_ids: [],
  ...over,
});
const product = (id: string, productId: string): ContractProduct => ({
  id,
  productId,
  name: `Produto ${productId}`,
});
const contract = (id: string, over: Partial<SubscriberContract> = {}): SubscriberContract => ({
  id,
  status: 'A',
  planId: null,
  products: [],
  ...over,
});

const streaming = app('streaming', {
  activation_criteria: 'product_in_contract',
  integration_method: 'watchbr',
  product_ids: [{ id: '133' }, { id: '137' }],
});
const cloud = app('cloud', {
  activation_criteria: 'plan_in_contract',
  integration_method: 'api_atp_box',
  plan_ids: [{ id: '7' }, { id: '9' }],
});
const books = app('books', { integration_method: 'api_toca_livros' });

describe('activation criteria (spec §3 Tenant app)', () => {
  it('any holds for every contract', () => {
    expect(appApplies(books, contract('1'))).toBe(true);
  });
  it('product_in_contract holds when one of the app products is an item of the contract', () => {
    expect(appApplies(streaming, contract('1', { products: [product('900', '137')] }))).toBe(true);
    expect(appApplies(streaming, contract('1', { products: [product('900', '500')] }))).toBe(false);
    expect(appApplies(streaming, contract('1'))).toBe(false);
  });
  it('matches the IXC product id, not the contract item id', () => {
    expect(appApplies(streaming, contract('1', { products: [product('133', '500')] }))).toBe(false);
  });
  it('plan_in_contract holds when the contract plan is among the app plans', () => {
    expect(appApplies(cloud, contract('1', { planId: '9' }))).toBe(true);
    expect(appApplies(cloud, contract('1', { planId: '8' }))).toBe(false);
    expect(appApplies(cloud, contract('1', { planId: null }))).toBe(false);
  });
  it('a product app with no products and a plan app with no plans never hold', () => {
    expect(
      appApplies({ ...streaming, product_ids: [] }, contract('1', { products: [product('1', '133')] })),
    ).toBe(false);
    expect(appApplies({ ...cloud, plan_ids: [] }, contract('1', { planId: '7' }))).toBe(false);
  });
});

describe('the apps a subscriber has', () => {
  it('lists per active contract the apps that apply, with the item that gave a product app', () => {
    const maria = contract('101', { planId: '7', products: [product('900', '133'), product('901', '137')] });
    const { apps, inactive_apps } = subscriberApps([streaming, cloud, books], [maria]);
    expect(apps.map((a) => [a.app.id, a.contract.id, a.service?.id ?? null])).toEqual([
      ['streaming', '101', '900'],
      ['cloud', '101', null],
      ['books', '101', null],
    ]);
    expect(inactive_apps).toEqual([]);
  });
  it('counts only active contracts (status A)', () => {
    for (const status of ['CM', 'CA', 'FA', 'AA', 'D', '']) {
      const result = subscriberApps(
        [streaming, books],
        [contract('1', { status, products: [product('9', '133')] })],
      );
      expect(result.apps).toEqual([]);
      expect(result.inactive_apps.map((a) => a.id)).toEqual(['streaming', 'books']);
    }
  });
  it('gives a product app once per contract however many of its products the contract holds', () => {
    const c = contract('1', { products: [product('1', '133'), product('2', '137'), product('3', '133')] });
    expect(subscriberApps([streaming], [c]).apps).toHaveLength(1);
  });
  it('gives a product or plan app on each contract that qualifies', () => {
    const a = contract('1', { planId: '7', products: [product('1', '133')] });
    const b = contract('2', { planId: '9', products: [product('2', '137')] });
    const { apps } = subscriberApps([streaming, cloud], [a, b]);
    expect(apps.map((x) => `${x.app.id}@${x.contract.id}`)).toEqual([
      'streaming@1',
      'cloud@1',
      'streaming@2',
      'cloud@2',
    ]);
  });
  it('lists an app with criterion any once, on the first active contract', () => {
    const { apps } = subscriberApps([books], [contract('1', { status: 'CM' }), contract('2'), contract('3')]);
    expect(apps.map((x) => x.contract.id)).toEqual(['2']);
  });
  it('lists an app as inactive once, and only when no active contract has it', () => {
    const a = contract('1', { products: [product('1', '133')] });
    const b = contract('2', { planId: '8' });
    const { inactive_apps } = subscriberApps(
      [streaming, cloud, books],
      [a, b, contract('3', { planId: '8' })],
    );
    expect(inactive_apps.map((x) => x.id)).toEqual(['cloud']);
  });
  it('gives nothing but inactive apps to a customer without active contracts', () => {
    const { apps, inactive_apps } = subscriberApps([streaming, cloud, books], []);
    expect(apps).toEqual([]);
    expect(inactive_apps.map((x) => x.id)).toEqual(['streaming', 'cloud', 'books']);
  });
});

describe('GET /customer/apps answer', () => {
  it('builds the spec shape, with the text by state and the detail link', () => {
    const maria = contract('101', { planId: '7', products: [product('900', '133')] });
    const list = customerAppList(
      [streaming, cloud, books, app('other', { activation_criteria: 'plan_in_contract' })],
      [maria],
      {
        isActive: (appId) => appId === 'streaming',
        appsDisabled: false,
      },
    );
    expect(customerAppListResponse.parse(list)).toEqual(list);
    expect(list.apps[0]).toEqual({
      customer_app: {
        id: 'streaming',
        name: 'App streaming',
        image: 'https://img.example/streaming.png',
        integration_method: 'watchbr',
        product_ids: ['133', '137'],
      },
      service: { id: '900', name: 'Produto 133' },
      contract: { id: '101' },
      link: '/panel/app/streaming/101/900',
      description: 'streaming ativo',
      app_store_link: null,
      play_store_link: null,
      active: true,
    });
    expect(list.apps[1]?.description).toBe('cloud pendente');
    expect(list.apps[1]?.link).toBe('/panel/app/cloud/101');
    expect(list.inactive_apps.map((a) => [a.customer_app.id, a.description])).toEqual([
      ['other', 'other pendente'],
    ]);
  });
  it('builds detail paths with and without the service', () => {
    expect(appDetailPath('a', '1')).toBe('/panel/app/a/1');
    expect(appDetailPath('a', '1', '77')).toBe('/panel/app/a/1/77');
  });
});
