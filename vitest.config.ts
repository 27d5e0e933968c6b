import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          // Slot rules must not depend on the machine's zone: run them far from New York.
          env: { TZ: 'Asia/Kolkata' },
        },
      },
      {
        test: {
          name: 'db',
          include: ['packages/db/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'tools',
          // The tools that make the site's committed assets; the site itself is tested in the
          // browser (e2e/).
          include: ['tools/**/*.test.ts'],
          // Cutting the font (harfbuzz in WebAssembly) takes seconds on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
