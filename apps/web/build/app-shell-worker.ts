import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';
import { bundleWorker } from './service-worker';

const ENTRY = path.join(import.meta.dirname, '../src/app-shell/sw.ts');
/** At the site's root, so that its scope is / without a Service-Worker-Allowed header. */
const FILE_NAME = 'sw.js';
/** The pages that open offline: their chunks are precached with the entry's. */
const OFFLINE_PAGES = [
  'src/features/auth/pages/sign-in-page.tsx',
  'src/features/auth/pages/sign-in-password-page.tsx',
];

const contentHash = (source: string | Uint8Array) =>
  createHash('sha256').update(source).digest('hex').slice(0, 16);

/** A chunk's file, the chunks it imports statically and the CSS and assets they import, transitively. */
function shellFiles(bundle: Rollup.OutputBundle, roots: Rollup.OutputChunk[]): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  for (const root of roots) visit(root);
  return files;
}

export interface PrecacheEntry {
  url: string;
  /** null: the URL carries the content hash itself. */
  revision: string | null;
}

/**
 * The app shell of a build: index.html (as `base`, revisioned by its content), the entry chunk with
 * everything it imports and the offline pages' chunks with theirs (their names carry their hashes).
 */
export function precacheList(
  bundle: Rollup.OutputBundle,
  opts: { root: string; base: string },
): PrecacheEntry[] {
  const html = bundle['index.html'];
  if (html?.type !== 'asset') throw new Error('the app shell worker needs index.html in the bundle');
  const pages = OFFLINE_PAGES.map((page) => path.resolve(opts.root, page));
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const holds = (chunk: Rollup.OutputChunk, page: string) =>
    chunk.moduleIds.some((id) => path.resolve(id) === page);
  const missing = pages.find((page) => !chunks.some((chunk) => holds(chunk, page)));
  if (missing) throw new Error(`${missing} is in no chunk of the build`);
  const roots = chunks.filter((chunk) => chunk.isEntry || pages.some((page) => holds(chunk, page)));
  return [
    { url: opts.base, revision: contentHash(html.source) },
    ...[...shellFiles(bundle, roots)].sort().map((file) => ({ url: `${opts.base}${file}`, revision: null })),
  ];
}

/**
 * Writes dist/sw.js, the app shell's service worker (src/app-shell/sw.ts), with the build's
 * `precacheList`. A build that changes any file of the shell changes sw.js, which browsers take as a new
 * worker; an unchanged one writes the same bytes. Only on build: under `vite` no worker is registered.
 */
export function appShellWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'central:app-shell-worker',
    apply: 'build',
    // After Vite's HTML plugin, so that index.html is in the bundle.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const precache = precacheList(bundle, { root: config.root, base: config.base });
      this.emitFile({
        type: 'asset',
        fileName: FILE_NAME,
        source: await bundleWorker(ENTRY, {
          name: 'centralAppShellWorker',
          minify: true,
          define: { 'self.__WB_MANIFEST': JSON.stringify(precache) },
        }),
      });
    },
  };
}
