import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { MESSAGES, type ErrorCode, type ErrorResponse } from '@app/shared';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  connectionFailureOf,
  isDatabaseUnavailable,
} from '../db-errors.ts';
import { AppError } from '../errors.ts';

const GENERIC_FAILURE = 'Something went wrong on our side. Please try again.';
/** How long a client should wait before retrying a 503 (the database reconnects by itself). */
const RETRY_AFTER_SECONDS = '5';

/**
 * The one place errors become answers: `{ success: false, message }`, 4xx with their message,
 * 5xx logged with the request id and answered generically (no stack, no internals).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * Fastify refuses a malformed or too long URL before routing, so the error handler never sees
 * it; the `frameworkErrors` option sends it here for the same answer.
 */
export function sendFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void sendError(error, request, reply);
}

function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const { status, message, code, rideId } = describe(error);
  if (status === 503) reply.header('retry-after', RETRY_AFTER_SECONDS);
  if (isDatabaseUnavailable(error))
    request.log.warn({ cause: connectionFailureOf(error) }, 'database unavailable');
  else if (status >= 500) request.log.error({ err: error }, 'request failed');
  const body: ErrorResponse = {
    success: false,
    message,
    ...(code ? { code } : {}),
    ...(rideId ? { rideId } : {}),
  };
  return reply.status(status).send(body);
}

function describe(error: FastifyError | Error): {
  status: number;
  message: string;
  code?: ErrorCode | undefined;
  rideId?: string | undefined;
} {
  if (error instanceof AppError)
    return {
      status: error.statusCode,
      message: error.message,
      code: error.answerCode,
      rideId: error.rideId,
    };
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    // A body that is not an object at all gets a sentence, not zod's type names.
    if (issue?.path.length === 0 && issue.code === 'invalid_type') {
      return { status: 400, message: 'The request body must be a JSON object.' };
    }
    return { status: 400, message: issue?.message ?? 'Invalid request' };
  }
  if (isDatabaseUnavailable(error)) return { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE };
  const status =
    'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500)
    return { status, message: clientMessage(error as FastifyError) };
  return { status: status >= 500 ? status : 500, message: GENERIC_FAILURE };
}

/** Fastify's own 4xx messages, reworded where they would confuse a visitor. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request as JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_BAD_URL':
      return 'The address is not valid.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'The address is too long.';
    default:
      return error.message || MESSAGES.errorOccurred;
  }
}
