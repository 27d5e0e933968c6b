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

/** The set-password path (`/reset-password/<token>`) the command printed for an owner. */
export function ownerLinkPath(email: string): string {
  const links = JSON.parse(process.env.E2E_OWNER_LINKS ?? '{}') as Record<string, string>;
  const path = links[email];
  if (!path)
    throw new Error(`no owner ${email}: the runner adds the owners (playwright.config.ts)`);
  return path;
}

/**
 * The console areas whose specs sign an owner of their own in through the API (`admin-area-owner.ts`):
 * one owner per area and project, so the specs run in parallel with each other and with
 * `admin-console`, whose owner goes through the screens.
 */
export const E2E_AREA_OWNER_AREAS = ['blocks', 'feedback', 'numbers'] as const;
export type E2EArea = (typeof E2E_AREA_OWNER_AREAS)[number];

export function areaOwnerEmail(area: E2EArea, project: string): string {
  return `owner.${area}.${project}@e2e.example.com`;
}

/** Every owner the runner adds. */
export function allE2EOwnerEmails(): string[] {
  return [
    ...Object.values(E2E_OWNERS),
    ...E2E_AREA_OWNER_AREAS.flatMap((area) =>
      Object.keys(E2E_OWNERS).map((project) => areaOwnerEmail(area, project)),
    ),
  ];
}
