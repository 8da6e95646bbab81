#!/usr/bin/env node
// `npm start`: builds the SPA if needed, starts apps/sim and the API (PGlite in ./data, demo seeded),
// prints the URL and the demo accounts. `npm run dev` does the same with watchers and Vite's dev server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dev = process.argv.includes('--dev');
const port = process.env.PORT ?? '3000';
const simPort = process.env.SIM_PORT ?? '4010';
const simUrl = process.env.DEMO_SIM_URL ?? `http://127.0.0.1:${simPort}`;
const children = [];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const index = path.join(root, 'apps/web/dist/index.html');
  const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/domain/src'].map((p) =>
    path.join(root, p),
  );
  const newest = Math.max(
    ...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= newest) return;
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@central/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function run(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping everything.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(url, what) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  console.error(`${what} did not become ready at ${url}`);
  stop(1);
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 2000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

if (!dev) buildIfNeeded();
const watch = dev ? ['--watch'] : [];
run('sim', [...watch, '--import', 'tsx', 'apps/sim/src/main.ts'], { SIM_PORT: simPort });
await waitFor(`${simUrl}/__sim/health`, 'apps/sim');
run('api', [...watch, '--import', 'tsx', 'apps/api/src/main.ts'], {
  PORT: port,
  SEED_DEMO: process.env.SEED_DEMO ?? 'true',
  API_DOCS: process.env.API_DOCS ?? 'true',
  // Request logs would bury the banner; LOG_LEVEL=info shows them.
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DEMO_SIM_URL: simUrl,
  // The demo providers' systems are the simulator on 127.0.0.1: the back office's connection check may call it.
  OUTBOUND_ALLOW_PRIVATE: process.env.OUTBOUND_ALLOW_PRIVATE ?? 'true',
});
await waitFor(`http://127.0.0.1:${port}/readyz`, 'the API');
if (dev) {
  spawnSync('npm', ['run', 'dev', '-w', '@central/web'], { cwd: root, stdio: 'inherit' });
  stop(0);
} else {
  console.log(`
  Central is running: http://localhost:${port}  (provider 'demo', Fibra Demo)
                      http://outro.localhost:${port}  (provider 'outro', Outra Net)
  API documentation:  http://localhost:${port}/api/docs

  Demo subscribers of Fibra Demo (password senha123):
    CPF  529.982.247-25      Maria Aparecida Souza
    CNPJ 11.222.333/0001-81  Padaria Pão Quente Ltda (Pão Quente)
    CPF  390.533.447-05      Carlos Eduardo Ramos: inactive in the ERP, denied
    CPF  111.444.777-35      João Pedro Lima: no password yet ('Primeiro acesso')
  Outra Net: CPF 714.602.380-01, password senha123
  Admin: admin@central.local / admin12345  (http://localhost:${port}/adm)
  Provider area of Fibra Demo: user demo / provedor123  (http://localhost:${port}/admin)
`);
}
