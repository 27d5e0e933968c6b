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
  type PublicReviews,
  type Service,
  type SignedInProfile,
} from '@app/shared';
import { AppError } from '../errors.ts';
import { encodedBody, sendEncoded, type EncodedBody } from '../http/encoded-body.ts';

/**
 * One load of the catalogue the live pages are rendered with (the service module's cache gives
 * them). A new load is a new object: what is rendered from it is kept with it.
 */
interface Catalogue {
  services: Service[];
  /** The reviews the site shows, loaded with it (the home page's and each car's). */
  reviews: PublicReviews;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Pages rendered per load of the service list, kept with it; more are rendered but not kept. */
const RENDERED_PAGES_KEPT = 100;

/**
 * Serves the built single-page app beside the API: hashed assets cached for a year,
 * precompressed `.br`/`.gz` files chosen by Accept-Encoding, the public pages at their routes
 * (apps/web/build/static-site.ts: the static ones as built, the live ones rendered with
 * the catalogue of the moment), and every other GET that is not a file answered with index.html so
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

/** What the live pages are rendered with. */
interface LivePages {
  serviceList: { get(): Promise<Catalogue> };
  /** Who sent the request: the signed-in user's profile, or null for a visitor. */
  visitorOf: (request: FastifyRequest) => Promise<SignedInProfile | null>;
  /** The clock the pages are rendered at. */
  now: () => Date;
  /** Fresh renders a second, at most; past it, pages go out unrendered. */
  rendersPerSecond: number;
}

async function registerPages(
  app: FastifyInstance,
  pagesDir: string,
  { serviceList, visitorOf, now, rendersPerSecond }: LivePages,
): Promise<void> {
  const pages = readManifest(pagesDir);
  const mayRender = renderBudget(rendersPerSecond);
  const renderer = pages.some((page) => page.live) ? await loadRenderer(pagesDir) : undefined;

  for (const page of pages) {
    if (!renderer || !page.live) {
      app.get(page.url, (_request, reply) => reply.sendFile(page.file, pagesDir));
      continue;
    }
    const template = readFileSync(join(pagesDir, page.file), 'utf8');
    const renderPage = pageRenderer(renderer, template, page.route, { now, mayRender });
    const shell = encodedBody(template);
    app.get(page.url, async (request, reply) => {
      // The page depends on who asks (the session cookie): a shared cache keeps it apart.
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie');
      let list: Catalogue;
      let visitor: SignedInProfile | null;
      try {
        [list, visitor] = await Promise.all([serviceList.get(), visitorOf(request)]);
      } catch (error) {
        // No catalogue or no session (the database is away): the page without them, which the
        // browser renders itself and whose calls then say what is wrong.
        request.log.warn({ err: error }, 'page sent unrendered: the database is away');
        return sendEncoded(request, reply.code(503).header('retry-after', '5'), shell);
      }
      // A signed-in customer's page holds their name and phone: theirs alone, and not stored.
      if (visitor) reply.header('cache-control', 'private, no-store');
      const rendering = renderPage(list, pathOf(request), visitor);
      // Over the budget (a flood of new addresses): the browser renders the page itself.
      if (!rendering) return sendEncoded(request, reply, shell);
      const rendered = await rendering;
      if ('location' in rendered) return reply.redirect(rendered.location, 308);
      return sendEncoded(request, reply.code(rendered.status), rendered.body);
    });
  }
}

type RenderedPage = { status: 200 | 404; body: EncodedBody } | { location: string };

/**
 * Renders a live page at a path with a load of the service list, for a visitor or a signed-in
 * user. A visitor's page rendered once is kept with that load, so the many visitors of the same
 * second share one render and its compression; a new load (a booking, or a second gone) renders
 * afresh. A signed-in user's page is rendered for them alone. Undefined when the budget is spent.
 */
function pageRenderer(
  renderer: PageRenderer,
  template: string,
  route: string,
  { now, mayRender }: { now: () => Date; mayRender: () => boolean },
) {
  const renderedWith = new WeakMap<Catalogue, Map<string, Promise<RenderedPage>>>();
  return (
    list: Catalogue,
    path: string,
    visitor: SignedInProfile | null,
  ): Promise<RenderedPage> | undefined => {
    const rendered = renderedWith.get(list) ?? new Map<string, Promise<RenderedPage>>();
    renderedWith.set(list, rendered);
    const kept = visitor ? undefined : rendered.get(path);
    if (kept) return kept;
    if (!mayRender()) return undefined;
    const rendering = renderer
      .renderDocument(template, {
        path,
        route,
        services: list.services,
        reviews: list.reviews,
        renderedAt: now(),
        visitor,
      })
      .then((document): RenderedPage =>
        document.status === 308
          ? { location: document.location }
          : { status: document.status, body: encodedBody(document.html) },
      );
    if (!visitor && rendered.size < RENDERED_PAGES_KEPT) {
      rendered.set(path, rendering);
      rendering.catch(() => rendered.delete(path));
    }
    return rendering;
  };
}

/**
 * Allows `perSecond` fresh renders in each second of the wall clock, for all pages together. A
 * render costs about a millisecond and a half of CPU: unbounded, a flood of unknown car
 * addresses (each rendered, as a 404) could take the whole process; bounded, it only costs those
 * pages their head start.
 */
function renderBudget(perSecond: number): () => boolean {
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

/** The request's path as the browser's location has it: what the page is rendered at. */
function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

/** By the file sent, which may be its precompressed twin (`about.html.br`). */
function cacheControlFor(path: string): string {
  if (/[\\/]assets[\\/]/.test(path)) return IMMUTABLE;
  if (/\.html(\.br|\.gz)?$/.test(path)) return 'no-cache';
  // A service worker and its manifest: a new version reaches the phones at their next visit.
  if (/-sw\.js$|\.webmanifest$/.test(path)) return 'no-cache';
  return 'public, max-age=86400';
}

/** `/images/missing.svg` is a missing file, not an app route. */
function hasExtension(path: string): boolean {
  return /\.[a-z0-9]{2,5}$/i.test(path);
}
