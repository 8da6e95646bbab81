import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import {
  type AppDetailInput,
  activationEmailError,
  activationForm,
  appDetailView,
  catalogueEntries,
  platformOf,
  productIdsOf,
} from './details.ts';
import type { IntegrationMethod } from './methods.ts';

const customer = { email: 'maria@example.com', phone_number: '(48) 99999-0000' };
const input = (
  method: IntegrationMethod,
  state: { is_active: boolean; is_online: boolean },
  over: Partial<AppDetailInput> = {},
): AppDetailInput => ({
  app: { integration_method: method, product_ids: [], ...state },
  customer,
  staticCatalogue: false,
  ...over,
});
const on = { is_active: false, is_online: true };
const active = { is_active: true, is_online: true };
const off = { is_active: false, is_online: false };

describe('app detail view (spec §2.3)', () => {
  it('shows the book app its active or not-active view, whatever the online state', () => {
    expect(appDetailView(input('api_toca_livros', active)).view).toBe('book_active');
    expect(appDetailView(input('api_toca_livros', off)).view).toBe('book_inactive');
    expect(appDetailView(input('api_toca_livros', { is_active: true, is_online: false })).view).toBe(
      'book_active',
    );
  });
  it('shows the cloud box its user management', () => {
    expect(appDetailView(input('api_atp_box', off)).view).toBe('cloud_box');
    expect(appDetailView(input('api_atp_box', off, { staticCatalogue: true })).view).toBe('cloud_box');
  });
  it('shows the static catalogue to its tenant, before the state views', () => {
    const view = appDetailView(
      input('watchbr', off, {
        app: { integration_method: 'watchbr', ...off, product_ids: ['133 - GLOBOPLAY', '389 - PREMIERE'] },
        staticCatalogue: true,
      }),
    );
    expect(view).toEqual({
      view: 'static_catalogue',
      entries: [
        { productIds: ['133'], key: 'globoplay', name: 'Globo Play' },
        { productIds: ['389'], key: 'premiere', name: 'Premiere' },
      ],
    });
  });
  it('otherwise: online and active, online and not active, offline', () => {
    expect(appDetailView(input('watchbr', active))).toEqual({ view: 'active' });
    expect(appDetailView(input('watchbr', on)).view).toBe('activation_form');
    expect(appDetailView(input('watchbr', off))).toEqual({
      view: 'pending',
      notice: 'Seu app está desativado',
    });
    expect(appDetailView(input('display_only', { is_active: true, is_online: false })).view).toBe('pending');
  });
});

describe('static catalogue (spec §9)', () => {
  it('matches each product on the id before " - " and keeps the catalogue order', () => {
    const entries = catalogueEntries(['393 - Rastreador', '137 - Globo Play Premium', { id: '379' }]);
    expect(entries.map((e) => e.key)).toEqual(['globoplay_premium', 'full_play', 'tracker']);
  });
  it('gives telemedicine once for 173, 174 or the pair', () => {
    expect(catalogueEntries(['173 - Tele']).map((e) => e.key)).toEqual(['telemedicine']);
    expect(catalogueEntries(['174']).map((e) => e.key)).toEqual(['telemedicine']);
    expect(catalogueEntries(['173;174 - Telemedicina', '173']).map((e) => e.key)).toEqual(['telemedicine']);
  });
  it('does not match an id that only starts like a catalogue id', () => {
    expect(catalogueEntries(['1330 - Outro', '13 - Outro', '886 - MAX'])).toEqual([]);
  });
  it("narrows to the contract's products when they are known", () => {
    expect(catalogueEntries(['133', '137', '389'], ['137']).map((e) => e.key)).toEqual(['globoplay_premium']);
    expect(catalogueEntries(['133'], [])).toEqual([]);
  });
  it('reads ids from labels, objects and lists', () => {
    expect(productIdsOf([' 133 - A - B', { id: '173;174' }, ''])).toEqual(['133', '173', '174']);
  });
});

describe('activation form (spec §4, §5)', () => {
  it('maps methods to the platform sent (ole_tv as oletv)', () => {
    expect(platformOf('ole_tv')).toBe('oletv');
    expect(platformOf('watchbr')).toBe('watchbr');
    expect(platformOf('playhub')).toBe('playhub');
    expect(platformOf('login_sva')).toBe('login_sva');
    expect(platformOf('add_product_in_contract')).toBe('add_product_in_contract');
    expect(platformOf('display_only')).toBeNull();
  });
  it('asks for an e-mail for watch, watchbr and oletv only', () => {
    expect(activationForm('watchbr', customer).asksEmail).toBe(true);
    expect(activationForm('ole_tv', customer).asksEmail).toBe(true);
    expect(activationForm('playhub', customer, 'watch').asksEmail).toBe(true);
    expect(activationForm('playhub', customer).asksEmail).toBe(false);
    expect(activationForm('login_sva', customer).asksEmail).toBe(false);
    expect(activationEmailError('watchbr', '  ')).toBe('E-mail não informado.');
    expect(activationEmailError('oletv', null)).toBe(messages.appEmailMissing);
    expect(activationEmailError('watch', 'a@b.co')).toBeNull();
    expect(activationEmailError('playhub', null)).toBeNull();
  });
  it('disables the button without a phone number in the ERP', () => {
    expect(activationForm('playhub', customer)).toEqual({
      platform: 'playhub',
      asksEmail: false,
      email: 'maria@example.com',
      disabled: false,
      notice: null,
    });
    for (const phone_number of [null, '', ' () - ']) {
      const form = activationForm('watchbr', { email: null, phone_number });
      expect(form).toMatchObject({ disabled: true, notice: messages.appPhoneMissing, email: '' });
    }
  });
  it('takes the platform the details name over the method', () => {
    const view = appDetailView({
      app: { integration_method: 'playhub', ...on, product_ids: [], platform: 'watch' },
      customer,
      staticCatalogue: false,
    });
    expect(view).toMatchObject({ view: 'activation_form', form: { platform: 'watch', asksEmail: true } });
  });
});
