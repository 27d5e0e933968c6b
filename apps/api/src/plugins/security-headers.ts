import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config/env.ts';

/** The parts of the configuration the headers depend on (the Config itself will do). */
export type SecurityHeaderOptions = Pick<
  Config,
  'isProduction' | 'webGoogleSignIn' | 'webGoogleMaps'
>;

/** A CSP source allowing one inline `<style>` element with exactly this text. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

/**
 * react-toastify 11.2.0 also injects its stylesheet (the text of ReactToastify.css) as a
 * `<style>` element when the toast container mounts. The same rules already arrive in the
 * built CSS, but a blocked injection would log a CSP violation on every toast: allow exactly
 * that text. security-headers.test.ts recomputes it from the installed package, so an upgrade
 * that changes the sheet fails the tests rather than the console.
 */
export const TOASTIFY_STYLE_HASH = "'sha256-wBAOjWqzlHdwhuIyV//yRl4v0VNTHc3TOqbIfNXoA7k='";

/** Google's documented CSP for Identity Services (button, one-tap, popup). */
const GIS = {
  script: ['https://accounts.google.com/gsi/client'],
  style: ['https://accounts.google.com/gsi/style'],
  connect: ['https://accounts.google.com/gsi/'],
  frame: ['https://accounts.google.com/gsi/'],
};

/**
 * The Maps JavaScript API as the booking form uses it: the loader and the places library
 * (predictions and details, no rendered map) come from maps.googleapis.com, its images and
 * styles from maps.gstatic.com. Rendering a map would need more hosts (tiles, fonts).
 */
const MAPS = {
  script: ['https://maps.googleapis.com'],
  style: ['https://maps.gstatic.com'],
  img: ['https://maps.gstatic.com', 'https://maps.googleapis.com'],
  connect: ['https://maps.googleapis.com'],
};

/**
 * A reset, confirmation or live trip link's token is in the path: those pages must never send
 * it on as a Referer.
 */
const TOKEN_LINK_PAGE = /^\/(?:reset-password|verify-email|trip)(?:\/|$)/i;

/** Inline styles one response may use, by hash; see `allowInlineStyle`. */
const inlineStyles = new WeakMap<FastifyReply, string[]>();

/**
 * Lets this response's page use one inline `<style>` with exactly `css` as its text (allowed by
 * hash in its Content-Security-Policy); every other page keeps `style-src 'self'`.
 */
export function allowInlineStyle(reply: FastifyReply, css: string): void {
  const hashes = inlineStyles.get(reply) ?? [];
  hashes.push(styleHash(css));
  inlineStyles.set(reply, hashes);
}

/** The site's Content-Security-Policy, with extra `style-src` hashes for one page. */
export function contentSecurityPolicy(
  options: SecurityHeaderOptions,
  extraStyleHashes: readonly string[] = [],
): string {
  const gis = options.webGoogleSignIn ?? false;
  const maps = options.webGoogleMaps ?? false;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(gis ? GIS.script : []), ...(maps ? MAPS.script : [])],
    [
      'style-src',
      "'self'",
      TOASTIFY_STYLE_HASH,
      ...extraStyleHashes,
      ...(gis ? GIS.style : []),
      ...(maps ? MAPS.style : []),
    ],
    ['img-src', "'self'", 'data:', ...(maps ? MAPS.img : [])],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(gis ? GIS.connect : []), ...(maps ? MAPS.connect : [])],
    ['frame-src', ...(gis ? GIS.frame : ["'none'"])],
    ['frame-ancestors', "'none'"],
    // ASVS 5.0 V3.4.3: no page needs a <base> element, so none may be injected.
    ['base-uri', "'none'"],
    // The sandbox checkout posts to itself; Stripe Checkout is reached by navigation.
    ['form-action', "'self'"],
    ['object-src', "'none'"],
  ];
  if (options.isProduction) directives.push(['upgrade-insecure-requests']);
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** Every header this plugin adds, for a response that has none of them yet. */
export function securityHeaders(
  options: SecurityHeaderOptions,
  page: { path: string; styleHashes?: readonly string[] },
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(options, page.styleHashes),
    'x-content-type-options': 'nosniff',
    'referrer-policy': TOKEN_LINK_PAGE.test(page.path)
      ? 'no-referrer'
      : 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    // Google sign-in's popup must be able to report back to the page that opened it.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    // The chauffeur's day sheet shares where the car is (the site's own pages only).
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
  };
  // Only production is served over HTTPS; HSTS on localhost would pin it for every local app.
  if (options.isProduction)
    headers['strict-transport-security'] = 'max-age=63072000; includeSubDomains';
  return headers;
}

/**
 * Adds the security headers to every response: API answers, static files, the index.html
 * fallback, errors and 404s. A header a route set itself (the sandbox checkout's stricter
 * Referrer-Policy) is kept. Register it before any route or plugin.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): void {
  // Most responses share one set; only pages with inline styles need their own.
  const cache = new Map<string, Record<string, string>>();
  const headersFor = (path: string, styleHashes: string[] | undefined) => {
    if (styleHashes) return securityHeaders(options, { path, styleHashes });
    const kind = TOKEN_LINK_PAGE.test(path) ? '/reset-password' : '/';
    let headers = cache.get(kind);
    if (!headers) {
      headers = securityHeaders(options, { path: kind });
      cache.set(kind, headers);
    }
    return headers;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '/';
    for (const [name, value] of Object.entries(headersFor(path, inlineStyles.get(reply)))) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
