import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_OWNERS, E2E_WORKERS, WORKER_OWNERS } from './owners.ts';

const ROOT_DIR = resolve(import.meta.dirname, '..');
const PORT = Number(process.env.E2E_PORT ?? 4310);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CI = Boolean(process.env.CI);

/**
 * One temporary data directory per run. The config is evaluated again in every worker, which
 * inherits the runner's environment: only the first evaluation (the runner's) creates it.
 * global-teardown.ts removes it once the server has stopped.
 */
process.env.E2E_DATA_ROOT ??= mkdtempSync(join(tmpdir(), 'norfolk-rides-e2e-'));
const DATA_ROOT = process.env.E2E_DATA_ROOT;

/**
 * Without SMTP_URL the server writes every email (password reset links) to MAIL_DIR as an .eml
 * file; tests/account-helpers.ts reads the reset link from there.
 */
process.env.E2E_MAIL_DIR ??= join(DATA_ROOT, 'mail');
const MAIL_DIR = process.env.E2E_MAIL_DIR;

const WEB_DIST_DIR = resolve(ROOT_DIR, process.env.E2E_WEB_DIST_DIR ?? 'apps/web/dist');

/**
 * The server is TypeScript run by Node 24's type stripping. Inside `npm test` the runner itself
 * is that Node (node_modules/.bin/node is first on the PATH); started by hand with an older
 * `node`, fall back to the project's own Node 24 binary.
 */
function nodeBinary(): string {
  const major = Number(process.versions.node.split('.')[0]);
  const projectNode = join(ROOT_DIR, 'node_modules/.bin/node');
  return major >= 24 || !existsSync(projectNode) ? process.execPath : projectNode;
}

/**
 * Adds an owner with the command line, on the server's data directory before the server opens
 * it, and answers the set-password path it printed.
 */
/** Runs a script of the project on the server's data directory, before the server opens it. */
function runOnData(args: string[]): string {
  // Nothing of the machine's own database setting reaches the command.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL'),
  );
  return execFileSync(nodeBinary(), args, {
    cwd: ROOT_DIR,
    env: { ...env, NODE_ENV: 'test', DATA_DIR: join(DATA_ROOT, 'data'), PUBLIC_BASE_URL: BASE_URL },
    encoding: 'utf8',
  });
}

function addOwner(email: string): string {
  const output = runOnData(['apps/api/src/cli/owner.ts', 'add', email]);
  const path = /\/reset-password\/[A-Za-z0-9_-]+/.exec(output)?.[0];
  if (!path) throw new Error(`npm run owner -- add ${email} printed no link:\n${output}`);
  return path;
}

// The runner's first evaluation adds them; the workers inherit the links.
process.env.E2E_OWNER_LINKS ??= JSON.stringify(
  Object.fromEntries(
    [...Object.values(E2E_OWNERS), ...WORKER_OWNERS].map((email) => [email, addOwner(email)]),
  ),
);

/**
 * Rides the booking API cannot make, written once by the runner (tests/admin-helpers.ts reads
 * them): a paid ride at midnight today, its pickup passed, and one of last month.
 */
process.env.E2E_SEEDED_RIDES ??= runOnData(['apps/api/src/test/seed-e2e-rides.ts']).trim();

/**
 * The specs that run at 390 px as well as at 1440: those that assert what depends on the width
 * (the mobile menu, a layout, focus order, rows of slots, the rendered pages' hydration) and
 * those that are the only axe check of their screens on a phone (the ride page, the owner's
 * day). Every other spec is a flow whose screens are checked at both widths elsewhere
 * (a11y.spec.ts sweeps every public route and state; admin-console.spec.ts opens every console
 * area): it runs at 1440 only. A new spec asserting something of the phone goes in this list.
 */
