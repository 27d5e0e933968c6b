/**
 * Class sets shared by every screen so actions and cards look the same everywhere.
 * Tap targets are at least 44 px high (docs/product.md, Design).
 */
const buttonBase =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

/** The one primary action of a screen: warm accent on dark text. */
export const buttonPrimary = `${buttonBase} bg-accent text-brand hover:bg-amber-400`;

/** Secondary actions on light backgrounds. */
export const buttonSecondary = `${buttonBase} border border-brand/15 bg-surface text-brand hover:bg-brand-tint`;

/** Actions on the dark brand background. */
export const buttonOnDark = `${buttonBase} border border-white/30 text-white hover:bg-white/10`;

export const card = 'rounded-card bg-surface shadow-card';

/** Centred page width with the site's side padding. */
export const container = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8';

/** Secondary actions that should still read strongly on white, e.g. the header's Login / Sign Up. */
export const buttonBrand = `${buttonBase} bg-brand text-white hover:bg-brand-soft`;

/** Round icon-only action (menu, call): 44 px square. Give it an aria-label. */
export const iconButton =
  'inline-flex size-11 items-center justify-center rounded-full text-brand transition-colors hover:bg-brand-tint';

/** The small uppercase line above a section heading. */
export const eyebrow = 'text-xs font-semibold uppercase tracking-[0.14em] text-accent-strong';
