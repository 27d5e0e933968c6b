/**
 * The one error type domain code throws. 4xx messages are shown to the visitor as written;
 * anything else is logged and answered with a generic message.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
  }

  static badRequest(message: string) {
    return new AppError(400, message);
  }

  static forbidden(message: string) {
    return new AppError(403, message);
  }

  static notFound(message: string) {
    return new AppError(404, message);
  }
}
