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

/** The owners of the fleet's tests (tests/admin-fleet.spec.ts), one per project: each enrols its own. */
export const E2E_FLEET_OWNERS: Readonly<Record<string, string>> = {
  desktop: 'fleet.desktop@e2e.example.com',
  mobile: 'fleet.mobile@e2e.example.com',
};

/** The set-password path (`/reset-password/<token>`) the command printed for an owner. */
export function ownerLinkPath(email: string): string {
  const links = JSON.parse(process.env.E2E_OWNER_LINKS ?? '{}') as Record<string, string>;
  const path = links[email];
  if (!path)
    throw new Error(`no owner ${email}: the runner adds the owners (playwright.config.ts)`);
  return path;
}
