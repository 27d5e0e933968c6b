import { businessToday } from './slots.ts';

/**
 * The business's identity and contact values: the one place the product's `{phone}`, `{email}`
 * and Norfolk, MA address come from. Deployments override them through the environment
 * (`BUSINESS_*`, read by each app's config/env.ts) and fall back to these defaults.
 */
export interface Business {
  name: string;
  /** Shown as written, dialled as digits. */
  phone: string;
  email: string;
  street: string;
  locality: string;
  region: string;
  postalCode: string;
  /** When the business answers and drives, as one line of text (`BUSINESS_HOURS`). */
  hours: string;
  /** The licence and insurance statement shown beside the contact details (`BUSINESS_LICENCE`). */
  licence: string;
  /** The business's own profiles; a network without one is left out (never its home page). */
  social: { label: string; href: string }[];
}

/** The social networks the footer knows, each with its setting. */
export const SOCIAL_NETWORKS = [
  { label: 'Facebook', env: 'BUSINESS_FACEBOOK_URL' },
  { label: 'Instagram', env: 'BUSINESS_INSTAGRAM_URL' },
  { label: 'X', env: 'BUSINESS_X_URL' },
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]['label'];

export const DEFAULT_BUSINESS: Business = {
  name: 'Norfolk Rides',
  phone: '781-555-0142',
  email: 'support@norfolkrides.com',
  street: '40 Main Street',
  locality: 'Norfolk',
  region: 'MA',
  postalCode: '02056',
  hours: 'Rides every day, around the clock; phone and email 6 AM to 10 PM',
  licence:
    'Licensed for livery service in Massachusetts, with commercial passenger liability insurance on every car.',
  social: [],
};

/** An http(s) address with a host, else null: a typo in a setting hides the link. */
function profileUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const href = value.trim();
  return /^https?:\/\/[a-z0-9.-]+\.[a-z]{2,}(?:[/?#]\S*)?$/i.test(href) ? href : null;
}

/** Overrides with empty values keep the default, so an unset variable never blanks a field. */
export function resolveBusiness(
  overrides: Partial<Record<Exclude<keyof Business, 'social'>, unknown>> & {
    social?: Partial<Record<SocialNetwork, unknown>>;
  },
): Business {
  const pick = (key: Exclude<keyof Business, 'social'>) => {
    const value = overrides[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : DEFAULT_BUSINESS[key];
  };
  return {
    name: pick('name'),
    phone: pick('phone'),
    email: pick('email'),
    street: pick('street'),
    locality: pick('locality'),
    region: pick('region'),
    postalCode: pick('postalCode'),
    hours: pick('hours'),
    licence: pick('licence'),
    social: SOCIAL_NETWORKS.flatMap(({ label }) => {
      const href = profileUrl(overrides.social?.[label]);
      return href ? [{ label, href }] : [];
    }),
  };
}

/** The environment variable of each overridable field. */
const BUSINESS_ENV = {
  name: 'BUSINESS_NAME',
  phone: 'BUSINESS_PHONE',
  email: 'BUSINESS_EMAIL',
  street: 'BUSINESS_STREET',
  locality: 'BUSINESS_LOCALITY',
  region: 'BUSINESS_REGION',
  postalCode: 'BUSINESS_POSTAL_CODE',
  hours: 'BUSINESS_HOURS',
  licence: 'BUSINESS_LICENCE',
} as const;

/**
 * The business as an environment describes it (`BUSINESS_*`): the server's `process.env`, the
 * build's `import.meta.env`, the browser tests' `process.env` all read it here.
 */
export function businessFromEnv(env: Readonly<Record<string, unknown>>): Business {
  return resolveBusiness({
    ...Object.fromEntries(Object.entries(BUSINESS_ENV).map(([field, name]) => [field, env[name]])),
    social: Object.fromEntries(SOCIAL_NETWORKS.map(({ label, env: name }) => [label, env[name]])),
  });
}

export function formatAddress(business: Business): string {
  return `${business.street}, ${business.locality}, ${business.region} ${business.postalCode}`;
}

/** `tel:` link target: digits only, with the US country code. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

export function mapsSearchHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** The year the owner started driving professionally; About shows current year minus this. */
export const EXPERIENCE_SINCE_YEAR = 2010;

/** Counted in the business's calendar: New Year's Eve in Boston is not yet the next year. */
export function yearsOfExperience(now: Date): number {
  return businessToday(now).year - EXPERIENCE_SINCE_YEAR;
}

/**
 * The business's Google review page (`BUSINESS_GOOGLE_REVIEW_URL`), offered after every rating,
 * whatever its stars; null (the offer hidden) when unset or not an http(s) address.
 */
export function googleReviewUrlFromEnv(env: Readonly<Record<string, unknown>>): string | null {
  return profileUrl(env.BUSINESS_GOOGLE_REVIEW_URL);
}
