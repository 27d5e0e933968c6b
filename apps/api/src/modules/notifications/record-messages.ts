import { eq } from 'drizzle-orm';
import { appointments, outboxMessages, smsOptOuts, users, type Database } from '@app/db';
import {
  isPushed,
  MESSAGE_ROUTES,
  type CancelledBy,
  type MessageAudience,
  type MessageChannel,
} from '@app/shared';
import { recordPush } from './push/record-push.ts';
import { usE164 } from './sms/us-phone.ts';

/**
 * What happened to a ride that the customer, and for some the owner, must hear of. Its `kind` is
 * its messages' template: `MESSAGE_ROUTES` (`@app/shared`) says who gets which, by which channel.
 */
export type AppointmentEvent =
  | { kind: 'paid'; appointmentId: string; at: Date }
  | {
      kind: 'cancelled';
      appointmentId: string;
      at: Date;
      by: CancelledBy;
      /** What goes back to the customer: 0 when nothing does. */
      refundCents: number;
    }
  | {
      kind: 'rescheduled';
      appointmentId: string;
      at: Date;
      previousSlotStart: Date;
      /** An owner's move: why, in words the customer is told. */
      reason?: string;
      /** An owner's move to another car: the car it was on. */
      previousCarName?: string;
    }
  | {
      kind: 'details_changed';
      appointmentId: string;
      at: Date;
      /** What was corrected, in the customer's words ("phone number", "pickup address"). */
      fields: string[];
      reason: string;
    }
  | {
      kind: 'completed';
      appointmentId: string;
      at: Date;
      /** When it was marked: a thank-you for a marking undone, or made again since, is not sent. */
      finishedAt?: Date;
      /** Not before the marking can no longer be undone. */
      sendAt?: Date;
    }
  /** A chauffeur's tap (`modules/drive`): who comes, in which car. */
  | {
      kind: 'on_my_way' | 'arrived';
      appointmentId: string;
      at: Date;
      chauffeurFirstName: string;
      plate: string;
      /** The live trip page the message links to (`modules/trips`). */
      tripUrl: string;
    }
  /** The bill after the ride (`modules/bills`): sent, its balance charged, or a link to pay it. */
  | {
      kind: 'bill_sent';
      appointmentId: string;
      at: Date;
      totalCents: number;
      balanceCents: number;
    }
  | {
      kind: 'bill_payment_due';
      appointmentId: string;
      at: Date;
      amountCents: number;
      /** The payment link (a checkout for the amount), as the provider made it. */
      linkUrl: string;
    }
  | { kind: 'bill_paid'; appointmentId: string; at: Date; amountCents: number; tipCents: number }
  /** Written by the reminders job, in the transaction that claims the reminder. */
  | {
      kind: 'reminder_24h' | 'reminder_2h';
      appointmentId: string;
      at: Date;
      /** The pickup it reminds of: a ride moved since is not reminded of its old time. */
      slotStart: Date;
    };

/** Writes an event's messages to the outbox, in the caller's transaction. */
export type RecordMessages = (tx: Database, event: AppointmentEvent) => Promise<void>;

/**
 * Built once in app.ts. Call it in the transaction of the change itself: the change and its
 * messages (the staff's pushes too, `recordPush`) are committed together or not at all, and the
 * delivery job sends them after.
 */
export function messageRecorder(settings: { ownerEmail: string }): RecordMessages {
  return async (tx, event) => {
    const [ride] = await tx
      .select({
        customerEmail: users.email,
        phone: appointments.phone,
        smsConsentAt: appointments.smsConsentAt,
      })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.userId))
      .where(eq(appointments.id, event.appointmentId));
    if (!ride) throw new Error(`No appointment ${event.appointmentId} to tell anyone about`);

    const { kind, appointmentId, at, ...details } = event;
    // When it may go (at once unless the event says), apart from what the message says.
    const { sendAt: due = at, ...said } = details as typeof details & { sendAt?: Date };
    const payload = JSON.parse(JSON.stringify(said)) as Record<string, unknown>;
    const row = (channel: MessageChannel, audience: MessageAudience, recipient: string) => ({
      channel,
      audience,
      template: kind,
      recipient,
      appointmentId,
      payload,
      nextAttemptAt: due,
      createdAt: at,
      updatedAt: at,
    });
    const route = MESSAGE_ROUTES[kind];
    const rows = [row('email', 'customer', ride.customerEmail)];
    if (route.ownerEmail) rows.push(row('email', 'owner', settings.ownerEmail));
    const phone = usE164(ride.phone);
    if (route.text && ride.smsConsentAt && phone && !(await optedOut(tx, phone)))
      rows.push(row('sms', 'customer', phone));
    await tx.insert(outboxMessages).values(rows);
    // And a push to the phones of the staff who turned notifications on.
    if (isPushed(kind)) await recordPush(tx, { kind, appointmentId, at });
  };
}

/** A number that texted STOP (and not START since). Checked again when the text is sent. */
export async function optedOut(db: Database, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, phone));
  return Boolean(row);
}
