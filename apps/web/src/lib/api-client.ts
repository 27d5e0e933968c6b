import { API_BASE } from '../config/env.ts';

/** A failed call: the HTTP status and the server's message when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;

  constructor(status: number, message: string, serverMessage?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  csrfToken?: string | undefined;
  signal?: AbortSignal;
}

/**
 * Calls the API with the visitor's cookies. Answers with the parsed JSON body; a non-2xx answer
 * throws an ApiError carrying the server's `message`.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // No Accept header: every answer is JSON, and a `<link rel=preload>` of the same call (the
  // public pages preload the profile, the static ones the service list too) is only reused by a request
  // whose headers match its own.
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.csrfToken) headers['x-csrf-token'] = options.csrfToken;
  const response = await fetch(`${API_BASE}${path}`, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: options.body === undefined ? null : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const serverMessage =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : undefined;
    throw new ApiError(
      response.status,
      serverMessage ?? `Request failed (${response.status})`,
      serverMessage,
    );
  }
  return data as T;
}

/** The HTTP status of a failed call, undefined for a network error. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** The message the server sent with a failed call, if any. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** The server's message, else the error's own message, else the fallback. */
export function errorMessageOf(error: unknown, fallback: string): string {
  return serverMessageOf(error) ?? ((error instanceof Error && error.message) || fallback);
}
