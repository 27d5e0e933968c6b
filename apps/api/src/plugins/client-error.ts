import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { securityHeaders, type SecurityHeaderOptions } from './security-headers.ts';

/** What Node's parser refused, in the words of every other error answer. */
const ANSWERS = {
  400: 'The request could not be read.',
  408: 'The request took too long to arrive.',
  431: 'The request headers are too large.',
} as const;

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses never reaches a route or
 * a hook, so it gets its answer here, with the same security headers and `{ success, message }`
 * shape as every other (Fastify's default has neither). Written straight to the socket, which
 * then closes: the connection's state is unknown after a parse error.
 */
export function clientErrorHandler(options: SecurityHeaderOptions) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    // A reset connection has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? 431
          : 400;
    const body = JSON.stringify({ success: false, message: ANSWERS[status] });
    const headers = {
      ...securityHeaders(options, { path: '' }),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      connection: 'close',
    };
    if (socket.writable) {
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
