import type { SupportList, SupportTicket } from '@central/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as paths from '@/shared/paths';
import { supportKeys } from '../api';
import { renderPages } from '../test-support';
import { ClosedPage } from './support-list-page';

const ticket = (id: number): SupportTicket => ({
  id: String(id),
  subject: `Assunto ${id}`,
  protocolo: `20260101${String(id).padStart(6, '0')}`,
  created_at: '2026-01-01 10:00:00',
  status: 'closed',
  message: `Mensagem ${id}`,
});

const page = (page: number, ids: number[], hasMore: boolean): SupportList => ({
  supports: ids.map(ticket),
  page,
  hasMore,
});

function renderClosed(url: string, pages: SupportList[]) {
  const { router } = renderPages([{ path: paths.customerService.closed, Component: ClosedPage }], url, {
    seed: (client) => {
      for (const p of pages) client.setQueryData(supportKeys.list('closed', p.page), p);
    },
  });
  const items = () =>
    within(screen.getByRole('list', { name: 'Atendimentos fechados' })).getAllByRole('link');
  const seeMore = () => screen.getByRole('button', { name: 'Ver mais' });
  return { router, items, seeMore };
}

describe('closed tickets (spec §2.2, §9)', () => {
  it("adds the next page to the list and to the address with 'Ver mais'", async () => {
    const { router, items, seeMore } = renderClosed(paths.customerService.closed, [
      page(1, [1, 2, 3, 4, 5], true),
      page(2, [6, 7], false),
    ]);
    expect(await screen.findByRole('heading', { name: 'Atendimentos Fechados' })).toBeTruthy();
    expect(items()).toHaveLength(5);
    expect(seeMore().hasAttribute('disabled')).toBe(false);

    await userEvent.setup().click(seeMore());
    expect(router.state.location.search).toBe('?page=2');
    expect(items()).toHaveLength(7);
    expect(items()[5]?.getAttribute('href')).toBe(paths.supportTicket('6'));
    expect(seeMore().hasAttribute('disabled')).toBe(true);
  });

  it('shows pages 1 to N when the address asks for page N', async () => {
    const { items } = renderClosed(`${paths.customerService.closed}?page=2`, [
      page(1, [1, 2, 3, 4, 5], true),
      page(2, [6], false),
    ]);
    expect(await screen.findAllByRole('link', { name: /^Assunto/ })).toHaveLength(6);
    expect(items().map((link) => link.getAttribute('href'))).toContain(paths.supportTicket('6'));
  });

  it("keeps 'Ver mais' disabled with fewer than 3 tickets", async () => {
    const { seeMore } = renderClosed(paths.customerService.closed, [page(1, [1, 2], true)]);
    await screen.findByRole('heading', { name: 'Atendimentos Fechados' });
    expect(seeMore().hasAttribute('disabled')).toBe(true);
  });

  it('says so when there is none', async () => {
    renderClosed(paths.customerService.closed, [page(1, [], false)]);
    expect(await screen.findByText('Não há atendimentos fechados.')).toBeTruthy();
  });
});
