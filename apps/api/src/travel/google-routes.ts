import { z } from 'zod';
import {
  travelEstimate,
  type EstimateOptions,
  type Place,
  type TravelEstimate,
  type TravelTime,
} from './travel-time.ts';

/*
 * Google's Routes API (`directions/v2:computeRoutes`) over plain fetch: one POST with the key
 * and a field mask in headers. Google's Node client (`@googlemaps/routing`) is gRPC first and
 * brings google-gax and protobufs for this one call, and pointing it at a local stand-in is not
 * a base URL away; fetch is, and its AbortSignal is the timeout. Results are returned, never
 * kept: Google's terms forbid storing them.
 */

export const GOOGLE_ROUTES_BASE_URL = 'https://routes.googleapis.com';
export const COMPUTE_ROUTES_PATH = '/directions/v2:computeRoutes';
/** Only what the estimate reads: Google bills and answers faster for less. */
export const ROUTES_FIELD_MASK = 'routes.duration,routes.distanceMeters';

const METERS_PER_MILE = 1609.344;
/** Google refuses a departure time already past; one this close is sent as "now" (none). */
const DEPARTURE_MARGIN_MS = 60_000;

export interface GoogleRoutesOptions {
  apiKey: string;
  /** Tests point it at a local stand-in; unset, Google's own address. */
  baseUrl?: string | undefined;
  now?: () => Date;
}

/** Google's answer was not a route: its HTTP status and its error status (`INVALID_ARGUMENT`). */
export class GoogleRoutesError extends Error {
  readonly httpStatus: number;
  readonly googleStatus: string | undefined;
  constructor(httpStatus: number, googleStatus: string | undefined) {
    super(`Google Routes answered ${httpStatus}${googleStatus ? ` ${googleStatus}` : ''}`);
    this.name = 'GoogleRoutesError';
    this.httpStatus = httpStatus;
    this.googleStatus = googleStatus;
  }
}

/*
 * proto3 JSON leaves out zero values: a route of 0 m has no `distanceMeters`, and an answer with
 * no route is `{}`.
 */
const RoutesAnswer = z.object({
  routes: z
    .array(
      z.object({
        distanceMeters: z.number().nonnegative().default(0),
        duration: z.string().regex(/^\d+(\.\d+)?s$/, 'a duration such as "1234s"'),
      }),
    )
    .default([]),
});

const ErrorAnswer = z.object({ error: z.object({ status: z.string().optional() }) });

function waypoint(place: Place): object {
  const { latitude, longitude } = place;
  if (latitude !== undefined && longitude !== undefined) {
    return { location: { latLng: { latitude, longitude } } };
  }
  return { address: place.address };
}

export function createGoogleRoutesTravelTime(options: GoogleRoutesOptions): TravelTime {
  const url = `${(options.baseUrl ?? GOOGLE_ROUTES_BASE_URL).replace(/\/+$/, '')}${COMPUTE_ROUTES_PATH}`;
  const now = options.now ?? (() => new Date());
  return {
    async estimate(
      from: Place,
      to: Place,
      departAt: Date,
      { signal }: EstimateOptions = {},
    ): Promise<TravelEstimate | null> {
      const future = departAt.getTime() - now().getTime() > DEPARTURE_MARGIN_MS;
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-goog-api-key': options.apiKey,
          'x-goog-fieldmask': ROUTES_FIELD_MASK,
        },
        body: JSON.stringify({
          origin: waypoint(from),
          destination: waypoint(to),
          travelMode: 'DRIVE',
          routingPreference: 'TRAFFIC_AWARE',
          ...(future ? { departureTime: departAt.toISOString() } : {}),
          regionCode: 'us',
        }),
        ...(signal ? { signal } : {}),
      });
      // An answer that is not JSON is read as none; an aborted read stays an abort.
      const body: unknown = await response.json().catch((error: unknown) => {
        if (signal?.aborted) throw error;
        return undefined;
      });
      if (!response.ok) {
        throw new GoogleRoutesError(
          response.status,
          ErrorAnswer.safeParse(body).data?.error.status,
        );
      }
      const answer = RoutesAnswer.safeParse(body);
      if (!answer.success) throw new GoogleRoutesError(response.status, 'UNREADABLE_ANSWER');
      const [route] = answer.data.routes;
      if (!route) return null;
      const seconds = Number(route.duration.slice(0, -1));
      return travelEstimate(seconds / 60, route.distanceMeters / METERS_PER_MILE, 'google');
    },
  };
}
