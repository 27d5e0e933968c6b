import { Link } from 'wouter';
import { ArrowRight, Clock, HeartHandshake, Phone, ShieldCheck } from 'lucide-react';
import {
  BOOKING_WINDOW_DAYS,
  EXPERIENCE_SINCE_YEAR,
  telHref,
  yearsOfExperience,
} from '@app/shared';
import { BUSINESS } from '../config/env.ts';
import { useToday } from '../lib/rendered-at.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { buttonOnDark, buttonPrimary, card, container } from '../components/ui/styles.ts';

const SELLING_POINTS = [
  {
    title: 'Trusted',
    icon: ShieldCheck,
    text: 'Licensed, insured and spotless cars, driven by people who know every back road between Norfolk and Logan. Clear prices up front, and a deposit that counts toward your ride.',
  },
  {
    title: 'Supportive',
    icon: HeartHandshake,
    text: 'A flight delayed, a meeting running long, a car seat for the little one: tell us and we adjust. You reach a real person who knows your booking, not a call centre.',
  },
  {
    title: 'Convenience',
    icon: Clock,
    text: `Book online in a couple of minutes, any half hour of the day, up to ${BOOKING_WINDOW_DAYS} days ahead. Text reminders keep you posted, and pickup is at your door.`,
  },
] as const;

/** /about: the owner's story and the three selling points. */
export default function AboutPage() {
  const years = yearsOfExperience(useToday());
  return (
    <div>
      <PageMeta
        title="About"
        description={`The story of ${BUSINESS.name}: a local driver on the road since ${EXPERIENCE_SINCE_YEAR}, from one car and a phone in Norfolk to a small fleet trusted across Norfolk County, Boston and Providence.`}
      />

      <section className="bg-brand text-white">
        <div
          className={`${container} grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-20`}
        >
          <div>
            <p className="text-sm font-semibold tracking-widest text-white/70 uppercase">
              About {BUSINESS.name}
            </p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              A local driver who never stopped caring about the ride
            </h1>
            <p className="mt-5 max-w-xl text-lg text-white/80">
              From one car and a phone in Norfolk to a small fleet trusted across Norfolk County,
              Boston and Providence.
            </p>
            <div className="mt-8 inline-flex items-center gap-5 rounded-card border border-white/15 bg-white/5 px-6 py-5">
              <p className="text-6xl leading-none font-bold tracking-tight text-accent tabular-nums">
                {years}
              </p>
              <p className="text-base leading-snug font-medium">
                years of experience
                <span className="block text-sm font-normal text-white/70">
                  on the road since {EXPERIENCE_SINCE_YEAR}
                </span>
              </p>
            </div>
          </div>
          <img
            src="/images/about/fleet.svg"
            alt="A navy sedan and a white SUV from our fleet on the road at dusk, Boston's skyline behind them"
            width={640}
            height={480}
            fetchPriority="high"
            className="h-auto w-full rounded-card shadow-2xl shadow-black/30"
          />
        </div>
      </section>

      <section aria-labelledby="story-heading" className={`${container} py-12 sm:py-16`}>
        <div className="mx-auto max-w-3xl">
          <h2
            id="story-heading"
            className="text-2xl font-bold tracking-tight text-brand sm:text-3xl"
          >
            Our story
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-8 text-ink-muted">
            <p>
              It started in {EXPERIENCE_SINCE_YEAR} with a single sedan, a flip phone and a promise
              to a neighbour who needed to catch an early flight out of Logan. I was there fifteen
              minutes before the pickup time, the car was warm, and the coffee was on me. Word got
              around Norfolk, and soon I was driving the same families to the airport, their parents
              to appointments in Boston and their kids home from college in Providence.
            </p>
            <p>
              Over the years that one car became a small fleet: comfortable sedans for business
              trips, roomy SUVs and minivans for families and groups, and cars to rent by the day or
              the week. What didn&apos;t change is how we work. Every driver knows the roads of
              Norfolk County, the quickest way into the Logan terminals and the traffic on I-95
              toward Providence, and every booking gets the same care as that first early-morning
              ride.
            </p>
            <p>
              We are still a small, local business. When you call, you speak to someone who knows
              your pickup address and your flight time. Thank you for letting us drive you.
            </p>
          </div>
          <p className="mt-8 font-semibold text-brand">
            — Founder and lead driver, {BUSINESS.name}
          </p>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="bg-surface py-12 sm:py-16">
        <div className={container}>
          <h2
            id="why-heading"
            className="text-center text-2xl font-bold tracking-tight text-brand sm:text-3xl"
          >
            Why riders choose us
          </h2>
          <ul role="list" className="mt-10 grid gap-6 md:grid-cols-3">
            {SELLING_POINTS.map(({ title, icon: Icon, text }) => (
              <li key={title} className={`${card} border border-line p-6 sm:p-8`}>
                <span
                  className="flex size-12 items-center justify-center rounded-xl bg-accent-tint text-brand"
                  aria-hidden="true"
                >
                  <Icon className="size-6" />
                </span>
                <h3 className="mt-5 text-xl font-semibold text-brand">{title}</h3>
                <p className="mt-3 leading-7 text-ink-muted">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className={`${container} py-12 sm:py-16`}>
        <div className="flex flex-col items-start justify-between gap-6 rounded-card bg-brand p-6 text-white sm:p-10 md:flex-row md:items-center">
          <div>
            <h2 id="cta-heading" className="text-2xl font-bold tracking-tight">
              Where are we taking you?
            </h2>
            <p className="mt-2 max-w-xl text-white/80">
              Airport runs, hourly chauffeur service and rentals, booked online in minutes.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link href="/services" className={buttonPrimary}>
              Browse services
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            <a href={telHref(BUSINESS.phone)} className={buttonOnDark}>
              <Phone className="size-4" aria-hidden="true" />
              {BUSINESS.phone}
            </a>
          </div>
        </div>
      </section>
    </div>
  );
}
