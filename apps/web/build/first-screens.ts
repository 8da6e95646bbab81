import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * The pages a subscriber lands on, with the lazy modules their routes render (src/app/router.tsx and
 * routes/*) and the API answers they show first. The server reads the build's `.vite/first-screens.json`
 * to send a navigation to one of them its chunks as `modulepreload` links, and, to a signed-in subscriber,
 * its data as `preload` links: the browser fetches them with the entry instead of in later waves.
 * `npm run size` weighs the same modules.
 */
export const FIRST_SCREENS: Record<string, { modules: string[]; data?: string[] }> = {
  // The sign-in is in the entry (features/auth): every session starts there, and the app draws it in the
  // task that starts the app, with no chunk to wait for. '/' leads to it, or on to the panel.
  '/': { modules: [] },
  '/sign-in': { modules: [] },
  '/panel': {
    modules: [
      'src/app/layouts/panel-layout.tsx',
      'src/features/panel/pages/home-page.tsx',
      'src/features/apps/components/home-apps-card.tsx',
    ],
    // The home's cards, as their queries ask (features/invoices, contracts, apps and devices api.ts).
    data: [
      '/api/central/customer/list/invoices?status=to_pay',
      '/api/central/customer/list/contracts',
      '/api/central/customer/apps',
      '/api/acs/customer/check',
    ],
  },
};

/** What the build writes for the server: per path, the chunk files to preload and the data URLs. */
export interface FirstScreenFiles {
  /** The source modules of the page (manifest keys), for `npm run size`. */
  modules: string[];
  /** The chunk files the page needs besides those index.html already loads, in load order. */
  preload: string[];
  data: string[];
}

export const FIRST_SCREENS_FILE = '.vite/first-screens.json';

export function firstScreens(): Plugin {
  return {
    name: 'central:first-screens',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (files: string[], seen = new Set<string>()) => {
        for (const file of files) {
          if (seen.has(file)) continue;
          seen.add(file);
          closure(byFile.get(file)?.imports ?? [], seen);
        }
        return seen;
      };
      const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const chunkOf = (module: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
        if (!chunk)
          throw new Error(`first screens: no chunk for ${module} (moved? update build/first-screens.ts)`);
        return chunk.fileName;
      };
      const screens: Record<string, FirstScreenFiles> = {};
      for (const [pathname, { modules, data = [] }] of Object.entries(FIRST_SCREENS)) {
        const files = closure(modules.map(chunkOf));
        screens[pathname] = { modules, preload: [...files].filter((file) => !entry.has(file)), data };
      }
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREENS_FILE,
        source: JSON.stringify(screens, null, 2),
      });
    },
  };
}
