import { DEFAULT_BUSINESS } from '@app/shared';
import type { Config } from '../config/env.ts';

/** A complete configuration for tests: no web build, a fixed secret, nothing read from the machine. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    isProduction: false,
    host: '127.0.0.1',
    port: 0,
    databaseUrl: undefined,
    dataDir: 'memory://',
    seedDemo: true,
    publicBaseUrl: 'http://localhost:3000',
    sessionSecret: 'test-secret-that-is-long-enough-for-hmac-0123456789',
    webDistDir: '/nonexistent-web-dist',
    logLevel: 'silent',
    trustProxy: false,
    business: DEFAULT_BUSINESS,
    ...overrides,
  };
}
