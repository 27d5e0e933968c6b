import type { ErrorCode } from '@app/shared';

/** The answer to a request that needs a signed-in user and has none (or whose user is gone). */
export const NOT_SIGNED_IN_MESSAGE = 'Please log in to continue.';

/** Each kind of refusal domain code can name, and the HTTP status it is answered with. */
const STATUS_OF = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
} as const;
export type AppErrorCode = keyof typeof STATUS_OF;

/**
 * The one error type domain code throws. 4xx messages are shown to the visitor as written;
 * anything else is logged and answered with a generic message.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly statusCode: number;
  /** Sent as the answer's `code`, for a client that must tell this refusal apart. */
  readonly answerCode: ErrorCode | undefined;
  /** Sent as the answer's `rideId`: the ride in the way, which the owner may open and move. */
  readonly rideId: string | undefined;

  constructor(
    code: AppErrorCode,
    message: string,
    answerCode?: ErrorCode,
    about: { rideId?: string } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = STATUS_OF[code];
    this.answerCode = answerCode;
    this.rideId = about.rideId;
  }

  static badRequest(message: string) {
    return new AppError('BAD_REQUEST', message);
  }

  static unauthorized(message: string = NOT_SIGNED_IN_MESSAGE) {
    return new AppError('UNAUTHORIZED', message);
  }

  static forbidden(message: string, answerCode?: ErrorCode) {
    return new AppError('FORBIDDEN', message, answerCode);
  }

  static notFound(message: string) {
    return new AppError('NOT_FOUND', message);
  }

  static conflict(message: string, about: { rideId?: string } = {}) {
    return new AppError('CONFLICT', message, undefined, about);
  }

  /** Well-formed, but at odds with what the same request said before (a reused key). */
  static payloadTooLarge(message: string) {
    return new AppError('PAYLOAD_TOO_LARGE', message);
  }

  static unsupportedMediaType(message: string) {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', message);
  }

  static unprocessable(message: string) {
    return new AppError('UNPROCESSABLE', message);
  }

  static tooManyRequests(message: string) {
    return new AppError('TOO_MANY_REQUESTS', message);
  }

  /** Something we depend on (the database) cannot answer now; the visitor may retry. */
  static unavailable(message: string) {
    return new AppError('UNAVAILABLE', message);
  }
}
