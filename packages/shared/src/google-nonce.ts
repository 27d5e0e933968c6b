// The Web Crypto API, which browsers and Node both provide (this package compiles without the
// DOM's or Node's types).
declare const crypto: {
  subtle: { digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer> };
};
declare class TextEncoder {
  encode(input: string): Uint8Array;
}

/**
 * The nonce a Google ID token must carry to sign this browser in: a SHA-256 of the visitor's
 * CSRF token, which is itself bound to the visitor's cookie. A token captured elsewhere (a
 * logged request, a malicious page with the same client id) carries another browser's nonce
 * and is refused; hashing keeps the CSRF token out of the JWT that Google signs.
 * The page passes it to Google Identity Services' `initialize({ nonce })`; the server
 * recomputes it from the request's (already checked) X-CSRF-Token header.
 */
export async function googleNonce(csrfToken: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`google-nonce:${csrfToken}`),
  );
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
