import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@app/db';
import { releaseExpiredHolds } from '../modules/appointments/release-expired-holds.ts';
import { deleteExpiredSessions } from '../modules/auth/sessions.ts';
import { purgeStalePositions } from '../modules/drive/trip-taps.ts';
import type { RideEmailSettings } from '../email/ride-facts.ts';
import {
  deliverDueMessages,
  type DeliverySettings,
  type MessageChannels,
} from '../modules/notifications/deliver-messages.ts';
import type { RecordMessages } from '../modules/notifications/record-messages.ts';
import { nudgeLateChauffeurs } from '../modules/notifications/nudge-late-chauffeurs.ts';
import { remindRides, type ReminderLeads } from '../modules/notifications/remind-rides.ts';
import type { PaymentProvider } from '../modules/payments/payment-provider.ts';
import { issuePendingRefunds } from '../modules/payments/refunds.ts';
import { chargeDueBills } from '../modules/bills/charge-bill.ts';
import { applyDefaultTips } from '../modules/bills/pay-bill.ts';
import { sendDueBills } from '../modules/bills/send-bill.ts';

/** What every job may use: the database, the payment provider and the log. */
export interface JobDeps {
  db: Database;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}

/** Work the server does on a timer, beside the requests. */
export interface Job {
  name: string;
  /** Milliseconds between two runs. */
  every: number;
  /** Run once at start too, before the server listens. */
  atStart?: boolean;
  run(deps: JobDeps, now: Date): Promise<unknown>;
}

export const JOBS: readonly Job[] = [
  {
    // Unpaid holds past their checkout give their slots back: at start (holds that ran out while
    // the server was down, or after a crash), then every minute.
    name: 'release-expired-holds',
    every: 60_000,
    atStart: true,
    run: ({ db }, now) => releaseExpiredHolds(db, now),
  },
  {
    // Refunds decided but not yet taken by the provider (its answer lost, a crash after the
    // decision, the provider down): at start, then every minute, each with its idempotency key.
    name: 'issue-pending-refunds',
    every: 60_000,
    atStart: true,
    run: ({ db, payments, log }, now) => issuePendingRefunds(db, payments, now, log),
  },
  {
    name: 'delete-expired-sessions',
    every: 60 * 60_000,
    run: ({ db }, now) => deleteExpiredSessions(db, now),
  },
  {
    // Where a car was, for a ride never dropped off: kept no longer than a day.
    name: 'purge-trip-positions',
    every: 60 * 60_000,
    run: ({ db }, now) => purgeStalePositions(db, now),
  },
];

/** What the message jobs use beyond the database: built in server.ts from what the app made. */
export interface MessageJobSettings {
  channels: MessageChannels;
  record: RecordMessages;
  email: RideEmailSettings;
  delivery: DeliverySettings;
  /** Milliseconds between two delivery runs. */
  deliverEvery: number;
  remindEvery: number;
  reminders: ReminderLeads;
  /** How long before pickup a chauffeur should be on the way (`CHAUFFEUR_LATE_MINUTES`). */
  chauffeurLateMinutes: number;
}

/** The outbox's jobs (docs/architecture.md, "Messages"); each instance runs them, safely. */
export function messageJobs(settings: MessageJobSettings): Job[] {
  return [
    {
      // Reminders due: each claimed once, its outbox rows written with the claim.
      name: 'remind-rides',
      every: settings.remindEvery,
      atStart: true,
      run: ({ db }, now) => remindRides(db, settings.record, now, settings.reminders),
    },
    {
      // Chauffeurs not on the way in time: each ride's driver nudged once, on their phones.
      name: 'nudge-late-chauffeurs',
      every: settings.remindEvery,
      run: ({ db }, now) => nudgeLateChauffeurs(db, now, settings.chauffeurLateMinutes),
    },
    {
      // Bills: drafts the owner's rule sends by itself, the default tip once the tip window
      // closes, and charges recorded but not yet taken by the provider (a crash, the provider
      // down), each with its idempotency key: at start, then every minute.
      name: 'settle-bills',
      every: 60_000,
      atStart: true,
      run: async ({ db, payments, log }, now) => {
        const deps = {
          db,
          payments,
          log,
          recordMessages: settings.record,
          publicBaseUrl: settings.email.publicBaseUrl,
        };
        await sendDueBills(db, settings.record, now);
        await applyDefaultTips(db, settings.record, now);
        return chargeDueBills(deps, now);
      },
    },
    {
      // Due outbox rows: claimed, sent, marked; retried with backoff; failed after the last try.
      name: 'deliver-messages',
      every: settings.deliverEvery,
      run: ({ db, log }, now) =>
        deliverDueMessages(db, settings.channels, {
          email: settings.email,
          now,
          clock: () => new Date(),
          log,
          settings: settings.delivery,
        }),
    },
  ];
}

/**
 * Runs the jobs marked `atStart` (awaited), then each on its own timer; a failed run is logged
 * and the next one tries again. Answers the function that stops them all.
 */
export async function startJobs(jobs: readonly Job[], deps: JobDeps): Promise<() => void> {
  const runOnce = (job: Job) =>
    job
      .run(deps, new Date())
      .catch((error: unknown) => deps.log.warn({ err: error, job: job.name }, 'job failed'));
  await Promise.all(jobs.filter((job) => job.atStart).map(runOnce));
  const timers = jobs.map((job) => setInterval(() => void runOnce(job), job.every).unref());
  return () => timers.forEach((timer) => clearInterval(timer));
}
