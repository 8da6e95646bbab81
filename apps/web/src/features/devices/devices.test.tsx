import { type Device, messages } from '@central/domain';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as paths from '@/shared/paths';
import { renderRoutes } from '@/test/render-routes';
import { deviceKeys } from './api';
import { requireAcs } from './guards';
import { DevicePage } from './pages/device-page';
import { DevicesPage } from './pages/devices-page';

const maria: Device = {
  serialNumber: 'ZTEGC8A10001',
  deviceInfo: {
    pppLogin: 'maria.souza',
    manufacturer: 'ZTE',
    model: 'F670L',
    wlanData: {
      '2.4': [{ path: '1,1', ssid: 'MARIA_2G', password: '' }],
      '5.8': [{ path: '1,5', ssid: 'MARIA_5G', password: '' }],
    },
  },
  created: '2025-01-10T12:00:00.000Z',
  last_inform: '2026-11-20T15:30:00.000Z',
  online: true,
  pending: [],
};
const padaria: Device = {
  ...maria,
  serialNumber: 'HWTC0002',
  deviceInfo: {
    ...maria.deviceInfo,
    pppLogin: 'padaria',
    manufacturer: 'Huawei',
    model: 'EG8145V5',
    wlanData: { '2.4': [{ path: '1,1', ssid: 'PADARIA', password: '' }], '5.8': [] },
  },
  online: false,
  pending: [{ band: '2.4', path: '1,1', requested_at: '2026-11-21T10:00:00.000Z' }],
};

function renderList(devices?: Device[]) {
  renderRoutes([{ path: paths.devices, Component: DevicesPage }], paths.devices, {
    seed: (client) => {
      if (devices) client.setQueryData(deviceKeys.list, devices);
    },
  });
}

function renderDevice(device: Device) {
  const { user } = renderRoutes(
    [{ path: paths.device(':serial'), Component: DevicePage }],
    paths.device(device.serialNumber),
    { seed: (client) => client.setQueryData(deviceKeys.device(device.serialNumber), device) },
  );
  const band = (name: string) => within(screen.getByRole('form', { name }));
  const field = (form: string, label: string) =>
    band(form).getByLabelText(new RegExp(`^${label}( \\*)?$`)) as HTMLInputElement;
  const message = (form: string, label: string) =>
    document.getElementById(field(form, label).getAttribute('aria-describedby') ?? '')?.textContent;
  const submit = (form: string) => user.click(band(form).getByRole('button', { name: 'Alterar senha' }));
  return { user, field, message, submit };
}

