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
          name: 'web',
          // The app's pure logic and its build scripts (in scripts/, or build/ once they move
          // there); screens and flows are tested in the browser (e2e/).
          include: [
            'apps/web/src/**/*.test.ts',
            'apps/web/scripts/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
          ],
          // Making the font's cut takes seconds on a busy machine.
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
