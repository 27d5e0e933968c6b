import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PAGES_DIR,
  PAGES_MANIFEST,
  RENDER_MODULE,
  type PageEntry,
  type PageRenderer,
} from '@app/shared';
import { AppError } from '../errors.ts';
import { encodedBody, sendEncoded, type EncodedBody } from '../http/encoded-body.ts';
import type { ServiceList, ServiceListCache } from '../modules/service/service-list-cache.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Pages drawn per load of the service list, kept for its lifetime; more are drawn but not kept. */
const DRAWN_PAGES_KEPT = 100;

/**
 * Serves the built single-page app beside the API: hashed assets cached for a year,
 * precompressed `.br`/`.gz` files chosen by Accept-Encoding, the public pages at their routes
 * (apps/web/build/static-site.ts: the static ones as built, the live ones drawn with the
 * catalogue of the moment), and every other GET that is not a file answered with index.html so
 * the app's router can take it. Unknown `/api` paths stay JSON.
 */
export async function registerWeb(
  app: FastifyInstance,
  distDir: string,
  live: LivePages,
): Promise<void> {
  const hasWeb = existsSync(join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      preCompressed: true,
      cacheControl: false,
      index: 'index.html',
      // The pages, their templates and their renderer are only answered at the pages' routes.
      allowedPath: (pathname, root) => root !== distDir || !pathname.startsWith(`/${PAGES_DIR}/`),
      setHeaders(res, path) {
        res.header('cache-control', cacheControlFor(path));
      },
    });
    await registerPages(app, join(distDir, PAGES_DIR), live);
  }

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request);
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

/** What the live pages are drawn with. */
interface LivePages {
  serviceList: ServiceListCache;
  /** The clock the pages are drawn at. */
  now: () => Date;
  /** Fresh drawings a second, at most; past it, pages go out undrawn. */
  drawsPerSecond: number;
}

async function registerPages(
  app: FastifyInstance,
  pagesDir: string,
  { serviceList, now, drawsPerSecond }: LivePages,
): Promise<void> {
  const pages = readManifest(pagesDir);
  const mayDraw = drawingBudget(drawsPerSecond);
  const renderer = pages.some((page) => page.live) ? await loadRenderer(pagesDir) : undefined;

  for (const page of pages) {
    if (!renderer || !page.live) {
      app.get(page.url, (_request, reply) => reply.sendFile(page.file, pagesDir));
      continue;
    }
    const template = readFileSync(join(pagesDir, page.file), 'utf8');
    const draw = pageDrawer(renderer, template, page.route, { now, mayDraw });
    const shell = encodedBody(template);
    app.get(page.url, async (request, reply) => {
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
      let list: ServiceList;
      try {
        list = await serviceList.get();
      } catch (error) {
        // No catalogue (the database is away): the page without it, which the browser draws
        // itself and whose service list call then says what is wrong.
        request.log.warn({ err: error }, 'page sent undrawn: no service list');
        return sendEncoded(request, reply.code(503).header('retry-after', '5'), shell);
      }
      const drawing = draw(list, pathOf(request));
      // Over the budget (a flood of new addresses): the browser draws the page itself.
      if (!drawing) return sendEncoded(request, reply, shell);
      const drawn = await drawing;
      if ('location' in drawn) return reply.redirect(drawn.location, 308);
      return sendEncoded(request, reply.code(drawn.status), drawn.body);
    });
  }
}

type DrawnPage = { status: 200 | 404; body: EncodedBody } | { location: string };

/**
 * Draws a live page at a path with a load of the service list. A page drawn once is kept with
 * that load, so the many visitors of the same second share one drawing and its compression; a
 * new load (a booking, or a second gone) draws afresh. Undefined when the budget is spent.
 */
function pageDrawer(
  renderer: PageRenderer,
  template: string,
  route: string,
  { now, mayDraw }: { now: () => Date; mayDraw: () => boolean },
) {
  const drawnWith = new WeakMap<ServiceList, Map<string, Promise<DrawnPage>>>();
  return (list: ServiceList, path: string): Promise<DrawnPage> | undefined => {
    const drawn = drawnWith.get(list) ?? new Map<string, Promise<DrawnPage>>();
    drawnWith.set(list, drawn);
    const kept = drawn.get(path);
    if (kept) return kept;
    if (!mayDraw()) return undefined;
    const drawing = renderer
      .renderDocument(template, { path, route, services: list.services, renderedAt: now() })
      .then((document): DrawnPage =>
        document.status === 308
          ? { location: document.location }
          : { status: document.status, body: encodedBody(document.html) },
      );
    if (drawn.size < DRAWN_PAGES_KEPT) {
      drawn.set(path, drawing);
      drawing.catch(() => drawn.delete(path));
    }
    return drawing;
  };
}

/**
 * Allows `perSecond` fresh drawings in each second of the wall clock, for all pages together. A
 * drawing costs about a millisecond and a half of CPU: unbounded, a flood of unknown car
 * addresses (each drawn, as a 404) could take the whole process; bounded, it only costs those
 * pages their head start.
 */
function drawingBudget(perSecond: number): () => boolean {
  let second = 0;
  let used = 0;
  return () => {
    const current = Math.floor(Date.now() / 1000);
    if (current !== second) {
      second = current;
      used = 0;
    }
    used += 1;
    return used <= perSecond;
  };
}

/** The public pages the build wrote; none for a build without them. */
function readManifest(dir: string): PageEntry[] {
  const manifest = join(dir, PAGES_MANIFEST);
  if (!existsSync(manifest)) return [];
  const pages = JSON.parse(readFileSync(manifest, 'utf8')) as unknown;
  if (
    !Array.isArray(pages) ||
    !pages.every(
      (page: Partial<PageEntry>) =>
        typeof page?.url === 'string' &&
        page.url.startsWith('/') &&
        typeof page.route === 'string' &&
        typeof page.live === 'boolean' &&
        typeof page.file === 'string' &&
        existsSync(join(dir, page.file)),
    )
  ) {
    throw new Error(`${manifest} does not list existing pages: rebuild the web app`);
  }
  return pages as PageEntry[];
}

async function loadRenderer(dir: string): Promise<PageRenderer> {
  const file = join(dir, RENDER_MODULE);
  const module = (await import(pathToFileURL(file).href)) as Partial<PageRenderer>;
  if (typeof module.renderDocument !== 'function') {
    throw new Error(`${file} does not render pages: rebuild the web app`);
  }
  return module as PageRenderer;
}

/** The request's path as the browser's location has it: what the page is drawn at. */
function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

/** By the file sent, which may be its precompressed twin (`about.html.br`). */
function cacheControlFor(path: string): string {
  if (/[\\/]assets[\\/]/.test(path)) return IMMUTABLE;
  if (/\.html(\.br|\.gz)?$/.test(path)) return 'no-cache';
  return 'public, max-age=86400';
}

/** `/images/missing.svg` is a missing file, not an app route. */
function hasExtension(path: string): boolean {
  return /\.[a-z0-9]{2,5}$/i.test(path);
}
