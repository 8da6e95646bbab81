import { describe, expect, it } from 'vitest';
import { portalUrl, readPushPayload } from './payload';

const origin = 'https://demo.central.example';
const push = (data: unknown) => readPushPayload(JSON.stringify(data), origin);

describe('push payload in the service worker (pushPayloadSchema, checked by hand)', () => {
  it('shows the title and body, and keeps the tag and a path of the portal', () => {
    expect(
      push({
        title: 'Fatura vence em 5 dias',
        body: 'R$ 99,90 em 30/11',
        url: '/panel/financial/invoice/1019',
        tag: 'i-1019',
      }),
    ).toEqual({
      title: 'Fatura vence em 5 dias',
      body: 'R$ 99,90 em 30/11',
      url: `${origin}/panel/financial/invoice/1019`,
      tag: 'i-1019',
    });
  });

  it.each([
    ['not JSON', 'oi'],
    ['no title', JSON.stringify({ body: 'b', url: '/panel' })],
    ['a number as body', JSON.stringify({ title: 't', body: 1, url: '/panel' })],
    ['a tag that is not text', JSON.stringify({ title: 't', body: 'b', url: '/panel', tag: 3 })],
    ['nothing', ''],
  ])('ignores %s', (_, text) => {
    expect(readPushPayload(text, origin)).toBeNull();
  });

  it.each([
    'https://evil.example/panel',
    '//evil.example/panel',
    '/\\evil.example',
    'javascript:alert(1)',
    'panel',
  ])('never opens %s', (url) => {
    expect(portalUrl(url, origin)).toBeNull();
    expect(push({ title: 't', body: 'b', url })?.url).toBeNull();
  });

  it('takes an icon of the portal or over https, nothing else', () => {
    expect(push({ title: 't', body: 'b', url: '/panel', icon: '/brand/demo/icon.png' })?.icon).toBe(
      `${origin}/brand/demo/icon.png`,
    );
    expect(push({ title: 't', body: 'b', url: '/panel', icon: 'https://cdn.example/i.png' })?.icon).toBe(
      'https://cdn.example/i.png',
    );
    expect(
      push({ title: 't', body: 'b', url: '/panel', icon: 'http://cdn.example/i.png' })?.icon,
    ).toBeUndefined();
  });
});
