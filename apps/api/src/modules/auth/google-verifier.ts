import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

export interface GoogleVerifier {
  /**
   * The identity in a Google ID token, or throws when it is not one we can trust. `nonce` is
   * the one this browser asked Google for (googleNonce): a token issued to another is refused.
   */
  verify(idToken: string, nonce: string): Promise<GoogleIdentity>;
}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const GOOGLE_CERTS = new URL('https://www.googleapis.com/oauth2/v3/certs');

/**
 * Verifies Google ID tokens: signature against Google's published keys (or a key set the
 * tests make), audience = our client id, Google as issuer, not expired, this browser's nonce,
 * and a verified email.
 */
export function createGoogleVerifier(options: {
  clientId: string;
  keySet?: JWTVerifyGetKey;
}): GoogleVerifier {
  const keySet = options.keySet ?? createRemoteJWKSet(GOOGLE_CERTS);
  return {
    async verify(idToken, nonce) {
      const { payload } = await jwtVerify(idToken, keySet, {
        audience: options.clientId,
        issuer: GOOGLE_ISSUERS,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (typeof payload.nonce !== 'string' || payload.nonce !== nonce) {
        throw new Error('Google token was issued to another browser');
      }
      if (payload.email_verified !== true || typeof payload.email !== 'string' || !payload.sub) {
        throw new Error('Google account email is not verified');
      }
      const name =
        typeof payload.name === 'string' && payload.name.trim()
          ? payload.name.trim()
          : (payload.email.split('@')[0] ?? '');
      return { sub: payload.sub, email: payload.email, name };
    },
  };
}
