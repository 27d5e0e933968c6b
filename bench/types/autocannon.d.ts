// The parts of autocannon's programmatic API the benchmarks use (it ships no types).
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  /** The raw request autocannon sends; `setupRequest` may replace any part of it. */
  export interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  export interface RequestSpec extends RawRequest {
    /** Called before every request; must return the request to send. */
    setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest;
  }

  export interface Options {
    url: string;
    requests?: RequestSpec[];
    connections?: number;
    duration?: number;
    /** Send this many requests, then stop (instead of `duration`). */
    amount?: number;
    pipelining?: number;
    /** Requests per second from all connections together: an open loop at a fixed rate. */
    overallRate?: number;
    headers?: Record<string, string>;
    title?: string;
  }

  export interface Result {
    title?: string;
    url: string;
    connections: number;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
