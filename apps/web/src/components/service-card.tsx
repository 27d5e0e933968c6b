import { Link } from 'wouter';
import { depositDollars, formatDollars, promotionPercentFor, type Service } from '@app/shared';
import { BrandIcon } from './brand-icon.tsx';
import { Capacity, seatsAndBags } from './service/capacity.tsx';

interface ServiceCardProps {
  service: Service;
  /** Cards in the first screenful load their picture at once; the rest wait until scrolled to. */
  eager?: boolean;
  /** The card title's heading level, so headings stay in order on every page. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * For the list item holding a card: drawn only near the screen, its place held meanwhile by a
 * card's height (a picture beside the text on a phone, above it from 480 px).
 */
export const CARD_DRAWN_NEAR_SCREEN =
  'render-near-screen [--drawn-size:auto_10rem] min-[480px]:[--drawn-size:auto_22rem]';

/** One car of the catalogue. The whole card is a single link to its booking page. */
export function ServiceCard({ service, eager = false, headingLevel = 'h3' }: ServiceCardProps) {
  const Heading = headingLevel;
  const availability = service.available ? 'Available' : 'Not Available';
  const deposit = formatDollars(depositDollars(service.fees));
  const off = promotionPercentFor(service.type);
  const offer = off ? `${off}% off rides, ` : '';

  return (
    <Link
      href={`/appointment/${service._id}`}
      aria-label={`${service.serviceLevel} ${service.name}, ${service.type}, ${offer}${seatsAndBags(service)}, Deposit ${deposit}, ${availability}`}
      className="service-card group"
    >
      <div className="w-2/5 shrink-0 self-center overflow-hidden rounded-xl bg-brand-tint min-[480px]:w-full min-[480px]:rounded-none">
        <img
          src={service.image}
          srcSet={service.imageSrcSet}
          sizes="20rem"
          alt={`${service.name}, ${service.type}`}
          width={640}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[8/5] h-auto w-full object-cover transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
      </div>
      <div className="service-card-text">
        {/* The trailing spaces keep the words apart in the link's text content. */}
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wider text-accent-strong">
            {service.serviceLevel}{' '}
          </p>
          <Heading className="mt-1 truncate text-base font-semibold text-ink">
            {service.name}{' '}
          </Heading>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-muted">
            <BrandIcon model={service.type} className="size-3.5" />
            {service.type} {off ? <b className="text-accent-strong">{off}% off rides </b> : null}
          </p>
          <Capacity service={service} className="mt-0.5 block text-xs text-ink-muted" />{' '}
        </div>
        <div className="service-card-foot">
          <p className="text-xs text-ink-muted">
            Deposit <span className="block text-base font-semibold text-ink">{deposit}</span>{' '}
          </p>
          <span
            data-unavailable={service.available ? undefined : ''}
            className="availability shrink-0 px-2.5 text-xs font-semibold"
          >
            <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
            {availability}
          </span>
        </div>
      </div>
    </Link>
  );
}
