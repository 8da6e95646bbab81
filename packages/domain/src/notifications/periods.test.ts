import { describe, expect, it } from 'vitest';
import { invoiceRangeSchema, pushNotificationConfigBody } from '../contracts/notifications.ts';
import { todayInSaoPaulo } from '../financial/dates.ts';
import { daysBetween, notificationPeriods, remindsToday } from './periods.ts';

describe('reminder periods (spec §5, §9)', () => {
  it('accepts 15, 10, 5 and 1 days only, with the spec message otherwise', () => {
    expect(notificationPeriods).toEqual([15, 10, 5, 1]);
    for (const days of [15, 10, 5, 1, '5']) expect(invoiceRangeSchema.parse(days)).toBe(Number(days));
    for (const days of [0, 2, 7, 30, -1, 5.5, 'x', null]) {
      const result = invoiceRangeSchema.safeParse(days);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Por favor, selecione um período');
    }
  });

  it('counts days in São Paulo, not in UTC: 22:30 in São Paulo is still the same day there', () => {
    // 2026-11-23 22:30 in São Paulo (UTC-3) is already the 24th in UTC.
    const lateEvening = new Date('2026-11-24T01:30:00Z');
    expect(todayInSaoPaulo(lateEvening)).toBe('2026-11-23');
    expect(remindsToday(5, '2026-11-28', lateEvening)).toBe(true);
    expect(remindsToday(5, '2026-11-29', lateEvening)).toBe(false);
    // Just after midnight in São Paulo the day has turned.
    const afterMidnight = new Date('2026-11-24T03:05:00Z');
    expect(todayInSaoPaulo(afterMidnight)).toBe('2026-11-24');
    expect(remindsToday(5, '2026-11-29', afterMidnight)).toBe(true);
    expect(remindsToday(1, '2026-11-25', afterMidnight)).toBe(true);
  });

  it('counts whole calendar days across months and years', () => {
    expect(daysBetween('2026-12-27', '2027-01-11')).toBe(15);
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2026-11-23', '2026-11-20')).toBe(-3);
  });

  it('takes a browser subscription as PushSubscription.toJSON() gives it', () => {
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
      expirationTime: null,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    };
    expect(pushNotificationConfigBody.parse({ subscription, invoiceRange: 10 }).invoiceRange).toBe(10);
    expect(
      pushNotificationConfigBody.safeParse({
        subscription: { ...subscription, endpoint: 'javascript:alert(1)' },
        invoiceRange: 10,
      }).success,
    ).toBe(false);
  });
});
