import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appShellWorker } from './build/app-shell-worker';
import { firstScreens } from './build/first-screens';
import { preactAlias } from './build/preact-alias';
import { precompress } from './build/precompress';
import { serviceWorker } from './build/service-worker';

const api = 'http://localhost:3000';

/**
 * React Router's package exports name only its development build (remix-run/react-router#12532): its
 * production build, which differs by its dev warnings turned off, is reached by path for `vite build`.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(
    new URL('../production/index.mjs', `file://${createRequire(import.meta.url).resolve('react-router')}`),
  ),
};

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), serviceWorker(), appShellWorker(), firstScreens(), precompress()],
  resolve: {
    tsconfigPaths: true,
    alias: command === 'build' ? [...preactAlias, reactRouterProduction] : preactAlias,
  },
  server: {
    // The browser's Host is kept (Vite's shorthand would rewrite it to the API's): the API picks the
    // tenant by host name and refuses a state change whose Origin is not the Host.
    proxy: Object.fromEntries(
      ['/api', '/pwa', '/manifest.webmanifest'].map((path) => [path, { target: api, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph that `npm run size` walks (never served: a dot folder).
    manifest: true,
    // package.json declares that no module but src/main.tsx runs anything on import: so a feature's
    // index.ts can export its routes with its menu entry and components, and each of them lands in the
    // chunks that use it (the routes in the entry chunk, the rest with the pages), not all in the entry.
    rolldownOptions: {
      output: {
        // The framework changes less often than the app: its own chunk stays cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](preact|react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
}));
