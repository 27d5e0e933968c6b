import { describe, expect, it } from 'vitest';
import { addressNetwork, clientAddressHasher } from './client-address.ts';

describe('clientAddressHasher', () => {
  const hash = clientAddressHasher('x'.repeat(40));

  // Holds store these hashes and count by them: a change to the key or the input would quietly
  // reset every network's count, so the values themselves are pinned.
  it('gives the same hash as always for a secret and an address', () => {
    expect(hash('127.0.0.1')).toBe('kkV6WzfM_7ogeuu_9Yo0cUui3tFlUYfBeKMQPZ_BSbI');
    expect(hash('2001:db8::1')).toBe('dGJTY-ViQ_i6mWlA0BaCbgYZy1imkxxK9Pico2dq45g');
  });

  it('is one hash for a network, another for another network or another secret', () => {
    expect(hash('::ffff:127.0.0.1')).toBe(hash('127.0.0.1'));
    expect(hash('2001:db8::ffff:2')).toBe(hash('2001:db8::1'));
    expect(hash('2001:db8:0:1::1')).not.toBe(hash('2001:db8::1'));
    expect(hash('127.0.0.2')).not.toBe(hash('127.0.0.1'));
    expect(clientAddressHasher('y'.repeat(40))('127.0.0.1')).not.toBe(hash('127.0.0.1'));
  });
});

describe('addressNetwork', () => {
  it('is the address for IPv4 and its /64 for IPv6', () => {
    expect(addressNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(addressNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressNetwork('2001:db8:a:b:c:d:e:f')).toBe('2001:db8:a:b::/64');
    expect(addressNetwork('not an address')).toBe('not an address');
  });
});
