import { businessFromEnv, changeCutoffHoursFromEnv, reminderLeadsFromEnv } from '@app/shared';

/** The only module that reads the build-time environment of the web app. */
export const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

export const BUSINESS = businessFromEnv(import.meta.env);

/** Hours before pickup a ride may still be changed online: the server's setting, for the policy. */
export const CHANGE_CUTOFF_HOURS = changeCutoffHoursFromEnv(import.meta.env);

/** How long before pickup the two reminders go, in words (the server's settings). */
export const REMINDER_LEADS = reminderLeadsFromEnv(import.meta.env);

/** Google sign-in's OAuth client id; when unset the login page shows no Google button. */
export const GOOGLE_CLIENT_ID =
  (import.meta.env.VITE_GOOGLE_CLIENT_ID as string | undefined)?.trim() || undefined;

/**
 * Google Maps (Places) browser key; when unset the address fields are plain inputs and the maps
 * script is never requested.
 */
export const GOOGLE_MAPS_API_KEY =
  (import.meta.env.VITE_GOOGLE_MAPS_API_KEY as string | undefined)?.trim() || undefined;
