import { defineConfig } from 'vitest/config';

// `npm run test:scale`: two API processes on one PostgreSQL and one Redis (README, 'Deploying at scale').
// Not part of `npm test` or `test:pg`, which exclude its file.
export default defineConfig({
  test: {
    include: ['apps/api/test/scale.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
