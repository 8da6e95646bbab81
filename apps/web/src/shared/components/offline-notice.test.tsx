import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineNotice } from './offline-notice';

const OFFLINE = 'Você está sem conexão. Verifique sua internet e tente novamente.';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('the offline notice', () => {
  it('shows while the browser has no connection, and goes when it is back', () => {
    render(<OfflineNotice />);
    expect(screen.queryByText(OFFLINE)).toBeNull();
    setOnline(false);
    expect(screen.getByRole('alert').textContent).toBe(OFFLINE);
    setOnline(true);
    expect(screen.queryByText(OFFLINE)).toBeNull();
  });

  it('shows at once on a page opened offline', () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    render(<OfflineNotice />);
    expect(screen.getByRole('alert').textContent).toBe(OFFLINE);
  });
});
