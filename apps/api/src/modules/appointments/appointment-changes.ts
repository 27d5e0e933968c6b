import type { Database } from '@app/db';
import { recordAudit, type AuditEntry } from '../audit/record-audit.ts';
import type { AppointmentEvent, RecordMessages } from '../notifications/record-messages.ts';
import type { AppointmentChange } from './status.ts';

/**
 * What a change of an appointment must also do, written in its transaction by
 * `recordConsequences`: committed with the change, or rolled back with it.
 */
export interface Consequences {
  /** Its audit events: an owner's or a customer's doing (a payment or a release has none). */
  audit: readonly AuditEntry[];
  /** What the customer, and for some the owner, must hear of: its outbox rows. */
  message: AppointmentEvent | null;
}

export const NO_CONSEQUENCES: Consequences = { audit: [], message: null };

/** What one transition answers from inside its transaction. */
export interface TransitionOutcome<T> {
  /** The change made, told after commit; null when nothing changed (a refund decided instead). */
  change: AppointmentChange | null;
  consequences: Consequences;
  /** What the caller answers from. */
  result: T;
}

/** One transition's work inside the transaction `AppointmentChanges.run` opens. */
export type Transition<T> = (tx: Database) => Promise<TransitionOutcome<T>>;

/** Writes a change's audit events and its messages, in the transaction of the change. */
export async function recordConsequences(
  tx: Database,
  recordMessages: RecordMessages,
  consequences: Consequences,
): Promise<void> {
  for (const entry of consequences.audit) await recordAudit(tx, entry);
  if (consequences.message) await recordMessages(tx, consequences.message);
}

/** How every change of an appointment is made (built once in app.ts). */
export interface AppointmentChanges {
  /**
   * Runs a transition in a transaction of its own and writes its consequences in it; after
   * the commit, tells the service list of the change. A transition that throws changes,
   * writes and tells nothing. Answers the transition's result.
   */
  run<T>(transition: Transition<T>): Promise<T>;
  /**
   * Tells of a change committed by one statement on its own, with nothing else to write: a
   * hold made by `book_hold` in one round trip (ADR 008), which a transaction would triple.
   */
  committed(change: AppointmentChange | null): void;
}

export function createAppointmentChanges(deps: {
  db: Database;
  recordMessages: RecordMessages;
  /** Told of each committed change: app.ts refreshes the service list, whose slots it moves. */
  onChanged: (change: AppointmentChange) => void;
}): AppointmentChanges {
  const committed = (change: AppointmentChange | null) => {
    if (change) deps.onChanged(change);
  };
  return {
    async run(transition) {
      const { change, result } = await deps.db.transaction(async (tx) => {
        const outcome = await transition(tx);
        await recordConsequences(tx, deps.recordMessages, outcome.consequences);
        return outcome;
      });
      committed(change);
      return result;
    },
    committed,
  };
}
