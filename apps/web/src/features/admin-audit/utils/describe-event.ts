import {
  bookingReference,
  CAR_RATE_FIELDS,
  formatCents,
  formatNewYorkShort,
  isMessageTemplate,
  MESSAGE_ROUTES,
  parseSlotDateKey,
  RIDE_STATUS_LABELS,
  TRAVEL_SETTING_FIELDS,
  type AuditAction,
  type AuditEvent,
} from '@app/shared';

/** What each kind of event is called on the Audit screen (its heading). */
export const ACTION_LABELS: Record<AuditAction, string> = {
  'owner.added': 'Owner added',
  'owner.removed': 'Owner removed',
  'chauffeur.added': 'Chauffeur added',
  'chauffeur.removed': 'Chauffeur removed',
  'chauffeur.signed_out': 'Chauffeur signed out everywhere',
  'mfa.enrolment_started': 'Authenticator setup started',
  'mfa.enrolled': 'Two-step sign-in set up',
  'mfa.verified': 'Signed in with a code',
  'mfa.recovery_code_used': 'Recovery code used',
  'mfa.code_refused': 'Wrong sign-in code',
  'appointment.cancelled': 'Ride cancelled',
  'appointment.rescheduled': 'Ride moved',
  'appointment.details_changed': 'Ride details corrected',
  'appointment.completed': 'Ride completed',
  'appointment.no_show': 'Ride marked as no-show',
  'appointment.reopened': 'Completion or no-show undone',
  'appointment.chauffeur_assigned': 'Chauffeur assigned',
  'refund.requested': 'Refund requested',
  'service.created': 'Car added',
  'service.updated': 'Car changed',
  'service.retired': 'Car retired',
  'block.created': 'Time blocked',
  'block.deleted': 'Block removed',
  'message.retried': 'Message sent again',
  'rides.exported': 'Rides exported',
  'payments.exported': 'Payments exported',
  'travel_settings.updated': 'Drive time settings changed',
  'refund_policy.updated': 'Refund tiers changed',
  'bill.adjusted': 'Bill adjusted',
  'bill.sent': 'Bill sent',
  'bill_rules.updated': 'Bill rules changed',
  'review.replied': 'Review answered',
  'review.reply_cleared': 'Review answer removed',
  'review.hidden': 'Review hidden',
  'review.unhidden': 'Review shown again',
};

/** One field of `before`/`after`, named for a person, its values as text. */
export interface Change {
  label: string;
  /** Undefined when the field was not there before (or is gone after). */
  from: string | undefined;
  to: string | undefined;
}

/** An id kept out of the sentence and the changes, for the event's details disclosure. */
export interface EventId {
  label: string;
  value: string;
}

export interface EventWords {
  title: string;
  /** The event as one sentence: who did what to which ride, car or account. */
  sentence: string;
  changes: Change[];
  ids: EventId[];
}

const money = (cents: unknown) => (typeof cents === 'number' ? `$${formatCents(cents)}` : '');

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;
const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** `Nov 27, 2026` from `27_11_2026` (a slot's day) or `2026-11-27` (a filter's day). */
function dayInWords(value: string): string | undefined {
  const slot = parseSlotDateKey(value);
  if (slot) return `${SHORT_MONTHS[slot.month - 1]} ${slot.day}, ${slot.year}`;
  const match = isoDay.exec(value);
  if (match) return `${SHORT_MONTHS[Number(match[2]) - 1]} ${Number(match[3])}, ${match[1]}`;
  return undefined;
}

const STATUS_WORDS: Record<string, string> = {
  ...RIDE_STATUS_LABELS,
  expired: 'Expired hold',
  failed: 'Failed',
  pending: 'Waiting to be sent',
  sent: 'Sent',
};

