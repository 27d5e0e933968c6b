import { Link } from 'wouter';
import { ArrowRight } from 'lucide-react';
import { formatDollars, type Service } from '@app/shared';
import { card } from '../ui/styles.ts';
import { AvailabilityBadge } from './info-cards.tsx';

/** How many other cars of the same model the booking page suggests. */
const RELATED_LIMIT = 5;

/** Up to 5 other services of the same car model; their fees shown as is (not the deposit). */
export function RelatedServices({ service, services }: { service: Service; services: Service[] }) {
  const related = services
    .filter((other) => other.type === service.type && other._id !== service._id)
    .slice(0, RELATED_LIMIT);
  if (related.length === 0) return null;

  return (
    <section
      id="related"
      aria-labelledby="related-heading"
      className="render-near-screen mt-16 scroll-mt-24"
    >
      <h2 id="related-heading" className="text-2xl font-bold tracking-tight text-brand">
        Related services
      </h2>
      <p className="mt-2 text-ink-muted">More {service.type} cars you can book.</p>
      <ul role="list" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {related.map((other) => (
          <li key={other._id}>
            <Link
              href={`/appointment/${other._id}`}
              className={`${card} group flex h-full overflow-hidden transition-shadow hover:shadow-lg sm:flex-col`}
            >
              <img
                src={other.image}
                srcSet={other.imageSrcSet}
                sizes="(min-width: 640px) 20rem, 9rem"
                alt=""
                width={640}
                height={400}
                loading="lazy"
                decoding="async"
                className="my-3 ml-3 aspect-[16/10] h-auto w-28 shrink-0 self-center rounded-xl bg-brand-tint object-cover min-[420px]:w-36 sm:m-0 sm:w-full sm:self-auto sm:rounded-none"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1 p-4 sm:gap-2">
                <AvailabilityBadge available={other.available} />
                <h3 className="font-semibold text-ink">{other.name}</h3>
                <p className="text-sm text-ink-muted">{other.serviceLevel}</p>
                <p className="mt-auto flex items-center justify-between pt-2 text-sm">
                  <span>
                    <span className="text-ink-muted">Fees </span>
                    <span className="font-semibold text-brand tabular-nums">
                      {formatDollars(other.fees)}
                    </span>
                  </span>
                  <ArrowRight
                    className="size-4 text-brand-soft transition-transform group-hover:translate-x-0.5"
                    aria-hidden="true"
                  />
                </p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
