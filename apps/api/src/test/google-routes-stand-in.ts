import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A computeRoutes request as the stand-in received it. */
export interface RoutesRequestSeen {
  apiKey: string | undefined;
  fieldMask: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/** What the stand-in answers next. */
export type RoutesBehaviour =
  | { kind: 'route'; distanceMeters: number; durationSeconds: number }
  | { kind: 'no route' }
  | { kind: 'error'; httpStatus: number; googleStatus: string }
  | { kind: 'not json'; httpStatus: number }
  /** Holds the request this long before answering a route (the caller should not wait). */
  | { kind: 'stall'; ms: number };

export interface GoogleRoutesStandIn {
  baseUrl: string;
  requests: RoutesRequestSeen[];
  /** Requests whose client went away before the stand-in answered (aborted by a timeout). */
  readonly abandoned: number;
  /** Answers sent (a stalled request counts once its stall ends). */
  readonly answered: number;
  behave(behaviour: RoutesBehaviour): void;
  close(): Promise<void>;
}

export const STAND_IN_API_KEY = 'test-routes-key';

function googleError(httpStatus: number, status: string, message: string) {
  return { error: { code: httpStatus, message, status } };
}

/** What Google checks before it routes: the key, the field mask, the waypoints and the mode. */
function refusal(
  seen: RoutesRequestSeen,
  now: Date,
): { httpStatus: number; body: ReturnType<typeof googleError> } | null {
  if (seen.apiKey !== STAND_IN_API_KEY) {
    return {
      httpStatus: 403,
      body: googleError(403, 'PERMISSION_DENIED', 'The request is missing a valid API key.'),
    };
  }
  const invalid = (message: string) => ({
    httpStatus: 400,
    body: googleError(400, 'INVALID_ARGUMENT', message),
  });
  if (!seen.fieldMask) return invalid('FieldMask is a required parameter.');
  if (!seen.contentType?.startsWith('application/json')) return invalid('Invalid JSON payload.');
  const body = seen.body as Record<string, unknown> | undefined;
  const isWaypoint = (value: unknown) => {
    const point = value as { address?: unknown; location?: { latLng?: Record<string, unknown> } };
    const latLng = point?.location?.latLng;
    return (
      typeof point?.address === 'string' ||
      (typeof latLng?.latitude === 'number' && typeof latLng.longitude === 'number')
    );
  };
  if (!body || !isWaypoint(body.origin) || !isWaypoint(body.destination)) {
    return invalid('Origin and destination must be set.');
  }
  if (body.travelMode !== 'DRIVE' || body.routingPreference !== 'TRAFFIC_AWARE') {
    return invalid('Only DRIVE with TRAFFIC_AWARE is expected here.');
  }
  if (
    body.departureTime !== undefined &&
    !(Date.parse(String(body.departureTime)) > now.getTime())
  ) {
    return invalid('Timestamp must be set to a future time.');
  }
  return null;
}

/**
 * Google's Routes API on a loopback port (`POST /directions/v2:computeRoutes`): it checks what
 * Google checks, keeps each request, and answers as Google does, or as told (`behave`). `now`
 * is its clock for "a departure in the past", the test's fixed clock.
 */
export async function startGoogleRoutesStandIn(
  options: { now?: () => Date } = {},
): Promise<GoogleRoutesStandIn> {
  const now = options.now ?? (() => new Date());
  const requests: RoutesRequestSeen[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let behaviour: RoutesBehaviour = { kind: 'route', distanceMeters: 50_000, durationSeconds: 3000 };
  let abandoned = 0;
  let answered = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, body: unknown) => {
        answered += 1;
        response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
        response.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/directions/v2:computeRoutes') {
        return reply(404, googleError(404, 'NOT_FOUND', 'Not found.'));
      }
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const seen: RoutesRequestSeen = {
        apiKey: header('x-goog-api-key'),
        fieldMask: header('x-goog-fieldmask'),
        contentType: header('content-type'),
        body,
      };
      requests.push(seen);
      const refused = refusal(seen, now());
      if (refused) return reply(refused.httpStatus, refused.body);
      const route = { distanceMeters: 50_000, duration: '3000s' };
      switch (behaviour.kind) {
        case 'route':
          return reply(200, {
            routes: [
              {
                // proto3 JSON leaves a zero out, as Google does.
                ...(behaviour.distanceMeters ? { distanceMeters: behaviour.distanceMeters } : {}),
                duration: `${behaviour.durationSeconds}s`,
              },
            ],
          });
        case 'no route':
          return reply(200, {});
        case 'error':
          return reply(
            behaviour.httpStatus,
            googleError(behaviour.httpStatus, behaviour.googleStatus, 'As told by the test.'),
          );
        case 'not json':
          return reply(behaviour.httpStatus, '<html>Bad gateway</html>');
        case 'stall': {
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (!response.destroyed) reply(200, { routes: [route] });
          }, behaviour.ms);
          timers.add(timer);
          response.on('close', () => {
            if (!response.writableEnded) abandoned += 1;
          });
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    get abandoned() {
      return abandoned;
    },
    get answered() {
      return answered;
    },
    behave(next) {
      behaviour = next;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
