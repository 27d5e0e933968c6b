/**
 * The owners the console tests sign in as, one per project. Owners are made only at the command
 * line (`npm run owner -- add`), which needs the embedded database to itself: the runner adds
 * them before it starts the server (playwright.config.ts) and hands the tests the one-time
 * set-password link the command printed for each, in `E2E_OWNER_LINKS`.
 */
export const E2E_OWNERS: Readonly<Record<string, string>> = {
  desktop: 'owner.desktop@e2e.example.com',
  mobile: 'owner.mobile@e2e.example.com',
};

/** Browser test workers: each has an owner of its own for the console's areas (below). */
export const E2E_WORKERS = 2;

/**
 * The owners the console's area tests use, one per worker: set up once per worker through the
 * API (password, authenticator, code) by fixtures.ts's `ownerPage`, whose session every test of
 * that worker reuses. They are kept apart from E2E_OWNERS, whose set-up the console spec walks
 * through in the browser.
 */
export const WORKER_OWNERS: readonly string[] = Array.from(
  { length: E2E_WORKERS },
  (_, i) => `owner.worker-${i}@e2e.example.com`,
);

/** The set-password path (`/reset-password/<token>`) the command printed for an owner. */
export function ownerLinkPath(email: string): string {
  const links = JSON.parse(process.env.E2E_OWNER_LINKS ?? '{}') as Record<string, string>;
  const path = links[email];
  if (!path)
    throw new Error(`no owner ${email}: the runner adds the owners (playwright.config.ts)`);
  return path;
}
