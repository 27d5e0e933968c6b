import { createHmac, createSecretKey, hkdfSync } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/**
 * The network a client address stands for: the address itself for IPv4 (an IPv4-mapped IPv6
 * address too), its /64 for IPv6, the block one subscriber usually gets whole.
 */
export function addressNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * A keyed hash (HMAC-SHA-256, its key derived from `secret`) of a client address's network:
 * equal for one network, useless to whoever reads the database without the key (the whole
 * IPv4 space is too small for a plain hash to hide anything).
 */
export function clientAddressHasher(secret: string): (ip: string) => string {
  // A KeyObject made once: given a Buffer, createHmac makes one on every call (12 µs against 2).
  const key = createSecretKey(
    new Uint8Array(hkdfSync('sha256', secret, '', 'client-address-hash', 32)),
  );
  return (ip) => createHmac('sha256', key).update(addressNetwork(ip)).digest('base64url');
}

/**
 * Fastify's `trustProxy` for a setting: Fastify 5 no longer honours a bare hop count (it trusts
 * nothing then), so a count becomes proxy-addr's rule, trust the nearest `hops` addresses. Safe
 * only when the port is reachable from the balancer alone; a list of the balancers' addresses
 * is safe either way (README, `TRUST_PROXY`).
 */
export function trustProxyFor(
  setting: boolean | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
