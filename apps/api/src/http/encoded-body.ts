import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/**
 * A response body made once and sent many times: each compressed form is made on first use
 * and kept (a phone gets 3 KB, not 12 KB, and the server compresses it once, not per request).
 */
export interface EncodedBody {
  text: string;
  encoded(encoding: Encoding): Buffer;
}

export function encodedBody(text: string): EncodedBody {
  const encodings: Partial<Record<Encoding, Buffer>> = {};
  return {
    text,
    encoded(encoding) {
      encodings[encoding] ??=
        encoding === 'br'
          ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(text, { level: 6 });
      return encodings[encoding];
    },
  };
}

/** Sends `body` in the best encoding the client takes. */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (!encoding) return reply.send(body.text);
  return reply.header('content-encoding', encoding).send(body.encoded(encoding));
}

/** Brotli when the client takes it, else gzip, else none (q=0 means refused). */
function preferredEncoding(header: string | undefined): Encoding | undefined {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0+)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}
