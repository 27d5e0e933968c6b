import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesOfBase64Url } from './browser-push.ts';

describe('bytesOfBase64Url', () => {
  it('gives back the bytes of a VAPID public key as the server writes it (unpadded base64url)', () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const jwk = publicKey.export({ format: 'jwk' });
    const raw = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x ?? '', 'base64url'),
      Buffer.from(jwk.y ?? '', 'base64url'),
    ]);
    const text = raw.toString('base64url');
    expect(text).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(bytesOfBase64Url(text))).toEqual(raw);
  });

  it('reads padded text and every base64url character', () => {
    const bytes = Buffer.from([0xfb, 0xff, 0xbf, 0x00, 0x3e]);
    expect(Buffer.from(bytesOfBase64Url(bytes.toString('base64url')))).toEqual(bytes);
    expect(Buffer.from(bytesOfBase64Url(`${bytes.toString('base64url')}=`))).toEqual(bytes);
  });
});
