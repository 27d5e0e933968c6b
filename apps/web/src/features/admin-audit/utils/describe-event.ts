import type { AuditAction } from '@app/shared';

/** What each kind of event is called on the Audit screen. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  'owner.added': 'Owner added',
  'owner.removed': 'Owner removed',
  'mfa.enrolled': 'Two-step sign-in set up',
  'mfa.recovery_code_used': 'Recovery code used',
  'appointment.cancelled': 'Ride cancelled',
  'appointment.rescheduled': 'Ride moved',
  'appointment.completed': 'Ride completed',
  'appointment.no_show': 'Ride marked as no-show',
  'refund.requested': 'Refund requested',
  'service.created': 'Car added',
  'service.updated': 'Car changed',
  'service.retired': 'Car retired',
  'block.created': 'Time blocked',
  'block.deleted': 'Block removed',
  'message.retried': 'Message sent again',
};

export interface Change {
  field: string;
  /** Text to show; undefined when the field was not there. */
  from: string | undefined;
  to: string | undefined;
}

function shown(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields an event changed, in the order they first appear, with their values as text. */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Change[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, from: shown(before?.[field]), to: shown(after?.[field]) }))
    .filter((change) => change.from !== change.to);
}

/** The first block of an id: enough to tell rides apart at a glance. */
export function shortId(id: string): string {
  return id.split('-')[0] ?? id;
}
