import type { ReactNode } from 'react';
import { CalendarCheck, Phone, ShieldCheck } from 'lucide-react';
import { telHref } from '@app/shared';
import { BUSINESS } from '../../../config/env.ts';
import { container, eyebrow } from '../../../components/ui/styles.ts';

interface AuthLayoutProps {
  /** The small line above the heading. */
  kicker: string;
  title: string;
  /** id of the h1, for forms labelled by it. */
  titleId: string;
  intro: ReactNode;
  children: ReactNode;
}

const REASSURANCES = [
  {
    icon: CalendarCheck,
    title: 'Book in minutes',
    text: 'Pick a car, a day and a half-hour slot. Your appointments stay in one place.',
  },
  {
    icon: ShieldCheck,
    title: 'Your details stay private',
    text: 'We use your phone and email only to confirm and update your rides.',
  },
];

/**
 * The signed-out account screens (login, forgot and reset password): the form on a card, with a
 * calm brand panel beside it on wide screens.
 */
export function AuthLayout({ kicker, title, titleId, intro, children }: AuthLayoutProps) {
  return (
    <div className={`${container} py-10 sm:py-16`}>
      <div className="mx-auto grid max-w-5xl overflow-hidden rounded-card shadow-card lg:grid-cols-[1fr_1.15fr]">
        <aside
          aria-label={`Why ride with ${BUSINESS.name}`}
          className="relative hidden flex-col justify-between gap-10 bg-brand bg-[radial-gradient(circle_at_0%_0%,var(--color-brand-soft),transparent_60%)] p-10 text-white lg:flex"
        >
          <div>
            <p className="text-xs font-semibold tracking-[0.14em] text-accent uppercase">
              {BUSINESS.name}
            </p>
            <p className="mt-3 text-2xl font-bold leading-snug tracking-tight">
              Private rides and rentals around Norfolk County, Boston and Providence.
            </p>
          </div>
          <ul role="list" className="space-y-6">
            {REASSURANCES.map(({ icon: Icon, title: heading, text }) => (
              <li key={heading} className="flex gap-4">
                <span
                  className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/10 text-accent"
                  aria-hidden="true"
                >
                  <Icon className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold">{heading}</span>
                  <span className="mt-1 block text-sm leading-6 text-white/75">{text}</span>
                </span>
              </li>
            ))}
          </ul>
          <a
            href={telHref(BUSINESS.phone)}
            className="inline-flex min-h-11 items-center gap-2 self-start rounded-full text-sm font-semibold text-white/90 hover:text-white"
          >
            <Phone className="size-4 text-accent" aria-hidden="true" />
            Questions? Call {BUSINESS.phone}
          </a>
        </aside>

        <div className="bg-surface p-6 sm:p-10 lg:p-12">
          <p className={eyebrow}>{kicker}</p>
          <h1 id={titleId} className="mt-2 text-3xl font-bold tracking-tight text-brand">
            {title}
          </h1>
          <div className="mt-2 text-ink-muted">{intro}</div>
          <div className="mt-8">{children}</div>
        </div>
      </div>
    </div>
  );
}
