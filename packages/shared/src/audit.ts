/**
 * What the audit trail records (`audit_events.action`): a noun and what happened to it. The
 * console names each in words; a part of the back office that records a new kind of event adds
 * it here first.
 */
export const AUDIT_ACTIONS = [
  'owner.added',
  'owner.removed',
  'chauffeur.added',
  'chauffeur.removed',
  'chauffeur.signed_out',
  'mfa.enrolment_started',
  'mfa.enrolled',
  'mfa.verified',
  'mfa.recovery_code_used',
  'mfa.code_refused',
  'appointment.cancelled',
  'appointment.rescheduled',
  'appointment.details_changed',
  'appointment.completed',
  'appointment.no_show',
  'appointment.reopened',
  'appointment.chauffeur_assigned',
  'refund.requested',
  'service.created',
  'service.updated',
  'service.retired',
  'block.created',
  'block.deleted',
  'message.retried',
  'rides.exported',
  'payments.exported',
  'travel_settings.updated',
  'refund_policy.updated',
  'bill.adjusted',
  'bill.sent',
  'bill_rules.updated',
  'review.replied',
  'review.reply_cleared',
  'review.hidden',
  'review.unhidden',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The actor of what the command line does (`npm run owner`): no user, this label. */
export const CLI_ACTOR_LABEL = 'cli';
