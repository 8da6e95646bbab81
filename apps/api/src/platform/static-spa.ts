import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { FALLBACK_PRIMARY_COLOR, FIRST_LOAD_ELEMENT_ID, type FirstLoad, tenantColor } from '@central/domain';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Written by the web build (apps/web/build/first-screens.ts): per landing path, what to preload. */
interface FirstScreen {
  preload: string[];
  data: string[];
}

const escapeAttribute = (value: string) =>
  value.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c] ?? c);

/** JSON inside a script element: no `<` may close it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The HTML of a navigation: index.html with the first load's data (the theme and the session), the
 * provider's colour and icon, and preload links for the landing page's chunks and, signed in, its data.
 */
export function firstLoadHtml(index: string, firstLoad: FirstLoad, screen: FirstScreen | undefined): string {
  const links = [
    ...(screen?.preload ?? []).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    // `crossorigin` (anonymous, with same-origin credentials) is what the SPA's fetch() asks: it reuses them.
    ...(firstLoad.session ? (screen?.data ?? []) : []).map(
      (url) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}">`,
    ),
  ];
  const { theme } = firstLoad;
  let html = index.replace(
    '<meta name="theme-color" content="#ffffff" />',
    // As the SPA's theme and the manifest read it: '6A1B9A' is '#6A1B9A', no colour is MUI's blue.
    `<meta name="theme-color" content="${escapeAttribute(tenantColor(theme.primary_color) ?? FALLBACK_PRIMARY_COLOR)}" />`,
  );
  if (theme.favicon_url) {
    html = html.replace(
      '<link rel="icon" href="data:," />',
      `<link rel="icon" href="${escapeAttribute(theme.favicon_url)}" />`,
    );
  }
  const data = `<script type="application/json" id="${FIRST_LOAD_ELEMENT_ID}">${scriptJson(firstLoad)}</script>`;
  return html.replace('</head>', `${[data, ...links].join('\n    ')}\n  </head>`);
}

/** As the API's answers go out (app.ts, @fastify/compress): from 1 KB, brotli or gzip as the client takes. */
const COMPRESS_THRESHOLD = 1024;
const BROTLI_HTML = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 5 },
};

/**
 * A client route's HTML, compressed here: it comes from the not-found handler, which is no route, and
 * @fastify/compress hooks routes only. With the first load's data and preload links it is several KB, on
 * the way to every first paint.
 */
function encodeHtml(request: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  if (Buffer.byteLength(html) < COMPRESS_THRESHOLD) return html;
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  if (encoding === null) return html;
  reply.header('content-encoding', encoding);
  return encoding === 'br' ? brotliCompressSync(html, BROTLI_HTML) : gzipSync(html);
}

/**
 * Serves the built SPA: hashed assets with long caching, and index.html (with the server's default
 * client id filled in) for every other GET that is not an API path, so that client routes load.
 */
export async function registerSpa(
  app: FastifyInstance,
  opts: {
    webDist: string;
    defaultClientId: string;
    /** The data a navigation's HTML carries; undefined leaves the SPA to fetch it. */
    firstLoad?: (request: FastifyRequest) => Promise<FirstLoad | undefined>;
  },
) {
  const indexFile = path.join(opts.webDist, 'index.html');
  const screensFile = path.join(opts.webDist, '.vite/first-screens.json');
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
  const screens: Record<string, FirstScreen> = existsSync(screensFile)
    ? JSON.parse(readFileSync(screensFile, 'utf8'))
    : {};

  /**
   * Only a browser's navigation (Sec-Fetch-Dest: document) gets the first load's data: the service
   * worker's copy of the app shell is fetched, not navigated to, and must hold no one's session.
   */
  async function htmlFor(request: FastifyRequest, pathname: string): Promise<string> {
    if (!built || !opts.firstLoad || request.headers['sec-fetch-dest'] !== 'document') return index;
    try {
      const firstLoad = await opts.firstLoad(request);
      const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      return firstLoad ? firstLoadHtml(index, firstLoad, screens[normalized]) : index;
    } catch (error) {
      request.log.warn({ err: error }, 'first load: served without its data');
      return index;
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
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
    const html = await htmlFor(request, pathname);
    return (
      reply
        .code(200)
        // It may carry the subscriber's session: never kept by a shared cache, and one per cookie.
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Cookie, Sec-Fetch-Dest, Accept-Encoding')
        .type('text/html; charset=utf-8')
        .send(encodeHtml(request, reply, html))
    );
  });
}