describe('devices list (spec §2.2 /panel/devices)', () => {
  it('shows each router with its serial, PPPoE login, state and networks per band', async () => {
    renderList([maria, padaria]);
    const card = await screen.findByRole('article', { name: 'ZTE F670L' });
    expect(within(card).getByText('Nº de série ZTEGC8A10001')).toBeTruthy();
    expect(within(card).getByText('maria.souza')).toBeTruthy();
    expect(within(card).getByText('Online')).toBeTruthy();
    expect(within(card).getByText('MARIA_5G')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Ver detalhes do ZTE F670L' }).getAttribute('href')).toBe(
      paths.device('ZTEGC8A10001'),
    );
    const offline = screen.getByRole('article', { name: 'Huawei EG8145V5' });
    expect(within(offline).getByText('Offline')).toBeTruthy();
    expect(within(offline).getByText('Alteração pendente')).toBeTruthy();
    expect(within(offline).getByText('Nenhuma rede')).toBeTruthy();
  });

  it('says so when there is no router', async () => {
    renderList([]);
    expect(await screen.findByText('Nenhum dispositivo encontrado.')).toBeTruthy();
  });

  it("says 'Falha ao carregar dispositivos...' with a retry when the list does not load", async () => {
    renderList();
    expect(await screen.findByText(messages.devicesFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});

describe('device details (spec §2.2 /panel/device/{id}, §5, §8 Devices)', () => {
  it('shows the manufacturer, the PPPoE login and one form per band with its network', async () => {
    renderDevice(maria);
    expect(await screen.findByRole('heading', { name: 'Detalhes do Dispositivo', level: 1 })).toBeTruthy();
    expect(screen.getByText('ZTE')).toBeTruthy();
    expect(screen.getByText('maria.souza')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Wi-Fi 2.4 GHz' })).getByText('MARIA_2G')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Wi-Fi 5 GHz' })).getByText('MARIA_5G')).toBeTruthy();
  });

  it.each([
    ['nothing', '', '', messages.wifiPasswordRequired],
    ['7 characters', 'abc1234', 'abc1234', messages.wifiPasswordLength],
    ['64 characters', 'a'.repeat(64), 'a'.repeat(64), messages.wifiPasswordLength],
    ['an accented letter', 'coração123', 'coração123', messages.wifiPasswordCharacters],
  ])('refuses %s', async (_, password, confirmation, expected) => {
    const { user, field, message, submit } = renderDevice(maria);
    await screen.findByRole('form', { name: 'Wi-Fi 5 GHz' });
    if (password) await user.type(field('Wi-Fi 5 GHz', 'Nova senha'), password);
    if (confirmation) await user.type(field('Wi-Fi 5 GHz', 'Confirme a nova senha'), confirmation);
    await submit('Wi-Fi 5 GHz');
    expect(message('Wi-Fi 5 GHz', 'Nova senha')).toBe(expected);
    expect(field('Wi-Fi 5 GHz', 'Nova senha').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for the same password twice', async () => {
    const { user, field, message, submit } = renderDevice(maria);
    await user.type(field('Wi-Fi 2.4 GHz', 'Nova senha'), 'nova-senha-1');
    await user.type(field('Wi-Fi 2.4 GHz', 'Confirme a nova senha'), 'nova-senha-2');
    await submit('Wi-Fi 2.4 GHz');
    expect(message('Wi-Fi 2.4 GHz', 'Confirme a nova senha')).toBe(messages.passwordsMustMatch);
  });

  it('shows and hides the password', async () => {
    const { user, field } = renderDevice(maria);
    expect(field('Wi-Fi 5 GHz', 'Nova senha').type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Mostrar a nova senha do Wi-Fi 5 GHz' }));
    expect(field('Wi-Fi 5 GHz', 'Nova senha').type).toBe('text');
  });

  it.each([
    ['Wi-Fi 2.4 GHz', messages.devicePasswordFailed],
    ['Wi-Fi 5 GHz', messages.devicePasswordFailed5g],
  ])('says the failure of the %s band in its own words', async (band, expected) => {
    const { user, field, submit } = renderDevice(maria);
    await user.type(field(band, 'Nova senha'), 'nova senha segura');
    await user.type(field(band, 'Confirme a nova senha'), 'nova senha segura');
    await submit(band);
    expect(await screen.findByText(expected)).toBeTruthy();
  });

  it('marks the band whose change waits for the router, and has no form for a band it lacks', async () => {
    renderDevice(padaria);
    const band24 = await screen.findByRole('region', { name: 'Wi-Fi 2.4 GHz' });
    expect(within(band24).getByText('Alteração pendente')).toBeTruthy();
    const band5 = screen.getByRole('region', { name: 'Wi-Fi 5 GHz' });
    expect(within(band5).getByText('Este roteador não tem rede nesta frequência.')).toBeTruthy();
    expect(within(band5).queryByRole('form')).toBeNull();
    expect(screen.getByText('Offline')).toBeTruthy();
  });

  it("says 'Falha ao carregar detalhes do dispositivo' when the device does not load", async () => {
    renderRoutes([{ path: paths.device(':serial'), Component: DevicePage }], paths.device('OUTRO'));
    expect(await screen.findByText(messages.deviceFailed)).toBeTruthy();
  });
});

describe('devices gating (spec §6)', () => {
  const load = (check?: boolean) => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    if (check !== undefined) client.setQueryData(deviceKeys.check, check);
    const url = new URL(paths.devices, 'http://demo.localhost');
    const args = { request: new Request(url), url, params: {}, context: {}, pattern: paths.devices };
    return Promise.resolve()
      .then(() => requireAcs(client)(args))
      .catch((thrown: unknown) => thrown);
  };

  it.each([
    ['says it has no ACS', false],
    ['cannot be asked', undefined],
  ])('gives the pages way to /panel when the device service %s', async (_, check) => {
    const answer = (await load(check)) as Response;
    expect(answer).toBeInstanceOf(Response);
    expect(answer.headers.get('Location')).toBe(paths.panel);
    expect(answer.headers.get('X-Remix-Replace')).toBe('true');
  });

  it('lets the pages load when it is configured', async () => {
    expect(await load(true)).toBeNull();
  });
});
