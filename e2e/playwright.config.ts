import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');

// Every port can be moved, so that two runs on one machine do not collide.
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
export const API_PORT = port('E2E_PORT', 3100);
const SIM_PORT = port('E2E_SIM_PORT', 4110);
/** The simulated systems: tests reach the demo ERP through its own webservice, as the provider's staff would. */
export const SIM_URL = `http://127.0.0.1:${SIM_PORT}`;
const SMTP_PORT = port('E2E_SMTP_PORT', 2626);
const SMTP_HTTP_PORT = port('E2E_SMTP_HTTP_PORT', 4626);
export const SMTP_SINK_HTTP = `http://127.0.0.1:${SMTP_HTTP_PORT}`;

// The API's database and secret key go to a fresh temporary folder. Playwright loads this file in the
// runner and again in every worker (and the tests import it): the first load, in the runner, makes the
// folder and hands it down through the environment, which the workers inherit. The runner removes it when
// it exits, after the web servers have been stopped (a globalTeardown would run while the API still
// writes there).
function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'central-e2e-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
process.env.E2E_DATA_DIR ??= freshDataDir();
const dataDir = process.env.E2E_DATA_DIR;

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
};

const phone = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
const desktop = { viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // The longest flows (recovery, then sign-in twice and Minha Senha) hash several passwords with argon2
  // and take 25 to 30 s on a 2-core machine: a minute leaves room without hiding a hang.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  // one folder per API port: a run clears its output folder when it starts, so two runs must not share one
  outputDir: path.join(root, 'test-results', `port-${API_PORT}`),
  use: { baseURL: `http://localhost:${API_PORT}`, trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  // Recovery and payments change the demo's state (passwords, paid invoices), so they run after the
  // sign-in projects, one width at a time. The demo ERP's outage (erp-down) comes last, alone: while it
  // lasts, every other test would fail.
  projects: [
    { name: 'phone', testIgnore: /stateful/, use: { ...chromium, ...phone } },
    { name: 'desktop', testIgnore: /stateful/, use: { ...chromium, ...desktop } },
    {
      name: 'stateful-phone',
      testMatch: /stateful/,
      testIgnore: /erp-down/,
      dependencies: ['phone', 'desktop'],
      use: { ...chromium, ...phone },
    },
    {
      name: 'stateful-desktop',
      testMatch: /stateful/,
      testIgnore: /erp-down/,
      dependencies: ['stateful-phone'],
      use: { ...chromium, ...desktop },
    },
    {
      name: 'erp-down-phone',
      testMatch: /erp-down/,
      dependencies: ['stateful-desktop'],
      use: { ...chromium, ...phone },
    },
    {
      name: 'erp-down-desktop',
      testMatch: /erp-down/,
      dependencies: ['erp-down-phone'],
      use: { ...chromium, ...desktop },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx e2e/smtp-sink.ts',
      cwd: root,
      env: { SMTP_SINK_PORT: String(SMTP_PORT), SMTP_SINK_HTTP_PORT: String(SMTP_HTTP_PORT) },
      url: `${SMTP_SINK_HTTP}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node --import tsx apps/sim/src/main.ts',
      cwd: root,
      env: { SIM_PORT: String(SIM_PORT) },
      url: `http://127.0.0.1:${SIM_PORT}/__sim/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'node --import tsx apps/api/src/main.ts',
      cwd: root,
      env: {
        PORT: String(API_PORT),
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        DEMO_SIM_URL: `http://127.0.0.1:${SIM_PORT}`,
        // the simulated ERP and gateway are on 127.0.0.1: the back office's connection check must reach them
        OUTBOUND_ALLOW_PRIVATE: 'true',
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // A paid PIX reaches the open page within a second (pix-live.stateful.spec.ts).
        PAYMENT_POLL_MS: '1000',
        // The ERP's circuit probes again a second after it opened (erp-down.stateful.spec.ts).
        IXC_BREAKER_HALF_OPEN_MS: '1000',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      url: `http://127.0.0.1:${API_PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
