/**
 * The app's server-side renderer, built by build/static-site.ts as one self-contained module.
 * The build renders the static public pages with it; the API server renders the live ones with
 * it on each request (apps/api/src/plugins/web.ts). Either way the HTML is exactly what the
 * client's first render makes, so the client hydrates it instead of replacing it.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router, type SsrContext } from 'wouter';
import type { DocumentRequest, RenderedDocument } from '@app/shared';
import { App } from '../app.tsx';
import { preloadScreen } from '../routes.tsx';
import { API_BASE, BUSINESS } from '../config/env.ts';
import { RenderedAtContext } from '../lib/rendered-at.ts';
import { EMBEDDED } from '../state/embedded-data.ts';
import { escapeAttribute } from './html.ts';
import { localBusinessJsonLd } from './local-business.ts';

export { PUBLIC_PAGES } from './pages.ts';

/** The empty root of index.html, which a page's markup fills. */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The page at `request.path` rendered into `template` (index.html with the page's preloads): its
 * title and description in the head, its markup in the root, and the catalogue and visitor it was
 * rendered with beside it, so hydration starts from the same data.
 */
export async function renderDocument(
  template: string,
  request: DocumentRequest,
): Promise<RenderedDocument> {
  if (!template.includes(EMPTY_ROOT)) throw new Error('render: the template has no empty #root');
  const context: SsrContext = {};
  const markup = await renderApp(request, context);
  if (context.redirectTo !== undefined) return { status: 308, location: context.redirectTo };

  const { head, body } = splitHoisted(markup);
  if (!head.includes('<title>')) throw new Error(`render: ${request.path} has no <title>`);
  const root = `<div id="root" data-route="${escapeAttribute(request.route)}" data-rendered-at="${request.renderedAt.toISOString()}">${body}</div>`;
  const blocks = [
    request.services && dataBlock(EMBEDDED.catalogue, request.services),
    request.visitor !== undefined && dataBlock(EMBEDDED.visitor, request.visitor),
    request.reviews && dataBlock(EMBEDDED.reviews, request.reviews),
  ].filter((block) => typeof block === 'string');
  let html = template
    .replace(/<title>[^<]*<\/title>/, () => head)
    .replace(EMPTY_ROOT, () => [root, ...blocks].join('\n    '));
  // The page says who is looking: the browser has no profile to ask for.
  if (request.visitor !== undefined) html = html.replace(preloadTag(PROFILE_CALL), '');
  return { status: context.statusCode === 404 ? 404 : 200, html };
}

/**
 * The app's markup. The screen's code is loaded first, as the client does before hydrating:
 * nothing suspends, so React needs no inline script to complete the page (the
 * Content-Security-Policy would block one).
 */
async function renderApp(request: DocumentRequest, context: SsrContext): Promise<string> {
  await preloadScreen(request.route);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RenderedAtContext value={request.renderedAt}>
        <Router ssrPath={request.path} ssrContext={context}>
          <App services={request.services} visitor={request.visitor} reviews={request.reviews} />
        </Router>
      </RenderedAtContext>
    </StrictMode>,
    // One piece: a boundary split off for streaming would need an inline script to show.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (/<script\b|<!--\$[!?]-->/.test(html)) {
    throw new Error(`render: ${request.path} suspended or needs an inline script to finish`);
  }
  return html;
}

/**
 * Data as a JSON data block: browsers never run it (the Content-Security-Policy's script-src
 * does not apply), and `<` is escaped so no text in it can close the element early.
 */
function dataBlock(id: string, data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/**
 * React renders a page's `<title>`, `<meta>` and preload `<link>`s ahead of its markup when it
 * renders less than a whole document: they belong in `<head>`, where hydration looks for them.
 */
function splitHoisted(html: string): { head: string; body: string } {
  const hoisted = /^(?:<(?:link|meta)\b[^>]*>|<title\b[^>]*>[^<]*<\/title>)*/.exec(html)?.[0] ?? '';
  const head = hoisted.replace(/></g, '>\n    <');
  return { head, body: html.slice(hoisted.length) };
}

/** The business's schema.org data block, from the same settings the pages show. */
export function businessJsonLd(): string {
  return localBusinessJsonLd(BUSINESS);
}

/**
 * The API calls a page makes at start that its first screen waits for (state/session.tsx,
 * state/catalogue.tsx), as the preloads of its HTML: they travel beside the code instead of after
 * it. A live page carries the catalogue, and once rendered, the visitor too.
 */
export function startupPreloads(live: boolean): string[] {
  return (live ? [PROFILE_CALL] : [`${API_BASE}/service/list`, PROFILE_CALL]).map(preloadTag);
}

const PROFILE_CALL = `${API_BASE}/user/profile`;

/** A fetch preload the app's own call reuses: credentials included, no extra headers. */
function preloadTag(url: string): string {
  return `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(url)}">`;
}
