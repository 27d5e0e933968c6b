import { describe, expect, it } from 'vitest';
import { googleNonce } from './google-nonce.ts';

describe('googleNonce', () => {
  it('is the hex SHA-256 of the CSRF token, under its own label', async () => {
    const token = 'c3JmLXRva2Vu';
    // printf 'google-nonce:c3JmLXRva2Vu' | sha256sum
    expect(await googleNonce(token)).toBe(
      'f680adea7cb55fbe8929ff169555c7b13003068a2bdbb862c5a102c96f65a1af',
    );
  });

  it('differs between visitors and never contains the token itself', async () => {
    const [a, b] = [await googleNonce('visitor-a'), await googleNonce('visitor-b')];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toContain('visitor-a');
  });
});
