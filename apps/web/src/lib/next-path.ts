/** Where a successful sign-in goes when the visitor was not on the way somewhere else. */
export const DEFAULT_AFTER_LOGIN = '/services';

/** Pages a signed-in user cannot open: never a destination after signing in. */
const SIGNED_OUT_ONLY = ['/login', '/forgot-password', '/reset-password'];

/**
 * The `next` parameter when it is a path on this site: one leading `/` (not `//`, which a
 * browser reads as another host), no backslash or control character, not a signed-out-only page;
 * dot segments resolved and leading slashes made one, so it cannot become `//x` on the way.
 */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next || next.length > 2000) return undefined;
  if (!next.startsWith('/') || next.startsWith('//')) return undefined;
  // Browsers treat `\` like `/` in URLs, and strip tabs and newlines before parsing.
  if (/[\\\p{Cc}]/u.test(next)) return undefined;
  // Resolved as the browser will (`/.//x` is the path `//x`), then one leading `/`.
  const url = new URL(next, 'http://h');
  const pathname = url.pathname.replace(/^\/+/, '/');
  if (SIGNED_OUT_ONLY.some((page) => pathname === page || pathname.startsWith(`${page}/`))) {
    return undefined;
  }
  return pathname + url.search + url.hash;
}

/** The login page's address for a visitor headed to `path`. */
export function loginHref(path: string): string {
  const next = safeNextPath(path);
  return next ? `/login?next=${encodeURIComponent(next)}` : '/login';
}