const AT_BOTH_WIDTHS = [
  'a11y/*.spec.ts',
  'site/chrome.spec.ts',
  'site/services.spec.ts',
  'site/seo.spec.ts',
  'booking/journey.spec.ts',
  'booking/form-kept.spec.ts',
  'booking/ride.spec.ts',
  'booking/cancel-refund.spec.ts',
  'booking/search.spec.ts',
  'booking/round-trip.spec.ts',
  'booking/quote.spec.ts',
  'booking/my-rides.spec.ts',
  'booking/bill.spec.ts',
  'account/accounts-log-in.spec.ts',
  'account/accounts-verify-email.spec.ts',
  'account/accounts-user-menu.spec.ts',
  'console/admin-console.spec.ts',
  'console/admin-rides.spec.ts',
  'console/admin-audit.spec.ts',
  'console/admin-blocks.spec.ts',
  'console/admin-chauffeurs.spec.ts',
  'console/admin-today.spec.ts',
  'console/admin-ride-bills.spec.ts',
  'console/admin-ride-changes.spec.ts',
  'console/admin-ride-chauffeur.spec.ts',
  'console/admin-ride-reach.spec.ts',
  'console/admin-feedback.spec.ts',
  'console/admin-fleet.spec.ts',
  'console/admin-messages.spec.ts',
  'console/admin-numbers.spec.ts',
  'console/admin-bill-rules.spec.ts',
  'console/admin-phone.spec.ts',
  'drive/day-sheet.spec.ts',
  'reviews.spec.ts',
];

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // The tests never depend on the network outside the local server (maps, fonts, sign-in):
      // every host but the server's fails to resolve. (A page.route() would intercept every
      // request, at a cost.)
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  },
};

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  workers: E2E_WORKERS,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    ['list'],
    ['./slowest-tests.ts'],
    ...(CI ? [] : [['html', { open: 'never', outputFolder: 'playwright-report' }] as const]),
  ],
  // Files slower than this in all are named at the end too.
  reportSlowTests: { max: 10, threshold: 60_000 },
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs about a quarter of a test's time on these machines; CI keeps
    // none (nobody can open it there) and relies on the error context and screenshot instead.
    trace: CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...chromium, viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'mobile',
      testMatch: AT_BOTH_WIDTHS,
      use: {
        ...chromium,
        viewport: { width: 390, height: 844 },
        // Layout, focus and axe work in CSS pixels; a phone's density of 3 only has Chromium
        // draw nine times the pixels (the mobile tests took about a fifth longer with it).
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command: `"${nodeBinary()}" ../apps/api/src/server.ts`,
    cwd: import.meta.dirname,
    url: `${BASE_URL}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR: join(DATA_ROOT, 'data'),
      WEB_DIST_DIR,
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: BASE_URL,
      MAIL_DIR,
      SMS_DIR: join(DATA_ROOT, 'sms'),
      // The Messages test waits for a text to fail for good: two tries a second apart.
      MESSAGES_EVERY: '1s',
      MESSAGES_BACKOFF: '1s',
      MESSAGES_MAX_ATTEMPTS: '2',
      // The account tests sign up, log in and ask for reset links many times from one IP.
      RATE_LIMIT_SIGNUP_PER_IP: '10000/1h',
      RATE_LIMIT_LOGIN_PER_IP: '10000/15m',
      RATE_LIMIT_RESET_PER_IP: '10000/15m',
      RATE_LIMIT_RESET_PER_EMAIL: '100/1h',
      RATE_LIMIT_PAYMENT_PER_IP: '10000/15m',
      // The car page asks for a quote at each change of time, day or address.
      RATE_LIMIT_QUOTE_PER_IP: '100000/15m',
      // The booking tests hold many slots from one IP, with many accounts.
      HOLDS_PER_ADDRESS: '10000',
      // Offered after a rating (reviews.spec.ts); never followed (no host but the server resolves).
      BUSINESS_GOOGLE_REVIEW_URL: 'https://g.page/r/norfolk-rides-e2e/review',
    },
  },
});
