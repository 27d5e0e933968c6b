import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DbHandle } from '@app/db';
import type { Config } from './config/env.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerWeb } from './plugins/web.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { createServiceListCache } from './modules/service/service-list-cache.ts';
import { registerServiceRoutes } from './modules/service/service.routes.ts';

export interface AppDeps {
  config: Config;
  db: DbHandle;
  /** The clock every rule reads; tests pass a fixed one. */
  now?: () => Date;
  /** Fastify's logger; off in tests. */
  logger?: boolean | object;
  /** How long another instance's booking may take to show in the service list. */
  serviceListMaxAgeMs?: number;
}

/** Builds the whole application without listening, so tests can drive it with `inject`. */
export async function buildApp({
  config,
  db,
  now = () => new Date(),
  logger = false,
  serviceListMaxAgeMs = 1000,
}: AppDeps) {
  const app: FastifyInstance = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });

  registerErrorHandler(app);
  await app.register(fastifyCookie);
  registerCsrf(app, {
    secret: config.sessionSecret,
    cookieName: config.isProduction ? '__Host-sid' : 'sid',
    secureCookie: config.isProduction,
  });

  const serviceList = createServiceListCache(db.db, { maxAgeMs: serviceListMaxAgeMs, now });
  registerHealthRoutes(app, db);
  registerServiceRoutes(app, serviceList);
  await registerWeb(app, config.webDistDir);

  return app;
}