/** Field names as the owner reads them, with how their values are said. */
const FIELDS: Record<string, { label: string; value?: (v: unknown, now: Date) => string }> = {
  status: { label: 'Status', value: (v) => STATUS_WORDS[String(v)] ?? String(v) },
  cancelledBy: {
    label: 'Cancelled by',
    value: (v) => (v === 'customer' ? 'The customer' : v === 'owner' ? 'An owner' : String(v)),
  },
  cancelReason: { label: 'Reason given' },
  refund: {
    label: 'Deposit',
    value: (v) => (v === 'full' ? 'Given back in full' : v === 'none' ? 'Kept' : String(v)),
  },
  refundCents: { label: 'Refunded', value: money },
  amountCents: { label: 'Amount', value: money },
  reason: {
    label: 'Why',
    value: (v) =>
      v === 'cancelled_by_owner'
        ? 'An owner cancelled the ride'
        : v === 'cancelled_by_customer'
          ? 'The customer cancelled the ride (refund tiers)'
          : String(v)
              .replace(/_/g, ' ')
              .replace(/^./, (c) => c.toUpperCase()),
  },
  with: {
    label: 'With the ride',
    value: (v) => (typeof v === 'string' ? bookingReference(v) : String(v)),
  },
  slotDate: { label: 'Day', value: (v) => dayInWords(String(v)) ?? String(v) },
  slotTime: { label: 'Time' },
  car: { label: 'Car' },
  phone: { label: 'Phone' },
  pickupAddress: { label: 'Pickup' },
  dropoffAddress: { label: 'Drop-off' },
  pickupNotes: { label: 'Notes' },
  returnPickupAddress: { label: 'Return pickup' },
  returnDropoffAddress: { label: 'Return drop-off' },
  email: { label: 'Account' },
  role: {
    label: 'Role',
    value: (v) => (v === 'owner' ? 'Owner' : v === 'customer' ? 'Customer' : String(v)),
  },
  sessionsEnded: { label: 'Sign-ins ended' },
  recoveryCodes: { label: 'Recovery codes' },
  recoveryCodesLeft: { label: 'Recovery codes left' },
  factor: {
    label: 'With',
    value: (v) =>
      v === 'authenticator'
        ? 'A code from the authenticator app'
        : v === 'recovery code'
          ? 'A recovery code'
          : String(v),
  },
  step: {
    label: 'While',
    value: (v) =>
      v === 'enrol' ? 'Setting up the app' : v === 'verify' ? 'Signing in' : String(v),
  },
  startsAt: { label: 'From' },
  endsAt: { label: 'Until' },
  note: { label: 'Note' },
  template: {
    label: 'Message',
    value: (v) =>
      typeof v === 'string' && isMessageTemplate(v) ? MESSAGE_ROUTES[v].label : String(v),
  },
  channel: {
    label: 'Sent by',
    value: (v) => (v === 'sms' ? 'Text' : v === 'email' ? 'Email' : String(v)),
  },
  lastError: { label: 'Last error' },
  from: { label: 'From day', value: (v) => dayInWords(String(v)) ?? String(v) },
  to: { label: 'To day', value: (v) => dayInWords(String(v)) ?? String(v) },
  search: { label: 'Search' },
  rows: { label: 'Rides in the file' },
  photo: { label: 'Photo', value: (v) => (v ? 'A photo' : 'None') },
  retiredAt: { label: 'Retired' },
  available: {
    label: 'On the road',
    value: (v) => (v === true ? 'Available' : v === false ? 'Off the road' : String(v)),
  },
  name: { label: 'Name' },
  serviceLevel: { label: 'Service level' },
  type: { label: 'Make' },
  image: { label: 'Picture' },
  about: { label: 'About' },
  address: { label: 'Address' },
  availableServiceTypes: { label: 'Service types' },
  seats: { label: 'Seats' },
  plate: { label: 'Plate' },
  chauffeurName: { label: 'Chauffeur' },
  chauffeurDropped: {
    label: 'Chauffeur',
    value: (v) => (v === true ? 'Left it: they drive another ride then' : String(v)),
  },
  bags: { label: 'Bags' },
  turnaroundMinutes: { label: 'Time between rides' },
  roadFactor: { label: TRAVEL_SETTING_FIELDS.roadFactor.label },
  dayMph: { label: TRAVEL_SETTING_FIELDS.dayMph.label, value: (v) => `${String(v)} mph` },
  nightMph: { label: TRAVEL_SETTING_FIELDS.nightMph.label, value: (v) => `${String(v)} mph` },
  rushMultiplier: {
    label: TRAVEL_SETTING_FIELDS.rushMultiplier.label,
    value: (v) => `× ${String(v)}`,
  },
  tiers: {
    label: 'Refund tiers',
    value: (v) =>
      Array.isArray(v) && v.length > 0
        ? v
            .map(
              (tier: { hoursBefore?: unknown; percent?: unknown }) =>
                `${String(tier.percent)}% from ${String(tier.hoursBefore)} h before pickup`,
            )
            .join('; ')
        : 'None: the booking fee is non-refundable',
  },
  percent: { label: 'Share of the deposit', value: (v) => `${String(v)}%` },
  source: {
    label: 'Set by',
    value: (v) => (v === 'owner' ? 'An owner' : 'The server’s defaults'),
  },
  ...Object.fromEntries(
    CAR_RATE_FIELDS.map(([field, label]) => [
      field,
      { label, value: (v: unknown) => (typeof v === 'number' ? `$${v.toFixed(2)}` : String(v)) },
    ]),
  ),
};

