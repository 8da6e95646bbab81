import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

const ENTRY = fileURLToPath(new URL('../src/notification/sw.ts', import.meta.url));
/** spec §7.7: the worker's URL; its folder is its scope, so the server needs no Service-Worker-Allowed. */
const URL_PATH = '/notification/sw.js';

/**
 * The push service worker as one classic script (an IIFE: every browser takes it, module workers are
 * not everywhere yet), built from TypeScript by a Vite build of its own, without hashes.
 */
async function bundle(minify: boolean): Promise<string> {
  const result = await build({
    configFile: false,
    root: fileURLToPath(new URL('..', import.meta.url)),
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      minify,
      sourcemap: false,
      lib: { entry: ENTRY, formats: ['iife'], name: 'centralNotificationWorker', fileName: () => 'sw.js' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs
    .flatMap((output) => ('output' in output ? output.output : []))
    .find((file) => file.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error('the service worker build made no script');
  return chunk.code;
}

/** Serves the worker at /notification/sw.js under `vite` and writes dist/notification/sw.js on build. */
export function serviceWorker(): Plugin {
  return {
    name: 'central:service-worker',
    configureServer(server) {
      server.middlewares.use(URL_PATH, (request, response, next) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return next();
        bundle(false).then(
          (code) => {
            response.setHeader('content-type', 'text/javascript; charset=utf-8');
            response.setHeader('cache-control', 'no-cache');
            response.end(code);
          },
          (error: unknown) => next(error),
        );
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: URL_PATH.slice(1), source: await bundle(true) });
    },
  };
}
