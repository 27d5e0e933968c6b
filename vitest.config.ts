import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The tests wait mostly on PostgreSQL and on servers they start as processes. Vitest's
    // default (the cores less one) ran them one file at a time on CI's 2 cores: 689 s there,
    // against 520 s with 2 workers and 513 s with 3 on the same machine the same hour.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './scripts/slowest-tests.ts'],
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          // One test compares 38 years of hours with the time-zone database: seconds when busy.
          testTimeout: 30_000,
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
          name: 'web',
          // The app's pure logic and its build code; screens and flows are tested in the
          // browser (e2e/).
          include: ['apps/web/src/**/*.test.ts', 'apps/web/build/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'tools',
          // The tools that make the site's committed assets.
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
