import path from 'node:path';
import { build, type Plugin } from 'vite';

const ENTRY = path.join(import.meta.dirname, '../src/notification/sw.ts');
/** spec §7.7: the worker's URL; its folder is its scope, so the server needs no Service-Worker-Allowed. */
const URL_PATH = '/notification/sw.js';

/**
 * A service worker as one classic script (an IIFE: every browser takes it, module workers are not
 * everywhere yet), built from TypeScript by a Vite build of its own, without hashes. `define` replaces
 * names in its code (the app shell's precache list).
 */
export async function bundleWorker(
  entry: string,
  opts: { name: string; minify: boolean; define?: Record<string, string> },
): Promise<string> {
  const result = await build({
    configFile: false,
    root: path.join(import.meta.dirname, '..'),
    logLevel: 'warn',
    publicDir: false,
    // Library builds keep `process.env.NODE_ENV`; the workers' dependencies (Workbox) read it.
    define: {
      'process.env.NODE_ENV': JSON.stringify(opts.minify ? 'production' : 'development'),
      ...opts.define,
    },
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: opts.minify,
      sourcemap: false,
      lib: { entry, formats: ['iife'], name: opts.name, fileName: () => 'sw.js' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs
    .flatMap((output) => ('output' in output ? output.output : []))
    .find((file) => file.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error(`the service worker build of ${entry} made no script`);
  return chunk.code;
}

const bundle = (minify: boolean) => bundleWorker(ENTRY, { name: 'centralNotificationWorker', minify });

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
