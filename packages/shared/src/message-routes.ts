/**
 * Which message goes to whom, by which channel: the outbox's one routing table (its template
 * column is checked against it, the API writes and composes by it, the console names each by its
 * label). Every ride message is emailed to the ride's customer; each entry says who else hears
 * of it. Account messages (`ACCOUNT_TEMPLATES`) go to the account's own address only.
 * The API's texts and notices to the business are typed by it: an entry marked for one that has
 * none does not compile. The password reset email is not here: it never goes through the outbox.
 * The address confirmation is: its link's token is made when it is sent, never stored in a row.
 */
export interface MessageRoute {
  /** What the console's Messages area calls it, in the owner's words. */
  readonly label: string;
  /** Emailed to the business too (`BUSINESS_EMAIL`), as `email/owner-ride-notice.ts` says it. */
  readonly ownerEmail: boolean;
  /**
   * Texted too, to a customer who agreed to texts at booking and has not texted STOP, with the
   * body of `apps/api/src/email/ride-texts.ts`.
   */
  readonly text: boolean;
  /**
   * Pushed too, to the phones of the staff who turned notifications on: every owner, the
   * ride's chauffeur, or both (`apps/api/src/modules/notifications/push/`).
   */
  readonly push: 'owners' | 'chauffeur' | 'owners and the chauffeur' | false;
}

/**
 * Keyed by the outbox's `template`: what happened to the ride (`AppointmentEvent['kind']`), or
 * to the account.
 */
export const MESSAGE_ROUTES = {
  paid: { label: 'Booking confirmed', ownerEmail: true, text: false, push: 'owners' },
  reminder_24h: { label: 'Reminder, a day before', ownerEmail: false, text: false, push: false },
  reminder_2h: {
    label: 'Reminder, two hours before',
    ownerEmail: false,
    text: true,
    push: false,
  },
  rescheduled: { label: 'Ride moved', ownerEmail: true, text: true, push: 'owners' },
  details_changed: {
    label: 'Ride details corrected',
    ownerEmail: false,
    text: false,
    push: false,
  },
  cancelled: { label: 'Ride cancelled', ownerEmail: true, text: true, push: 'owners' },
  completed: { label: 'Thank you after the ride', ownerEmail: false, text: false, push: false },
  bill_sent: { label: 'Bill after the ride', ownerEmail: false, text: true, push: false },
  bill_payment_due: {
    label: 'Balance not charged, payment link',
    ownerEmail: true,
    text: true,
    push: false,
  },
  bill_paid: { label: 'Receipt', ownerEmail: false, text: false, push: false },
  on_my_way: { label: 'Chauffeur on the way', ownerEmail: false, text: true, push: false },
  arrived: { label: 'Chauffeur arrived', ownerEmail: false, text: true, push: false },
  verify_email: {
    label: 'Confirm your email address',
    ownerEmail: false,
    text: false,
    push: false,
  },
  mfa_failed: { label: 'Wrong sign-in codes', ownerEmail: false, text: false, push: false },
  chauffeur_invite: { label: 'Chauffeur invitation', ownerEmail: false, text: false, push: false },
  // Pushed only: to the staff, never to a customer.
  chauffeur_assigned: {
    label: 'New ride for a chauffeur',
    ownerEmail: false,
    text: false,
    push: 'chauffeur',
  },
  message_failed: { label: 'A message not sent', ownerEmail: false, text: false, push: 'owners' },
  chauffeur_late: {
    label: 'Chauffeur not on the way',
    ownerEmail: false,
    text: false,
    push: 'owners and the chauffeur',
  },
} as const satisfies Record<string, MessageRoute>;

export type MessageTemplate = keyof typeof MESSAGE_ROUTES;

/** The messages about an account, not a ride: emailed to the account's address only. */
export const ACCOUNT_TEMPLATES = ['verify_email', 'mfa_failed', 'chauffeur_invite'] as const;
export type AccountTemplate = (typeof ACCOUNT_TEMPLATES)[number];
/** The messages only pushed to staff, never emailed to anyone (`MessageRoute.push`). */
export const PUSH_ONLY_TEMPLATES = [
  'chauffeur_assigned',
  'message_failed',
  'chauffeur_late',
] as const;
export type PushOnlyTemplate = (typeof PUSH_ONLY_TEMPLATES)[number];
/** The messages about a ride, emailed to its customer. */
export type RideTemplate = Exclude<MessageTemplate, AccountTemplate | PushOnlyTemplate>;

export const isAccountTemplate = (template: MessageTemplate): template is AccountTemplate =>
  (ACCOUNT_TEMPLATES as readonly string[]).includes(template);

export const isPushOnlyTemplate = (template: MessageTemplate): template is PushOnlyTemplate =>
  (PUSH_ONLY_TEMPLATES as readonly string[]).includes(template);

/** The templates, in the table's order: what `outbox_messages.template` may hold. */
export const MESSAGE_TEMPLATES = Object.keys(MESSAGE_ROUTES) as readonly MessageTemplate[];

/** The ride templates, in the table's order. */
export const RIDE_TEMPLATES = MESSAGE_TEMPLATES.filter(
  (t): t is RideTemplate => !isAccountTemplate(t) && !isPushOnlyTemplate(t),
);

export function isMessageTemplate(value: string): value is MessageTemplate {
  return Object.hasOwn(MESSAGE_ROUTES, value);
}

/** The templates whose route says `flag: true`, as a type. */
type RoutedWith<Flag extends 'ownerEmail' | 'text'> = {
  [T in MessageTemplate]: (typeof MESSAGE_ROUTES)[T][Flag] extends true ? T : never;
}[MessageTemplate];

/** The templates emailed to the business too. */
export type OwnerEmailedTemplate = RoutedWith<'ownerEmail'>;
/** The templates texted too. */
export type TextedTemplate = RoutedWith<'text'>;

export const emailsOwner = (template: MessageTemplate): template is OwnerEmailedTemplate =>
  MESSAGE_ROUTES[template].ownerEmail;

export const isTexted = (template: MessageTemplate): template is TextedTemplate =>
  MESSAGE_ROUTES[template].text;

/** The templates pushed to staff, as a type. */
export type PushedTemplate = {
  [T in MessageTemplate]: (typeof MESSAGE_ROUTES)[T]['push'] extends false ? never : T;
}[MessageTemplate];

export const isPushed = (template: MessageTemplate): template is PushedTemplate =>
  MESSAGE_ROUTES[template].push !== false;
