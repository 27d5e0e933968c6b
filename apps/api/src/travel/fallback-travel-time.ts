import type { TravelTime } from './travel-time.ts';

/** Why Google's answer was not used: it took too long, it failed, or it found no route. */
export type FallbackReason = 'timeout' | 'error' | 'no route';

export interface FallbackOptions {
  google: TravelTime;
  offline: TravelTime;
  /** How long a booking waits for Google before the offline estimate answers instead. */
  timeoutMs?: number;
  /** Told each time the offline estimate answers instead of Google (for the log: no addresses). */
  onFallback?: (reason: FallbackReason, error?: unknown) => void;
}

export const DEFAULT_GOOGLE_TIMEOUT_MS = 200;

/**
 * Google first, within `timeoutMs` (the request is aborted, not left running), then the
 * offline estimate: on a timeout, an error, or a place Google cannot route. The estimate's
 * `source` says which answered.
 */
export function createFallbackTravelTime(options: FallbackOptions): TravelTime {
  const { google, offline, onFallback } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_GOOGLE_TIMEOUT_MS;
  return {
    async estimate(from, to, departAt, { signal: callerSignal } = {}) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
      try {
        const answer = await google.estimate(from, to, departAt, { signal });
        if (answer) return answer;
        onFallback?.('no route');
      } catch (error) {
        onFallback?.(timeout.aborted ? 'timeout' : 'error', error);
      }
      return offline.estimate(from, to, departAt);
    },
  };
}
