import { createDb, prepareDb } from '@app/db';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { expireStaleHolds } from './modules/booking/holds.ts';
import { deleteExpiredSessions } from './modules/session/sessions.ts';

const HOUSEKEEPING_EVERY_MS = 60 * 60_000;

/** Starts the API and the built site on one port, and stops gracefully on SIGTERM / SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await createDb({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await prepareDb(db, { seed: config.seedDemo });

  const app = await buildApp({
    config,
    db,
    // Request ids, redaction and serializers come from logging.ts.
    logger: { level: config.logLevel },
  });

  const housekeeping = setInterval(() => {
    deleteExpiredSessions(db.db, new Date()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'housekeeping failed'),
    );
  }, HOUSEKEEPING_EVERY_MS);
  housekeeping.unref();
  // Unpaid holds past their checkout give their slots back.
  const holdSweep = setInterval(() => {
    expireStaleHolds(db.db, new Date()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'releasing expired holds failed'),
    );
  }, 60_000);
  holdSweep.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    clearInterval(housekeeping);
    clearInterval(holdSweep);
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const where = db.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  app.log.info(`Site ready at ${config.publicBaseUrl} (${where})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
