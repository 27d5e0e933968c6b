import { createHmac, createSecretKey, hkdfSync, timingSafeEqual } from 'node:crypto';

/** The ride's id (16 bytes) and the first 16 bytes of its HMAC, in base64url: 43 characters. */
const ID_BYTES = 16;
const MAC_BYTES = 16;

export interface TripLinks {
  /** The trip page's token for a ride: the same every time, unguessable without the secret. */
  tokenOf(rideId: string): string;
  /** The ride a token stands for, or null for a token this server did not make. */
  rideOf(token: string): string | null;
}

/**
 * The live trip page's link (docs/security.md, The live trip page): the ride's id with its
 * HMAC-SHA-256 under a key derived from the app's secret, so a link opens one ride's trip and
 * no other can be made from it; nothing is stored. How long it works is the ride's (a day after
 * it), decided when it is read.
 */
export function tripLinks(appSecret: string): TripLinks {
  const key = createSecretKey(new Uint8Array(hkdfSync('sha256', appSecret, '', 'trip-link', 32)));
  const mac = (id: Buffer) => createHmac('sha256', key).update(id).digest().subarray(0, MAC_BYTES);
  return {
    tokenOf(rideId) {
      const id = Buffer.from(rideId.replaceAll('-', ''), 'hex');
      return Buffer.concat([id, mac(id)]).toString('base64url');
    },
    rideOf(token) {
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== ID_BYTES + MAC_BYTES) return null;
      // One spelling per token: base64url's last character carries two unused bits, which the
      // decoder ignores, so four spellings would otherwise open the same ride.
      if (bytes.toString('base64url') !== token) return null;
      const id = bytes.subarray(0, ID_BYTES);
      if (!timingSafeEqual(bytes.subarray(ID_BYTES), mac(id))) return null;
      const hex = id.toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}
