import type { Session } from '@central/domain';
import { describe, expect, it } from 'vitest';
import { panelMenu, visibleMenu } from './panel-menu';

const session: Session = {
  validToken: true,
  featureFlag: [],
  customer: { name: 'Maria Souza', firstName: 'Maria' },
};
const tenant = {} as Parameters<typeof visibleMenu>[1]['tenant'];
const labels = (acsConfigured: boolean) =>
  visibleMenu(panelMenu, { session, tenant, acsConfigured }).map((entry) => entry.label);

describe('panel menu (spec §2.5, §6)', () => {
  it("shows 'Notificações', and 'Dispositivos' only when the device service is configured", () => {
    expect(labels(false)).toContain('Notificações');
    expect(labels(false)).not.toContain('Dispositivos');
    expect(labels(true).slice(0, 3)).toEqual(['Início', 'Notificações', 'Dispositivos']);
  });
});
