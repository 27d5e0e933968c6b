/**
 * How many hours before pickup a customer may still move or cancel a paid ride online
 * (`CHANGE_CUTOFF_HOURS`); after it, changes go through the business by phone. The server
 * enforces it; the site's build reads the same setting to say it in the policy.
 */
export const DEFAULT_CHANGE_CUTOFF_HOURS = 24;
export const MAX_CHANGE_CUTOFF_HOURS = 24 * 30;

/** The setting as an environment gives it; anything but a whole number in range is the default. */
export function changeCutoffHoursFromEnv(env: Readonly<Record<string, unknown>>): number {
  const raw = env.CHANGE_CUTOFF_HOURS;
  const hours = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  return Number.isInteger(hours) && hours >= 0 && hours <= MAX_CHANGE_CUTOFF_HOURS
    ? hours
    : DEFAULT_CHANGE_CUTOFF_HOURS;
}
