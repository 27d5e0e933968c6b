import type { SandboxOffSession } from '@app/db';

/** A test card the sandbox page takes, and what it does (as Stripe's test cards of that number). */
export interface SandboxTestCard {
  number: string;
  /** Whether the checkout itself pays. */
  pays: boolean;
  /** What a later charge without the customer present answers. */
  offSession: SandboxOffSession;
  /** The page's note about it. */
  note: string;
}

export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  {
    number: '4242424242424242',
    pays: true,
    offSession: 'succeeds',
    note: 'pays, and later charges go through',
  },
  {
    number: '4000002760003184',
    pays: true,
    offSession: 'requires_action',
    note: 'pays, but later charges need the customer to authenticate',
  },
  {
    number: '4000000000000341',
    pays: true,
    offSession: 'declined',
    note: 'pays, but later charges are declined',
  },
  {
    number: '4000000000009995',
    pays: false,
    offSession: 'declined',
    note: 'is declined',
  },
];

/** The page's default card, and what a form without a card number pays with. */
const DEFAULT_CARD = SANDBOX_TEST_CARDS[0] as SandboxTestCard;

/** The decline codes the sandbox answers, as Stripe names them. */
export const SANDBOX_DECLINE_CODES = {
  requires_action: 'authentication_required',
  declined: 'card_declined',
} as const;

export interface TypedCard {
  brand: 'visa';
  last4: string;
  pays: boolean;
  offSession: SandboxOffSession;
}

/**
 * The card typed on the page: a listed test card does what the list says; any other number pays
 * and charges later like 4242 (the sandbox checks no card network); no number at all is the
 * page's default card, as forms posted without one always were.
 */
export function typedCard(typed: unknown): TypedCard {
  const digits = typeof typed === 'string' ? typed.replace(/\D/g, '').slice(0, 19) : '';
  const known = SANDBOX_TEST_CARDS.find((card) => card.number === digits);
  const card = known ?? DEFAULT_CARD;
  const number = digits.length >= 4 ? digits : DEFAULT_CARD.number;
  return { brand: 'visa', last4: number.slice(-4), pays: card.pays, offSession: card.offSession };
}

/** `4242 4242 4242 4242`, as the page shows a number. */
export function spacedCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}
