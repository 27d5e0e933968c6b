import Bowser from 'bowser';

export const UNKNOWN_DEVICE = 'Unknown device';
/** Longer User-Agents are cut before parsing: the browser and system names come first. */
const USER_AGENT_READ = 512;
const DEVICE_MAX_LENGTH = 60;

/**
 * `Chrome on Windows`, `Safari on iOS`: how the sessions list names a browser, from its
 * User-Agent at sign-in. Short on purpose: versions and models say more about a person than the
 * list needs.
 */
export function deviceOf(userAgent: string | undefined): string {
  const read = userAgent?.slice(0, USER_AGENT_READ).trim();
  if (!read) return UNKNOWN_DEVICE;
  const { browser, os } = Bowser.parse(read);
  const label = [browser.name, os.name].filter(Boolean).join(' on ');
  return label ? label.slice(0, DEVICE_MAX_LENGTH) : UNKNOWN_DEVICE;
}
