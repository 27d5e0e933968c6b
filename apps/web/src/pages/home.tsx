import { Link } from 'wouter';
import { ArrowRight, Phone } from 'lucide-react';
import {
  BOOKING_WINDOW_DAYS,
  CAR_MAKES,
  EXPERIENCE_SINCE_YEAR,
  PROMOTED_MAKE,
  PROMOTION_PERCENT,
  telHref,
  type Service,
} from '@app/shared';
import { BUSINESS } from '../config/env.ts';
import { WhenForm } from '../features/search/components/when-form.tsx';
import { useCatalogue } from '../state/catalogue.tsx';
import { usePublicReviews } from '../state/reviews.tsx';
import { useSession } from '../state/session.tsx';
import { ReviewList } from '../components/reviews/review-list.tsx';
import { BrandIcon } from '../components/brand-icon.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { CARD_DRAWN_NEAR_SCREEN, ServiceCard } from '../components/service-card.tsx';
import {
  buttonOnDark,
  buttonPrimary,
  buttonSecondary,
  card,
  container,
  eyebrow,
} from '../components/ui/styles.ts';

/** The home page lists this many services under Explore Our Top Cars. */
const TOP_CARS = 10;
const FIND_BY_MODEL_ID = 'find-by-model';
/** Holds the account action's place, at its height, until the profile answers. */
const heroPending =
  'inline-flex min-h-11 items-center justify-center rounded-full border border-white/15 px-6 text-sm font-medium text-white/80';

/** Who the hero's account action is for: unknown until the profile answers. */
type Visitor = 'loading' | 'guest' | 'customer';

export function HomePage() {
  const { user, userLoading } = useSession();
  const { services, servicesLoading } = useCatalogue();
  const visitor: Visitor = userLoading ? 'loading' : user ? 'customer' : 'guest';
  return <HomeView visitor={visitor} services={services} servicesLoading={servicesLoading} />;
}

interface HomeViewProps {
  visitor: Visitor;
  services: Service[];
  servicesLoading: boolean;
}

function HomeView({ visitor, services, servicesLoading }: HomeViewProps) {
  return (
    <>
      <PageMeta
        title="Private rides and car rentals"
        description="Private rides and car rentals around Norfolk County, Boston and Providence. Book a chauffeured ride or a rental car online in minutes."
      />
      <Hero visitor={visitor} />
      <div className={`${container} mt-8`}>
        <WhenForm />
      </div>
      <Promotion />
      <FindByModel />
      <TopCars services={services.slice(0, TOP_CARS)} loading={servicesLoading} />
      <HomeReviews services={services} />
      <SecondBanner />
    </>
  );
}

function Hero({ visitor }: { visitor: Visitor }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-brand bg-[radial-gradient(circle_at_85%_0%,var(--color-brand-soft),transparent_55%)] text-white"
    >
      <div
        className={`${container} relative grid items-center gap-10 pb-16 pt-10 sm:pt-14 lg:grid-cols-[1.05fr_1fr] lg:gap-12 lg:pb-24 lg:pt-20`}
      >
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-white/90 ring-1 ring-white/15">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
            Norfolk County · Boston · Providence
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-balance text-4xl font-bold leading-[1.1] tracking-tight sm:text-5xl lg:text-6xl"
          >
            Private rides and car rentals, on your schedule.
          </h1>
          <p className="mt-5 max-w-xl text-pretty text-base leading-7 text-white/80 sm:text-lg">
            Airport transfers to Logan, a chauffeur by the hour or a car for the week. Licensed
            local drivers, clean cars and a clear price before you book.
          </p>
          <div className="mt-8 flex flex-col gap-3 min-[420px]:flex-row">
            <a href={`#${FIND_BY_MODEL_ID}`} className={`${buttonPrimary} px-7`}>
              Schedule your pickup
              <ArrowRight aria-hidden="true" className="size-4" />
            </a>
            {visitor === 'loading' ? (
              // Loading... while the profile loads, in the one place that depends on it.
              <span role="status" className={heroPending}>
                Loading...
              </span>
            ) : visitor === 'customer' ? (
              <Link href="/feedback" className={buttonOnDark}>
                Send Feedback
              </Link>
            ) : (
              <Link href="/login" className={buttonOnDark}>
                Login
              </Link>
            )}
          </div>
          <ul className="mt-10 flex flex-wrap gap-x-8 gap-y-3 text-sm text-white/80">
            <li className="flex items-center gap-2">
              <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-accent" />
              Local drivers since {EXPERIENCE_SINCE_YEAR}
            </li>
            <li className="flex items-center gap-2">
              <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-accent" />
              Book up to {BOOKING_WINDOW_DAYS} days ahead
            </li>
          </ul>
        </div>
        <div className="relative">
          <img
            src="/images/hero.svg"
            alt="A private sedan on the highway at dusk, with the Boston skyline behind it"
            width={1200}
            height={600}
            fetchPriority="high"
            decoding="async"
            className="aspect-[2/1] w-full rounded-3xl bg-brand-soft object-cover shadow-2xl ring-1 ring-white/10"
          />
        </div>
      </div>
    </section>
  );
}

