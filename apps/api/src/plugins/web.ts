import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The public pages the web build rendered to HTML (apps/web/scripts/static-site.ts). */
const PRERENDERED_DIR = 'prerendered';
const PRERENDERED_MANIFEST = 'pages.json';

interface PrerenderedPage {
  /** The route it answers, in Fastify's syntax (`/appointment/:serviceId`). */
  url: string;
  /** The HTML file, relative to the prerendered directory. */
  file: string;
}

/**
 * Serves the built single-page app beside the API: hashed assets cached for a year,
 * precompressed `.br`/`.gz` files chosen by Accept-Encoding, the prerendered HTML of the public
 * pages at their routes, and every other GET that is not a file answered with index.html so the
 * app's router can take it. Unknown `/api` paths stay JSON.
 */
export async function registerWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWeb = existsSync(join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      preCompressed: true,
      cacheControl: false,
      index: 'index.html',
      // Prerendered pages are only answered at their routes, never at their file's address.
      allowedPath: (pathname, root) =>
        root !== distDir || !pathname.startsWith(`/${PRERENDERED_DIR}/`),
      setHeaders(res, path) {
        res.header('cache-control', cacheControlFor(path));
      },
    });
    const prerenderedDir = join(distDir, PRERENDERED_DIR);
    for (const page of readPrerenderedPages(prerenderedDir)) {
      app.get(page.url, (_request, reply) => reply.sendFile(page.file, prerenderedDir));
    }
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

/** The prerendered pages' routes and files; none for a build without them. */
function readPrerenderedPages(dir: string): PrerenderedPage[] {
  const manifest = join(dir, PRERENDERED_MANIFEST);
  if (!existsSync(manifest)) return [];
  const pages = JSON.parse(readFileSync(manifest, 'utf8')) as unknown;
  if (
    !Array.isArray(pages) ||
    !pages.every(
      (page: Partial<PrerenderedPage>) =>
        typeof page?.url === 'string' &&
        page.url.startsWith('/') &&
        typeof page.file === 'string' &&
        existsSync(join(dir, page.file)),
    )
  ) {
    throw new Error(`${manifest} does not list existing pages: rebuild the web app`);
  }
  return pages as PrerenderedPage[];
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
