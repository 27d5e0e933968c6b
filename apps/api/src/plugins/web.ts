import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app beside the API: hashed assets cached for a year,
 * precompressed `.br`/`.gz` files chosen by Accept-Encoding, and every other GET that is not a
 * file answered with index.html so the app's router can take it. Unknown `/api` paths stay JSON.
 */
export async function registerWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWeb = existsSync(join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      preCompressed: true,
      cacheControl: false,
      index: 'index.html',
      setHeaders(res, path) {
        res.header('cache-control', cacheControlFor(path));
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
      !hasWeb ||
      !wantsPage ||
      hasExtension(path)
    ) {
      throw AppError.notFound(`Not found: ${request.method} ${path}`);
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}

function cacheControlFor(path: string): string {
  if (/[\\/]assets[\\/]/.test(path)) return IMMUTABLE;
  if (path.endsWith('.html')) return 'no-cache';
  return 'public, max-age=86400';
}

/** `/images/missing.svg` is a missing file, not an app route. */
function hasExtension(path: string): boolean {
  return /\.[a-z0-9]{2,5}$/i.test(path);
}
