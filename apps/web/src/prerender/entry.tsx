/**
 * The build's server-side entry (vite build --ssr, run by scripts/static-site.ts): renders a
 * public page to HTML exactly as the client's first render will draw it, for hydration.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from '../app.tsx';
import { preloadScreen } from '../routes.tsx';
import { API_BASE, BUSINESS } from '../config/env.ts';
import { localBusinessJsonLd } from './local-business.ts';

export { PRERENDERED_PAGES } from './pages.ts';

/**
 * The app's HTML at `path`, matching `route`. The screen's code is loaded first, as the client
 * does before hydrating: nothing suspends, so React needs no inline script to complete the page
 * (the Content-Security-Policy would block one).
 */
export async function renderPage(path: string, route: string): Promise<string> {
  await preloadScreen(route);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={path}>
        <App />
      </Router>
    </StrictMode>,
    // One piece: a boundary split off for streaming would need an inline script to show.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (/<script\b|<!--\$[!?]-->/.test(html)) {
    throw new Error(`prerender: ${path} suspended or needs an inline script to finish`);
  }
  return html;
}

/** The business's schema.org data block, from the same settings the pages show. */
export function businessJsonLd(): string {
  return localBusinessJsonLd(BUSINESS);
}

/**
 * The API calls every page makes at start that its first screen waits for (app-context.tsx):
 * the HTML preloads them, so they travel beside the code instead of after it.
 */
export function startupCalls(): string[] {
  return [`${API_BASE}/service/list`, `${API_BASE}/user/profile`];
}
