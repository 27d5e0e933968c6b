import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { createGoogleVerifier, type GoogleVerifier } from '../modules/auth/google-verifier.ts';

export const GOOGLE_TEST_CLIENT_ID = 'test-client';

export interface GoogleTokenClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** The nonce the browser asked for (googleNonce of its CSRF token). */
  nonce?: string;
  iss?: string;
  aud?: string;
  /** Seconds since the epoch. */
  iat?: number;
  exp?: number;
}

/** A stand-in for Google: a key pair, the verifier trusting it, and tokens it signs. */
export interface FakeGoogle {
  verifier: GoogleVerifier;
  token(claims?: GoogleTokenClaims): Promise<string>;
  /** Signed by a key Google never published, under the same key id. */
  forgedToken(claims?: GoogleTokenClaims): Promise<string>;
}

const KID = 'test-key-1';

async function sign(privateKey: CryptoKey, claims: GoogleTokenClaims): Promise<string> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const { iss, aud, iat, exp, ...rest } = claims;
  return new SignJWT({ email_verified: true, ...rest })
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
    .setIssuer(iss ?? 'https://accounts.google.com')
    .setAudience(aud ?? GOOGLE_TEST_CLIENT_ID)
    .setIssuedAt(iat ?? nowSeconds)
    .setExpirationTime(exp ?? nowSeconds + 3600)
    .sign(privateKey);
}

export async function createFakeGoogle(): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const keySet = createLocalJWKSet({ keys: [jwk] });
  return {
    verifier: createGoogleVerifier({ clientId: GOOGLE_TEST_CLIENT_ID, keySet }),
    token: (claims = {}) => sign(privateKey, claims),
    forgedToken: (claims = {}) => sign(other.privateKey, claims),
  };
}
