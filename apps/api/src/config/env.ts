import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { resolveBusiness, type Business } from '@app/shared';

/** The repository root: paths in the environment are relative to it. */
export const ROOT_DIR = resolve(import.meta.dirname, '../../../..');

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('var/data'),
    SEED_DEMO: flag.default(true),
    PUBLIC_BASE_URL: z.url().optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    TRUST_PROXY: flag.default(false),
    BUSINESS_NAME: z.string().optional(),
    BUSINESS_PHONE: z.string().optional(),
    BUSINESS_EMAIL: z.string().optional(),
    BUSINESS_STREET: z.string().optional(),
    BUSINESS_LOCALITY: z.string().optional(),
    BUSINESS_REGION: z.string().optional(),
    BUSINESS_POSTAL_CODE: z.string().optional(),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.SESSION_SECRET, {
    path: ['SESSION_SECRET'],
    message: 'is required in production (at least 32 random characters)',
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  publicBaseUrl: string;
  sessionSecret: string;
  webDistDir: string;
  logLevel: string;
  trustProxy: boolean;
  business: Business;
}

export class ConfigError extends Error {}

/** Reads and checks the environment once; a bad value stops the server with the full list. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = resolve(ROOT_DIR, env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    seedDemo: env.SEED_DEMO,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    sessionSecret: env.SESSION_SECRET ?? developmentSecret(dataDir),
    webDistDir: resolve(ROOT_DIR, env.WEB_DIST_DIR),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    business: resolveBusiness({
      name: env.BUSINESS_NAME,
      phone: env.BUSINESS_PHONE,
      email: env.BUSINESS_EMAIL,
      street: env.BUSINESS_STREET,
      locality: env.BUSINESS_LOCALITY,
      region: env.BUSINESS_REGION,
      postalCode: env.BUSINESS_POSTAL_CODE,
    }),
  };
}

/**
 * Outside production a secret is made once and kept beside the data, so tokens survive a
 * restart without anyone having to configure one.
 */
function developmentSecret(dataDir: string): string {
  const file = resolve(dirname(dataDir), 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