/** Ids: not read by a person, kept for the details disclosure. */
const ID_FIELDS: Record<string, string> = {
  id: 'Record id',
  messageId: 'Message id',
  refundId: 'Refund id',
  reviewId: 'Review id',
  chauffeurId: 'Chauffeur’s account id',
  defaultChauffeurId: 'Default chauffeur’s account id',
};

/** `cancelReason` → `Cancel reason`: a field no table names yet still reads as words. */
function labelOf(field: string): string {
  const known = FIELDS[field];
  if (known) return known.label;
  if (/\s/.test(field)) return field;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as text: never JSON. */
export function valueInWords(field: string, value: unknown, now: Date = new Date()): string {
  if (value === null) return 'None';
  const known = FIELDS[field]?.value;
  if (known) return known(value, now);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') {
    return isoInstant.test(value) ? formatNewYorkShort(new Date(value), now) : value;
  }
  if (Array.isArray(value)) {
    return value.length ? value.map((item) => valueInWords(field, item, now)).join(', ') : 'None';
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return 'None';
    return entries
      .map(([key, item]) => `${labelOf(key)}: ${valueInWords(key, item, now)}`)
      .join('; ');
  }
  return String(value);
}

/**
 * The fields an event changed, in the order they first appear, named and valued in words; a
 * field whose value stayed the same is left out, and ids go to `ids`.
 */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  now: Date = new Date(),
): Change[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => !(field in ID_FIELDS))
    .filter((field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]))
    .map((field) => ({
      label: labelOf(field),
      from: before && field in before ? valueInWords(field, before[field], now) : undefined,
      to: after && field in after ? valueInWords(field, after[field], now) : undefined,
    }));
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

type LineWords = { label: string; amountCents: number };
const linesOf = (value: unknown): LineWords[] | undefined =>
  Array.isArray(value) &&
  value.every(
    (line: unknown) =>
      typeof line === 'object' &&
      line !== null &&
      typeof (line as LineWords).label === 'string' &&
      typeof (line as LineWords).amountCents === 'number',
  )
    ? (value as LineWords[])
    : undefined;
const totalOf = (lines: readonly LineWords[]) =>
  lines.reduce((sum, line) => sum + line.amountCents, 0);

/**
 * What a `bill.adjusted` did: the one line added at the end (a chauffeur's toll, or the
 * owner's), or the total before and after.
 */
function billChange(before: unknown, after: unknown, ride: string): string {
  const [was, now] = [linesOf(before), linesOf(after)];
  if (!was || !now) return `adjusted the bill of ${ride}`;
  const added = now.at(-1);
  if (
    added &&
    now.length === was.length + 1 &&
    was.every((line, i) => JSON.stringify(line) === JSON.stringify(now[i]))
  ) {
    return `added “${added.label}”, ${money(added.amountCents)}, to the bill of ${ride}`;
  }
  return `adjusted the bill of ${ride} from ${money(totalOf(was))} to ${money(totalOf(now))}`;
}

