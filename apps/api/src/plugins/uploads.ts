import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_PATH } from '@app/shared';
import { AppError } from '../errors.ts';

/** A rendition's name: the upload's hash, a width, and a format (or none: the browser's pick). */
const RENDITION = /^([0-9a-f]{32})-(\d{1,5})(?:\.(avif|webp))?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PHOTO_NOT_FOUND = 'There is no such photo.';

/**
 * Serves the cars' photos from the uploads directory (modules/fleet writes them). Names are
 * content-addressed, so every answer is cached for a year as immutable. A name without a format
 * answers AVIF to a browser that says it takes it, WebP otherwise (`Vary: Accept`): the pages'
 * `<img srcset>` gets AVIF where it can without `<picture>` markup. Only names of the form the
 * fleet writes are looked up, so no request can reach another file.
 */
export function registerUploads(app: FastifyInstance, uploadsDir: string): void {
  app.get<{ Params: { name: string } }>(`${UPLOADS_PATH}/:name`, async (request, reply) => {
    const match = RENDITION.exec(request.params.name);
    if (!match) throw AppError.notFound(PHOTO_NOT_FOUND);
    const [, key, width, named] = match;
    let format = named;
    if (!format) {
      reply.header('vary', 'accept');
      format = takesAvif(request.headers.accept) ? 'avif' : 'webp';
    }
    const file = join(uploadsDir, `${key}-${width}.${format}`);
    const size = await stat(file).then(
      (found) => (found.isFile() ? found.size : undefined),
      () => undefined,
    );
    if (size === undefined) throw AppError.notFound(PHOTO_NOT_FOUND);
    return reply
      .header('content-type', `image/${format}`)
      .header('content-length', size)
      .header('cache-control', IMMUTABLE)
      .send(createReadStream(file));
  });
}

/** `image/avif` listed without `q=0`. */
function takesAvif(accept: string | undefined): boolean {
  return (accept ?? '')
    .split(',')
    .some((type) => /^\s*image\/avif\s*(;|$)/i.test(type) && !/;\s*q=0(\.0*)?\s*(;|$)/i.test(type));
}
