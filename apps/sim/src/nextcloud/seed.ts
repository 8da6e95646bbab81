// The seeded Nextcloud of the demo provider's cloud box: its admin (the account the portal calls with),
// and a group per contract that has the box, named by the portal's rule (spec §3: customer name, CPF/CNPJ
// digits and contract id): `{name slug}-{digits}-{contract}`, as `cloudGroupId` in
// packages/domain/src/apps/cloud.ts (cloudGroupId) builds it.

/** The account the portal provisions with: an admin and one of its app passwords (Basic auth). */
export const DEMO_NEXTCLOUD = {
  user: 'central-admin',
  /** Nextcloud's app-password format: five groups of five letters/digits. */
  appPassword: 'Kd7pQ-x2MwR-8vTnc-LzY4h-Fb9sE',
} as const;

const GB = 1024 ** 3;

/** Ids of the `demo` instance, for tests that need a particular case. */
export const NEXTCLOUD_DEMO = {
  groups: {
    /** Maria Aparecida Souza, CPF 529.982.247-25, contract 101 */
    maria101: 'maria-aparecida-souza-52998224725-101',
    /** João Pedro Lima, CPF 111.444.777-35, contract 104: another customer's box */
    joao104: 'joao-pedro-lima-11144477735-104',
  },
  users: {
    /** In Maria's group: quota 5 GB, 1.25 GB used */
    mariaFotos: { id: 'maria.fotos', quotaBytes: 5 * GB, usedBytes: 1.25 * GB },
    /** In João's group: quota 2 GB, nothing used */
    joaoBackup: { id: 'joao.backup', quotaBytes: 2 * GB, usedBytes: 0 },
  },
} as const;

export interface SeedUser {
  id: string;
  password: string;
  displayname: string;
  email: string | null;
  /** as Nextcloud stores it: 'none', 'default' or humanFileSize() text ('5 GB') */
  quota: string;
  used: number;
  groups: string[];
  lastLogin: number;
}

export interface Seed {
  groups: { id: string; displayname: string }[];
  users: SeedUser[];
}

/** A fresh copy of the demo seed (login times relative to `now`, in seconds as Nextcloud keeps them). */
export function demoSeed(now: number): Seed {
  const seconds = Math.floor(now / 1000);
  return {
    groups: [
      { id: 'admin', displayname: 'admin' },
      { id: NEXTCLOUD_DEMO.groups.maria101, displayname: 'Maria Aparecida Souza - contrato 101' },
      { id: NEXTCLOUD_DEMO.groups.joao104, displayname: 'João Pedro Lima - contrato 104' },
    ],
    users: [
      {
        id: DEMO_NEXTCLOUD.user,
        password: 'central-admin-login-password',
        displayname: 'Central (provisionamento)',
        email: null,
        quota: 'none',
        used: 0,
        groups: ['admin'],
        lastLogin: seconds - 3600,
      },
      {
        id: NEXTCLOUD_DEMO.users.mariaFotos.id,
        password: 'Fotos-da-Maria-2024',
        displayname: 'Maria Fotos',
        email: 'maria.fotos@example.com',
        quota: '5 GB',
        used: NEXTCLOUD_DEMO.users.mariaFotos.usedBytes,
        groups: [NEXTCLOUD_DEMO.groups.maria101],
        lastLogin: seconds - 2 * 86400,
      },
      {
        id: NEXTCLOUD_DEMO.users.joaoBackup.id,
        password: 'Backup-do-Joao-2024',
        displayname: 'João Backup',
        email: 'joao.backup@example.com',
        quota: '2 GB',
        used: 0,
        groups: [NEXTCLOUD_DEMO.groups.joao104],
        lastLogin: 0,
      },
    ],
  };
}
