import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const webSource = fileURLToPath(new URL('./apps/web/src/', import.meta.url));

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/**/*.test.ts', 'apps/**/*.test.ts'],
          // Two API processes on PostgreSQL and Redis: `npm run test:scale` (vitest.scale.config.ts).
          exclude: ['**/node_modules/**', '**/dist/**', 'apps/web/**', 'apps/api/test/scale.test.ts'],
        },
      },
      {
        extends: true,
        resolve: { alias: [{ find: /^@\//, replacement: webSource }] },
        test: {
          name: 'web',
          include: ['apps/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
