import path from 'node:path';
import type { ResolvedConfig, Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { appShellWorker, precacheList } from './app-shell-worker';

const root = path.join(import.meta.dirname, '..');
const page = (file: string) => path.join(root, 'src/features', file);

function chunk(fileName: string, o: Partial<Rollup.OutputChunk> = {}, css: string[] = []) {
  return {
    type: 'chunk',
    fileName,
    isEntry: false,
    imports: [],
    moduleIds: [],
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set<string>() },
    ...o,
  } as unknown as Rollup.OutputChunk;
}

/** A build as Vite hands it to the plugins: index.html, the entry, the sign-in pages and a panel page. */
function build(html: string): Rollup.OutputBundle {
  const files = [
    { type: 'asset', fileName: 'index.html', source: html } as Rollup.OutputAsset,
    chunk('assets/index-A1.js', { isEntry: true, imports: ['assets/react-B2.js'] }, ['assets/index-C3.css']),
    chunk('assets/react-B2.js'),
    chunk('assets/sign-in-page-D4.js', {
      moduleIds: [page('auth/pages/sign-in-page.tsx')],
      imports: ['assets/TextField-E5.js'],
    }),
    chunk('assets/sign-in-password-page-F6.js', {
      moduleIds: [page('auth/pages/sign-in-password-page.tsx')],
    }),
    chunk('assets/TextField-E5.js'),
    chunk('assets/home-page-G7.js', { moduleIds: [page('panel/pages/home-page.tsx')] }),
  ];
  return Object.fromEntries(files.map((file) => [file.fileName, file]));
}

describe('the app shell precache', () => {
  it('lists index.html by its content and the entry and sign-in chunks by their hashed names, nothing else', () => {
    const list = precacheList(build('<html>v1</html>'), { root, base: '/' });
    expect(list).toEqual([
      { url: '/', revision: expect.stringMatching(/^[0-9a-f]{16}$/) },
      { url: '/assets/TextField-E5.js', revision: null },
      { url: '/assets/index-A1.js', revision: null },
      { url: '/assets/index-C3.css', revision: null },
      { url: '/assets/react-B2.js', revision: null },
      { url: '/assets/sign-in-page-D4.js', revision: null },
      { url: '/assets/sign-in-password-page-F6.js', revision: null },
    ]);
    const next = precacheList(build('<html>v2</html>'), { root, base: '/' });
    expect(next[0]?.revision).not.toBe(list[0]?.revision);
  });

  it('refuses a build without the sign-in pages', () => {
    const bundle = build('<html></html>');
    delete bundle['assets/sign-in-page-D4.js'];
    expect(() => precacheList(bundle, { root, base: '/' })).toThrow(/sign-in-page\.tsx is in no chunk/);
  });

  it('writes sw.js with the list: a new build of the shell is a new worker', async () => {
    const emit = async (html: string) => {
      const plugin = appShellWorker();
      (plugin.configResolved as (config: ResolvedConfig) => void)({ root, base: '/' } as ResolvedConfig);
      const emitted: { fileName: string; source: string }[] = [];
      const context = { emitFile: (file: { fileName: string; source: string }) => emitted.push(file) };
      await (
        plugin.generateBundle as (this: unknown, o: unknown, b: Rollup.OutputBundle) => Promise<void>
      ).call(context, {}, build(html));
      return emitted;
    };
    const [first] = await emit('<html>v1</html>');
    expect(first?.fileName).toBe('sw.js');
    expect(first?.source).toContain('/assets/sign-in-page-D4.js');
    expect(first?.source).not.toContain('home-page');
    expect(first?.source).not.toContain('__WB_MANIFEST');
    const [second] = await emit('<html>v2</html>');
    expect(second?.source).not.toBe(first?.source);
  });
});
