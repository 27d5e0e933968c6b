import { lazy } from 'react';
import { Link, useParams } from 'wouter';
import { BadgeCheck, ChevronRight } from 'lucide-react';
import type { Service } from '@app/shared';
import { BUSINESS } from '../config/env.ts';
import { useCatalogue } from '../state/catalogue.tsx';
import { useSession } from '../state/session.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import {
  AvailabilityBadge,
  InfoCards,
  RegularRateCard,
} from '../components/service/info-cards.tsx';
import { Capacity } from '../components/service/capacity.tsx';
import { PromotionRates } from '../components/service/promotion-rates.tsx';
import { RideChangesPolicy } from '../components/service/ride-changes-policy.tsx';
import { RelatedServices } from '../components/service/related-services.tsx';
import { ReviewList } from '../components/reviews/review-list.tsx';
import { usePublicReviews } from '../state/reviews.tsx';
import { UnavailableNotice } from '../components/service/unavailable-notice.tsx';
import { card, container } from '../components/ui/styles.ts';
import { BookingForm } from '../features/booking/components/booking-form.tsx';

const NotFoundPage = lazy(() => import('./not-found.tsx'));

/** /appointment/{serviceId}: a service's rates and the booking form. */
export default function AppointmentPage() {
  const { serviceId } = useParams<{ serviceId: string }>();
  const { services, servicesLoading } = useCatalogue();
  if (servicesLoading) {
    return (
      <>
        <PageMeta
          title="Book a car"
          description="See a car's rates and book a half-hour pickup time online: private rides and car rentals around Norfolk County, Boston and Providence."
        />
        <PageLoading />
      </>
    );
  }
  const service = services.find((candidate) => candidate._id === serviceId);
  if (!service) return <NotFoundPage />;
  // Keyed by id: opening a related service starts its own, fresh choices.
  return <ServiceBooking key={service._id} service={service} services={services} />;
}

/** The car's details, rendered with the page's HTML, and its booking form. */
function ServiceBooking({ service, services }: { service: Service; services: Service[] }) {
  const { userLoading } = useSession();
  const types = service.availableServiceTypes;
  return (
    <div className={`${container} py-8 sm:py-12`}>
      <PageMeta
        title={`${service.serviceLevel} ${service.name}`}
        description={`Book the ${service.serviceLevel} ${service.name} (${service.type}) from ${BUSINESS.name} around Norfolk County, Boston and Providence${types.length > 0 ? `: ${types.join(', ')}` : ''}. See its rates and pick a half-hour pickup time.`}
      />

      <nav aria-label="Breadcrumb">
        <ol role="list" className="flex flex-wrap items-center gap-1 text-sm text-ink-muted">
          <li>
            <Link
              href="/services"
              className="inline-flex min-h-11 items-center rounded hover:text-brand hover:underline"
            >
              Services
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li>
            <Link
              href={`/services/${service.type}`}
              className="inline-flex min-h-11 items-center rounded hover:text-brand hover:underline"
            >
              {service.type}
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="font-medium text-ink">
            {service.name}
          </li>
        </ol>
      </nav>

      <div className="mt-4 grid gap-6 lg:grid-cols-12 lg:gap-x-10 lg:gap-y-6">
        <div className="lg:col-span-5 lg:col-start-8 lg:row-start-1">
          <h1 className="text-3xl font-bold tracking-tight text-brand sm:text-4xl">
            <span className="block text-sm font-semibold tracking-widest text-ink-muted uppercase">
              {service.serviceLevel}
            </span>
            <span className="mt-1 inline-flex items-center gap-2">
              {service.name}
              <BadgeCheck
                className="size-7 shrink-0 text-brand-soft"
                aria-label="Verified"
                role="img"
              />
            </span>
          </h1>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <AvailabilityBadge available={service.available} />
            <span className="rounded-full border border-line bg-surface px-3 py-1 text-sm text-ink">
              {service.type}
            </span>
            <Capacity
              service={service}
              className="rounded-full border border-line bg-surface px-3 py-1 text-sm text-ink"
            />
          </div>
        </div>

        <div className="lg:col-span-7 lg:row-span-2 lg:row-start-1">
          <img
            src={service.image}
            srcSet={service.imageSrcSet}
            sizes="(min-width: 1024px) 48rem, 100vw"
            alt={`${service.name}, ${service.type}`}
            width={640}
            height={400}
            fetchPriority="high"
            className={`${card} aspect-[16/10] h-auto w-full bg-brand-tint object-cover`}
          />
        </div>

        <div className="space-y-6 lg:col-span-5 lg:col-start-8 lg:row-start-2">
          <RegularRateCard service={service} />
          <PromotionRates service={service} />
        </div>
      </div>

      {/* The form before the other rates: on a phone they would push it three screens down. */}
      <section id="book" aria-labelledby="book-heading" className="mt-12 sm:mt-16">
        <h2 id="book-heading" className="text-2xl font-bold tracking-tight text-brand">
          Schedule your ride
        </h2>
        <p className="mt-2 text-ink-muted">
          Pick a day and a half-hour start time. Times are Eastern (Boston) time.
        </p>
        {/* A car that cannot be booked says so first, rather than a form that fails on submit. */}
        {!service.available ? (
          <UnavailableNotice service={service} services={services} />
        ) : /* The profile first: the contact form starts from the signed-in user's phone. */
        userLoading ? (
          <PageLoading inPage />
        ) : (
          <BookingForm service={service} />
        )}
      </section>

      <div className="render-near-screen mt-16 [--drawn-size:auto_30rem]">
        <InfoCards service={service} />
      </div>

      <section
        aria-labelledby="ride-changes-heading"
        className={`${card} render-near-screen mt-16 p-6 sm:p-8`}
      >
        <RideChangesPolicy />
      </section>

      <CarReviewList serviceId={service._id} />

      <RelatedServices service={service} services={services} />
      {/* The page's last section receives the service id and type but shows nothing (docs/product.md). */}
    </div>
  );
}

/** The car's newest reviews, rendered on the server with the page. */
function CarReviewList({ serviceId }: { serviceId: string }) {
  const reviews = usePublicReviews()?.byCar[serviceId];
  if (!reviews) return null;
  return (
    <ReviewList
      reviews={reviews}
      titleId="car-reviews-title"
      title="What riders say about this car"
      className="mt-16"
    />
  );
}
