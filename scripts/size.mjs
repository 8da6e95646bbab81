#!/usr/bin/env node
// `npm run size`: the JavaScript a route makes the browser download, gzipped, against its budget (issue 14
// item 2). It walks the built app's module graph: what index.html loads (its module script and the
// modulepreloads), then each lazy module that the route renders, with every chunk they import, as Vite's
// preload helper fetches them. Needs a build (`npm run build`); fails when a route is over its budget.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const KB = 1024;

/** The budgets of the landing pages (issue 14 item 2), gzipped JavaScript. */
const budgets = [
  { route: '/sign-in', budgetKb: 170 },
  { route: '/panel', budgetKb: 220 },
];

const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No build manifest at ${manifestFile}: run \`npm run build\` first.`);
  process.exit(2);
}
/** @type {Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
// The lazy modules each landing page renders, as the build lists them for the server's preloads
// (apps/web/build/first-screens.ts): the entry already holds the router, the tenant gate and the guards.
/** @type {Record<string, { modules: string[] }>} */
const screens = JSON.parse(readFileSync(path.join(dist, '.vite/first-screens.json'), 'utf8'));
const routes = budgets.map(({ route, budgetKb }) => {
  if (!screens[route]) throw new Error(`${route} is not in apps/web/build/first-screens.ts`);
  return { route, budgetKb, modules: screens[route].modules };
});
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

// What the HTML makes the browser fetch before the app runs.
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const htmlFiles = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g),
].map((m) => m[1]);
if (!htmlFiles.some((file) => manifest[keyOfFile.get(file)]?.isEntry)) {
  console.error('index.html loads no entry chunk of the manifest: is the build complete?');
  process.exit(2);
}

/** The chunk files of `keys` and of every chunk they import statically. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (renamed? update scripts/size.mjs)`);
    if (seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const source = readFileSync(path.join(dist, file));
    sizes.set(file, {
      raw: source.length,
      gzip: gzipSync(source, { level: 9 }).length,
      brotli: brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizes.get(file);
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const verbose = process.argv.includes('--verbose');
let over = false;
for (const { route, budgetKb, modules } of routes) {
  const files = closure([...htmlFiles.map((file) => keyOfFile.get(file)).filter(Boolean), ...modules]);
  const rows = [...files].filter((file) => file.endsWith('.js')).map((file) => ({ file, ...sizeOf(file) }));
  const total = rows.reduce(
    (sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip, brotli: sum.brotli + r.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );
  const ok = total.gzip <= budgetKb * KB;
  over ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${route.padEnd(10)} ${kb(total.gzip).padStart(9)} gzip of ${budgetKb} KB` +
      `  (${rows.length} files, ${kb(total.raw)} raw, ${kb(total.brotli)} brotli)`,
  );
  if (verbose || !ok) {
    for (const r of rows.sort((a, b) => b.gzip - a.gzip).slice(0, verbose ? rows.length : 12)) {
      console.log(`       ${kb(r.gzip).padStart(9)}  ${r.file}`);
    }
  }
}
process.exit(over ? 1 : 0);
