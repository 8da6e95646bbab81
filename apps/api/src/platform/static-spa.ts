import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA: hashed assets with long caching, and index.html (with the server's default
 * client id filled in) for every other GET that is not an API path, so that client routes load.
 */
export async function registerSpa(app: FastifyInstance, opts: { webDist: string; defaultClientId: string }) {
  const indexFile = path.join(opts.webDist, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz next to every text asset (apps/web/build/precompress.ts): they
      // are sent to clients that accept them, with `Vary: Accept-Encoding` on every file.
      preCompressed: true,
      setHeaders(res, filePath) {
        // The file asked for, whichever of its encodings goes out.
        const served = filePath.replace(/\.(br|gz)$/, '');
        // The service workers (the app shell's at /sw.js, the push one at /notification/sw.js) keep their
        // URLs across builds: browsers must see a new one at once.
        const serviceWorker =
          served === path.join(opts.webDist, 'sw.js') ||
          served.endsWith(`${path.sep}notification${path.sep}sw.js`);
        res.header(
          'cache-control',
          served.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : serviceWorker
              ? 'no-cache'
              : 'public, max-age=300',
        );
      },
    });
  }
  const index = built
    ? readFileSync(indexFile, 'utf8').replaceAll('%DEFAULT_CLIENT_ID%', opts.defaultClientId)
    : '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Central</title><p>O aplicativo web ainda não foi gerado: rode <code>npm run build</code>.</p></html>';

  app.setNotFoundHandler((request, reply) => {
    const apiPath = request.url.startsWith('/api/') || request.url.startsWith('/pwa/');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'Página não encontrada' });
    }
    // A missing file (an old asset after a deploy) is a 404, not the SPA: only client routes get index.html.
    // The panel's paths carry ids that may have a dot (the cloud box's user `maria.fotos`): never files.
    const pathname = request.url.split('?')[0] ?? '';
    const isFile = !pathname.startsWith('/panel/') && /\.[a-z0-9]+$/i.test(pathname);
    if (apiPath || isFile)
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'Página não encontrada' });
    return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);
  });
}
