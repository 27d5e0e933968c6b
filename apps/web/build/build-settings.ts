/**
 * The settings a build bakes into the site (Vite's `envPrefix`): the business's details and
 * the policy's figures reach the browser, so one setting changes them everywhere. A build keeps
 * the values it was made with (`BUILD_SETTINGS_FILE` in its output), so that `npm start` can
 * build again when one of them changed, as it does when a source file did.
 */
export const BUILD_SETTING_PREFIXES = ['VITE_', 'BUSINESS_', 'CHANGE_CUTOFF_HOURS', 'REMINDER_'];

/** In the build's output directory: the settings it was made with. */
export const BUILD_SETTINGS_FILE = '.build-settings.json';

/** The build-time settings in an environment, by name, as one stable text. */
export function buildSettings(env: Record<string, string | undefined>): string {
  const entries = Object.entries(env)
    .filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && BUILD_SETTING_PREFIXES.some((p) => entry[0].startsWith(p)),
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${JSON.stringify(Object.fromEntries(entries))}\n`;
}
