/**
 * `npm test`: unit and API integration tests (Vitest, on PGlite and on PostgreSQL when
 * reachable), then a fresh web build and the browser tests (Playwright in Debian's Chromium).
 * Without Chromium the browser tests are skipped locally with a warning; in CI they fail.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, buildWeb } from './web-build.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const inCi = process.env.CI === 'true';

function run(label: string, args: string[], cwd = ROOT): void {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(process.execPath, args, { cwd, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

run('unit and API tests', [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run']);

if (!existsSync(CHROMIUM)) {
  const message = `Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\`.`;
  if (inCi) {
    console.error(`✖ ${message}`);
    process.exit(1);
  }
  console.warn(`⚠ ${message} Browser tests skipped.`);
  process.exit(0);
}

console.log('\n▶ web build');
buildWeb(join(ROOT, 'apps/web/dist'));
run(
  'browser tests',
  [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test'],
  join(ROOT, 'e2e'),
);
