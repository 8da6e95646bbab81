import { describe, expect, it } from 'vitest';
import { bandOf, wifiPasswordSchema } from './wifi.ts';

describe('Wi-Fi passwords (WPA2 passphrase)', () => {
  it('accepts 8 to 63 printable ASCII characters, spaces and symbols included', () => {
    for (const password of ['12345678', 'minha senha!', `${'a'.repeat(62)}~`, '~!@#$%^&*()_+{}|:"<>?']) {
      expect(wifiPasswordSchema.safeParse(password).success).toBe(true);
    }
  });

  it('refuses shorter, longer and non-ASCII passwords with a Portuguese message', () => {
    const message = (v: unknown) => wifiPasswordSchema.safeParse(v).error?.issues[0]?.message;
    expect(message('')).toBe('Por favor, informe a nova senha do Wi-Fi');
    expect(message('1234567')).toBe('A senha do Wi-Fi deve ter de 8 a 63 caracteres');
    expect(message('a'.repeat(64))).toBe('A senha do Wi-Fi deve ter de 8 a 63 caracteres');
    expect(message('senhaçãoó')).toBe('Use apenas letras sem acento, números, espaços e símbolos comuns');
    expect(message('tab\there1')).toBe('Use apenas letras sem acento, números, espaços e símbolos comuns');
    expect(message(undefined)).toBe('Por favor, informe a nova senha do Wi-Fi');
  });

  it("finds a network's band from its frequency, else from its 802.11 standard", () => {
    expect(bandOf({ frequencyBand: '2.4GHz' })).toBe('2.4');
    expect(bandOf({ frequencyBand: '5GHz' })).toBe('5.8');
    expect(bandOf({ standard: 'b,g,n' })).toBe('2.4');
    expect(bandOf({ standard: 'a,n,ac' })).toBe('5.8');
    expect(bandOf({ standard: 'ac' })).toBe('5.8');
    expect(bandOf({})).toBe('2.4');
  });
});
