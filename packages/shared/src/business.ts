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
  social: { label: string; href: string }[];
}

export const DEFAULT_BUSINESS: Business = {
  name: 'Norfolk Rides',
  phone: '781-555-0142',
  email: 'support@norfolkrides.com',
  street: '40 Main Street',
  locality: 'Norfolk',
  region: 'MA',
  postalCode: '02056',
  social: [
    { label: 'Facebook', href: 'https://www.facebook.com/' },
    { label: 'Instagram', href: 'https://www.instagram.com/' },
    { label: 'X', href: 'https://x.com/' },
  ],
};

/** Overrides with empty values keep the default, so an unset variable never blanks a field. */
export function resolveBusiness(overrides: Partial<Record<keyof Business, unknown>>): Business {
  const pick = (
    key: 'name' | 'phone' | 'email' | 'street' | 'locality' | 'region' | 'postalCode',
  ) => {
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
    social: DEFAULT_BUSINESS.social,
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
} as const;

/**
 * The business as an environment describes it (`BUSINESS_*`): the server's `process.env`, the
 * build's `import.meta.env`, the browser tests' `process.env` all read it here.
 */
export function businessFromEnv(env: Readonly<Record<string, unknown>>): Business {
  return resolveBusiness(
    Object.fromEntries(Object.entries(BUSINESS_ENV).map(([field, name]) => [field, env[name]])),
  );
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
