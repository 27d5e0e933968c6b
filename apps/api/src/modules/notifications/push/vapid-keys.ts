import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import webpush from 'web-push';
import type { Config, VapidKeys } from '../../../config/env.ts';

/** Made once per process for an in-memory database (tests): nothing is written anywhere. */
let processKeys: VapidKeys | undefined;

/**
 * The configured key pair; outside production without one, a pair made once and kept beside the
 * data (as the development session secret is), so a phone's subscription, which is bound to
 * the public key, survives a restart. Production refuses to start without keys (`config/env.ts`).
 */
export function vapidKeysFor(config: Pick<Config, 'push' | 'isProduction' | 'dataDir'>): VapidKeys {
  if (config.push.vapidKeys) return config.push.vapidKeys;
  if (config.isProduction) throw new Error('Web push needs VAPID_PUBLIC_KEY in production');
  if (config.dataDir.startsWith('memory://')) {
    processKeys ??= webpush.generateVAPIDKeys();
    return processKeys;
  }
  const file = resolve(dirname(config.dataDir), 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
