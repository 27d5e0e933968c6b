import { createDb, prepareDb } from '@app/db';
import { assembleApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { JOBS, messageJobs, startJobs } from './jobs/jobs.ts';
import { loadGazetteer } from './travel/gazetteer.ts';

/**
 * Requests in flight get this long to finish after SIGTERM; then the process exits anyway (1),
 * under the 10 s a container runtime waits before its SIGKILL.
 */
const SHUTDOWN_GRACE_MS = 8_000;

/** Starts the API and the built site on one port, and stops gracefully on SIGTERM / SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The drive estimate's places (0.2 s of CPU, 30 MB), parsed first: parsed later they stall
  // whatever is in flight, the rate-limit store's Redis handshake or a request, for as long.
  await loadGazetteer();
  const db = await createDb({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  // Migrated by the schema's owner when DATABASE_MIGRATION_URL is set: the serving role cannot.
  await prepareDb(db, { seed: config.seedDemo, migrationUrl: config.databaseMigrationUrl });

  // The jobs use the app's own outside services (one mailer, one payment provider) and its
  // message recorder.
  const { app, services, recordMessages } = await assembleApp({
    config,
    db,
    // Request ids, redaction and serializers come from logging.ts.
    logger: { level: config.logLevel },
  });

  // The outbox's jobs send what the requests (and the reminders) wrote to it.
  const { messages } = config;
  const outbox = messageJobs({
    channels: { mailer: services.mailer, sms: services.sms, push: services.push },
    record: recordMessages,
    email: { business: config.business, publicBaseUrl: config.publicBaseUrl },
    delivery: {
      batchSize: 20,
      leaseMs: messages.leaseMs,
      maxAttempts: messages.maxAttempts,
      backoffMs: messages.backoffMs,
      maxBackoffMs: 60 * 60_000,
    },
    deliverEvery: messages.deliverEveryMs,
    remindEvery: messages.remindEveryMs,
    reminders: { firstMs: messages.reminderFirstMs, secondMs: messages.reminderSecondMs },
    chauffeurLateMinutes: config.chauffeurLateMinutes,
  });
  const stopJobs = await startJobs([...JOBS, ...outbox], {
    db: db.db,
    payments: services.payments,
    log: app.log,
  });

  let stopping = false;
  // Once stopping, each answer closes its connection: a client's keep-alive connection would
  // otherwise hold the shutdown up until the grace period ends.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (stopping) reply.header('connection', 'close');
    return payload;
  });
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // The app's close closes the mailer and the rate-limit store the jobs shared.
    stopJobs();
    // A client that never finishes its request cannot keep the process from stopping.
    setTimeout(() => {
      app.log.error('requests still in flight after the shutdown grace period: exiting anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    try {
      await app.close();
      await db.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
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