function Promotion() {
  return (
    <section aria-labelledby="promo-title" className={`${container} relative -mt-8 lg:-mt-10`}>
      <div className="flex flex-col gap-5 rounded-card bg-accent p-6 text-brand shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div className="flex items-start gap-4">
          <span
            aria-hidden="true"
            className="grid size-14 shrink-0 place-items-center rounded-2xl bg-brand text-lg font-bold text-accent"
          >
            {PROMOTION_PERCENT}%
          </span>
          <div>
            <p className="text-xs font-bold uppercase tracking-[0.14em]">Limited-time offer</p>
            <h2 id="promo-title" className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
              {PROMOTION_PERCENT}% off every {PROMOTED_MAKE}
            </h2>
            <p className="mt-1 text-sm font-medium text-brand/80">
              Ride or rent any {PROMOTED_MAKE} in our fleet for {PROMOTION_PERCENT}% less while the
              offer lasts.
            </p>
          </div>
        </div>
        <Link
          href={`/services/${PROMOTED_MAKE}`}
          className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-full bg-brand px-6 text-sm font-semibold text-white transition-colors hover:bg-brand-soft"
        >
          See {PROMOTED_MAKE} cars
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  );
}

function FindByModel() {
  return (
    <section
      id={FIND_BY_MODEL_ID}
      aria-labelledby="find-by-model-title"
      className={`${container} pt-16 sm:pt-20`}
    >
      <div className="max-w-2xl">
        <p className={eyebrow}>Schedule your pickup</p>
        <h2 id="find-by-model-title" className="mt-2 text-3xl font-bold tracking-tight text-ink">
          Find By Model
        </h2>
        <p className="mt-3 text-ink-muted">
          Pick the car you like, then choose a day and a half-hour slot that suits you.
        </p>
      </div>
      <ul className="mt-8 grid grid-cols-5 gap-2 sm:gap-4">
        {CAR_MAKES.map((model) => (
          <li key={model}>
            <Link
              href={`/services/${model}`}
              className={`${card} group flex min-h-24 flex-col items-center justify-center gap-2 px-1 py-4 text-center ring-1 ring-line/70 transition hover:-translate-y-0.5 hover:ring-brand/30 motion-reduce:hover:translate-y-0 sm:min-h-32 sm:gap-3`}
            >
              <span className="grid size-10 place-items-center rounded-full bg-brand-tint text-brand transition-colors group-hover:bg-brand group-hover:text-white sm:size-14">
                <BrandIcon model={model} className="size-5 sm:size-7" />
              </span>
              <span className="text-xs font-semibold text-ink sm:text-base">{model}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TopCars({ services, loading }: { services: Service[]; loading: boolean }) {
  return (
    <section aria-labelledby="top-cars-title" className={`${container} pt-16 sm:pt-20`}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <p className={eyebrow}>Our fleet</p>
          <h2 id="top-cars-title" className="mt-2 text-3xl font-bold tracking-tight text-ink">
            Explore Our Top Cars
          </h2>
        </div>
        <div className="hidden sm:block">
          <Link href="/services" className={buttonSecondary}>
            Search More
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
      {loading ? (
        <PageLoading inPage />
      ) : services.length === 0 ? (
        <p className="mt-8 rounded-card bg-surface p-8 text-center text-ink-muted ring-1 ring-line">
          No cars are listed right now. Please call us at {BUSINESS.phone}.
        </p>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-5">
          {services.map((service, index) => (
            <li key={service._id} className={CARD_DRAWN_NEAR_SCREEN}>
              <ServiceCard service={service} eager={index < 2} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 sm:hidden">
        <Link href="/services" className={`${buttonSecondary} w-full`}>
          Search More
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  );
}

/** The newest reviews of every car, rendered on the server with the page. */
function HomeReviews({ services }: { services: Service[] }) {
  const reviews = usePublicReviews();
  if (!reviews) return null;
  return (
    <ReviewList
      reviews={reviews.overall}
      cars={services}
      titleId="reviews-title"
      title="What our riders say"
      className={`${container} pt-16 sm:pt-20`}
    />
  );
}

function SecondBanner() {
  return (
    <section aria-labelledby="banner-title" className={`${container} py-16 sm:py-20`}>
      <div className="grid overflow-hidden rounded-3xl bg-brand text-white shadow-card lg:grid-cols-2">
        <div className="flex flex-col justify-center p-8 sm:p-12">
          <h2
            id="banner-title"
            className="text-balance text-3xl font-bold tracking-tight sm:text-4xl"
          >
            Your driver is ready when you are.
          </h2>
          <p className="mt-4 max-w-md text-white/80">
            Early flight, late meeting or a weekend in Providence: reserve online and pay only a
            small deposit, credited toward your ride.
          </p>
          <div className="mt-8 flex flex-col gap-3 min-[420px]:flex-row">
            <Link href="/services" className={buttonPrimary}>
              Book your ride
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <a href={telHref(BUSINESS.phone)} className={buttonOnDark}>
              <Phone aria-hidden="true" className="size-4" />
              Call {BUSINESS.phone}
            </a>
          </div>
        </div>
        <img
          src="/images/banner.svg"
          alt="A black SUV waiting at the airport as a plane takes off"
          width={1200}
          height={500}
          loading="lazy"
          decoding="async"
          className="aspect-[12/5] size-full bg-brand-soft object-cover lg:aspect-auto"
        />
      </div>
    </section>
  );
}
