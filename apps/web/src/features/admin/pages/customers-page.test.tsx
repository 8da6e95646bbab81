import { messages, type TenantList } from '@central/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as paths from '@/shared/paths';
import { renderRoutes } from '@/test/render-routes';
import { adminKeys } from '../api';
import { AdminLayout } from '../components/admin-layout';
import { CustomersPage } from './customers-page';

const customers: TenantList['customers'] = [
  {
    client_id: 'demo',
    alias: 'Fibra Demo',
    primary_color: '#0B5CAD',
    vertical_logo_url: '/brand/demo/vertical.svg',
    suspended: false,
    created_at: '2025-01-10T12:00:00.000Z',
  },
  {
    client_id: 'outro',
    alias: 'Outro Provedor',
    primary_color: '#7A1FA2',
    vertical_logo_url: '/brand/outro/vertical.svg',
    suspended: true,
    created_at: '2025-02-10T12:00:00.000Z',
  },
];

function renderList(list?: TenantList['customers'], adminName = 'Ana Admin') {
  return renderRoutes(
    [{ Component: AdminLayout, children: [{ path: paths.admCustomers, Component: CustomersPage }] }],
    paths.admCustomers,
    {
      seed: (client) => {
        client.setQueryData(adminKeys.session, {
          admin: { name: adminName, email: 'ana@central.local' },
          expiresAt: '2099-01-01T00:00:00.000Z',
        });
        if (list) client.setQueryData(adminKeys.tenantList(''), list);
      },
    },
  );
}

describe('customers list (spec §2.4 /adm/customers)', () => {
  it('lists the providers, each linking to its form, suspended ones marked', async () => {
    renderList(customers);
    expect(await screen.findByRole('heading', { name: 'Clientes', level: 1 })).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Clientes' })).getAllByRole('link');
    expect(items.map((a) => a.getAttribute('href'))).toEqual([
      paths.admCustomer('demo'),
      paths.admCustomer('outro'),
    ]);
    expect(within(items[0] as HTMLElement).queryByText('Suspenso')).toBeNull();
    expect(within(items[1] as HTMLElement).getByText('Suspenso')).toBeTruthy();
    expect(screen.getByLabelText('Buscar cliente')).toBeTruthy();
  });

  it('says when there is none yet', async () => {
    renderList([]);
    expect(await screen.findByText('Nenhum cliente cadastrado')).toBeTruthy();
  });

  it("says 'Falha ao obter clientes' when the list cannot be loaded", async () => {
    renderList();
    expect(await screen.findByText(messages.tenantListFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });

  it("shows the admin's name, the links and Sair in the header", async () => {
    renderList(customers);
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(within(nav).getByRole('link', { name: 'Clientes' }).getAttribute('href')).toBe(paths.admCustomers);
    expect(within(nav).getByRole('link', { name: 'Novo Cliente' }).getAttribute('href')).toBe(
      paths.admNewCustomer,
    );
    expect(screen.getByText('Ana Admin')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeTruthy();
  });

  it("calls the admin 'Admin' when the name is blank", async () => {
    renderList(customers, ' ');
    expect(await screen.findByText('Admin')).toBeTruthy();
  });
});