/** The event as one sentence, with its ride, car and account named. */
export function sentenceOf(event: AuditEvent, now: Date = new Date()): string {
  const before = event.before ?? {};
  const after = event.after ?? {};
  const who = event.actor.userId
    ? event.actor.label
    : event.actor.label === 'automatic'
      ? 'The owner’s rule'
      : 'The command line';
  const car = event.carName ?? 'a car no longer listed';
  const ride = event.bookingReference
    ? `ride ${event.bookingReference}${event.carName ? ` (${event.carName})` : ''}`
    : 'a ride';
  const account = str(after.email) ?? str(before.email) ?? 'an account';
  const when = (iso: unknown) =>
    typeof iso === 'string' && isoInstant.test(iso) ? formatNewYorkShort(new Date(iso), now) : '';
  const slot = (state: Record<string, unknown>) =>
    [dayInWords(String(state.slotDate ?? '')), str(state.slotTime)].filter(Boolean).join(', ');

  switch (event.action) {
    case 'owner.added':
      if (before.role === 'owner')
        return `${who} sent ${account} a new password link (already an owner).`;
      return event.before
        ? `${who} made ${account} an owner (it was a ${String(before.role ?? 'customer')} account).`
        : `${who} made ${account} an owner (a new account).`;
    case 'owner.removed':
      return `${who} removed ${account} as an owner: the account is a customer again.`;
    case 'chauffeur.added':
      return event.before
        ? `${who} made ${account} a chauffeur (it was a ${String(before.role ?? 'customer')} account).`
        : `${who} added ${account} as a chauffeur (a new account).`;
    case 'chauffeur.removed':
      return `${who} removed ${account} as a chauffeur: the account is a customer again.`;
    case 'chauffeur.signed_out': {
      const ended = num(after.sessionsEnded) ?? 0;
      const sessions = ended === 1 ? '1 session' : `${ended} sessions`;
      const calendar = after.calendarStopped === true ? ' and the calendar link stopped' : '';
      return `${who} signed ${account} out everywhere: ${sessions} ended${calendar}.`;
    }
    case 'appointment.chauffeur_assigned': {
      const driver = str(after.chauffeurName);
      return driver
        ? `${who} gave ${ride} to ${driver} to drive.`
        : `${who} took ${ride} from ${str(before.chauffeurName) ?? 'its chauffeur'}: nobody drives it yet.`;
    }
    case 'mfa.enrolment_started':
      return `${who} started setting up an authenticator app.`;
    case 'mfa.enrolled':
      return `${who} set up two-step sign-in${num(after.recoveryCodes) ? ` and received ${num(after.recoveryCodes)} recovery codes` : ''}.`;
    case 'mfa.verified':
      return `${who} signed in with a code from the authenticator app.`;
    case 'mfa.recovery_code_used': {
      const left = num(after.recoveryCodesLeft);
      return `${who} signed in with a recovery code${left === undefined ? '' : ` (${left} left)`}.`;
    }
    case 'mfa.code_refused':
      return `A wrong ${after.factor === 'recovery code' ? 'recovery code' : 'code'} was entered for ${who}'s account ${after.step === 'enrol' ? 'while setting up the app' : 'at sign-in'}.`;
    case 'appointment.cancelled': {
      const byCustomer = after.cancelledBy === 'customer';
      const refunded = num(after.refundCents);
      const deposit = byCustomer
        ? ''
        : refunded
          ? `, giving back ${money(refunded)}`
          : after.refund === 'none'
            ? ', keeping the deposit'
            : '';
      return `${who}${byCustomer ? ' (the customer)' : ''} cancelled ${ride}${deposit}.`;
    }
    case 'appointment.rescheduled': {
      const from = slot(before);
      const to = slot(after);
      const cars =
        str(before.car) && str(after.car)
          ? `, from the ${str(before.car)} to the ${str(after.car)}`
          : '';
      return `${who} moved ${ride}${from ? ` from ${from}` : ''}${to ? ` to ${to}` : ''}${cars}.`;
    }
    case 'appointment.details_changed':
      return `${who} corrected the details of ${ride}.`;
    case 'appointment.reopened':
      return `${who} undid the ${before.status === 'no_show' ? 'no-show' : 'completion'} of ${ride}: it is booked and paid again.`;
    case 'appointment.completed':
      return `${who} marked ${ride} completed.`;
    case 'appointment.no_show':
      return `${who} marked ${ride} as a no-show.`;
    case 'refund.requested':
      return `${who} refunded ${money(after.amountCents) || 'the deposit'} to the card for ${ride}.`;
    case 'service.created':
      return `${who} added ${car} to the fleet.`;
    case 'service.updated': {
      const fields = Object.keys(after);
      if (fields.length === 1 && fields[0] === 'available') {
        return after.available
          ? `${who} put ${car} back on the road: it can be booked.`
          : `${who} took ${car} off the road: it cannot be booked.`;
      }
      if (fields.length === 1 && fields[0] === 'photo')
        return `${who} changed the photo of ${car}.`;
      return `${who} changed ${car}.`;
    }
    case 'service.retired':
      return `${who} retired ${car}: it is off the site for good.`;
    case 'block.created':
      return `${who} blocked ${car} from ${when(after.startsAt)} to ${when(after.endsAt)}.`;
    case 'block.deleted':
      return `${who} removed the block on ${car} from ${when(before.startsAt)} to ${when(before.endsAt)}.`;
    case 'message.retried': {
      const template = str(before.template);
      const label =
        template && isMessageTemplate(template) ? MESSAGE_ROUTES[template].label : 'a message';
      const kind = before.channel === 'sms' ? 'text' : 'email';
      return `${who} sent the “${label}” ${kind}${event.bookingReference ? ` for ${ride}` : ''} again.`;
    }
    case 'rides.exported': {
      const rows = num(after.rows) ?? 0;
      return `${who} exported ${rows === 1 ? '1 ride' : `${rows} rides`}${event.serviceId ? ` of ${car}` : ''} as a spreadsheet (CSV).`;
    }
    case 'payments.exported': {
      const rows = num(after.rows) ?? 0;
      return `${who} exported ${rows === 1 ? '1 payment' : `${rows} payments`} from ${str(after.from) ?? '?'} to ${str(after.to) ?? '?'} as a spreadsheet (CSV).`;
    }
    case 'travel_settings.updated':
      return `${who} changed the numbers the drive time estimate uses.`;
    case 'refund_policy.updated':
      return `${who} changed what a customer's cancel gives back of the deposit.`;
    case 'bill.adjusted':
      return `${who} ${billChange(before.lines, after.lines, ride)}.`;
    case 'bill.sent': {
      const balance = money(after.balanceCents);
      return `${who} sent the bill of ${ride}${balance ? `, ${balance} left to pay` : ''}.`;
    }
    case 'bill_rules.updated':
      return `${who} changed the rules for bills after the ride.`;
    case 'review.replied':
      return `${who} answered the review of ${ride} in public.`;
    case 'review.reply_cleared':
      return `${who} removed the public answer to the review of ${ride}.`;
    case 'review.hidden':
      return `${who} hid the review of ${ride} from the site: ${str(after.reason) ?? 'no reason given'}.`;
    case 'review.unhidden':
      return `${who} showed the review of ${ride} on the site again.`;
  }
}

/** Everything the Audit screen says of an event. */
export function describeEvent(event: AuditEvent, now: Date = new Date()): EventWords {
  const ids: EventId[] = [];
  if (event.appointmentId) ids.push({ label: 'Ride id', value: event.appointmentId });
  if (event.serviceId) ids.push({ label: 'Car id', value: event.serviceId });
  for (const state of [event.before, event.after]) {
    for (const [field, label] of Object.entries(ID_FIELDS)) {
      const value = state?.[field];
      if (typeof value === 'string' && !ids.some((id) => id.value === value)) {
        ids.push({ label, value });
      }
    }
  }
  return {
    title: ACTION_LABELS[event.action],
    sentence: sentenceOf(event, now),
    changes: changesOf(event.before, event.after, now),
    ids,
  };
}
