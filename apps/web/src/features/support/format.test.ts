import { describe, expect, it } from 'vitest';
import { supportChatUrl } from './chat';
import { canSeeMore, formatDateTime, maskPhone, pageParam } from './format';

describe('phone mask (spec §5)', () => {
  it.each([
    ['', ''],
    ['4', '(4'],
    ['47', '(47'],
    ['473', '(47) 3'],
    ['473333', '(47) 3333'],
    ['4733334', '(47) 3333-4'],
    ['4733334444', '(47) 3333-4444'],
    ['47999998888', '(47) 99999-8888'],
  ])('%s → %s', (typed, masked) => expect(maskPhone(typed)).toBe(masked));

  it('keeps only digits, and no more than a mobile has', () => {
    expect(maskPhone('+55 (47) 9.9999-88889999')).toBe('(55) 47999-9988');
    expect(maskPhone('(47) 99999-88889')).toBe('(47) 99999-8888');
    expect(maskPhone('abc')).toBe('');
  });
});

describe('ticket dates', () => {
  it('shows the ERP date and time as people read them', () => {
    expect(formatDateTime('2026-05-12 19:42:10')).toBe('12/05/2026 às 19:42');
    expect(formatDateTime('2026-05-12')).toBe('12/05/2026');
    expect(formatDateTime('2026-05-12 00:00:00')).toBe('12/05/2026');
    expect(formatDateTime('0000-00-00 00:00:00')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('closed list paging (spec §9)', () => {
  it('reads the page from the address, 1 when missing or wrong', () => {
    expect(pageParam(null)).toBe(1);
    expect(pageParam('')).toBe(1);
    expect(pageParam('3')).toBe(3);
    expect(pageParam('0')).toBe(1);
    expect(pageParam('-2')).toBe(1);
    expect(pageParam('2.5')).toBe(1);
    expect(pageParam('abc')).toBe(1);
    expect(pageParam('99999')).toBe(1);
    expect(pageParam('500')).toBe(100);
  });

  it("enables 'Ver mais' only with 3 or more tickets and another page", () => {
    expect(canSeeMore(2, true)).toBe(false);
    expect(canSeeMore(3, true)).toBe(true);
    expect(canSeeMore(10, true)).toBe(true);
    expect(canSeeMore(5, false)).toBe(false);
    expect(canSeeMore(0, false)).toBe(false);
  });
});

describe('support chat (spec §2.5, §9)', () => {
  it("opens the provider's WhatsApp only when it takes requests by chat", () => {
    expect(supportChatUrl({ support_chat: true, whatsapp_number: '(48) 99999-0000' })).toBe(
      'https://wa.me/5548999990000',
    );
    expect(supportChatUrl({ support_chat: true, whatsapp_number: '0800 123 4567' })).toBe(
      'https://wa.me/08001234567',
    );
    expect(supportChatUrl({ support_chat: false, whatsapp_number: '(48) 99999-0000' })).toBeNull();
    expect(supportChatUrl({ support_chat: true, whatsapp_number: null })).toBeNull();
  });
});
