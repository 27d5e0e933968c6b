import { Link } from 'wouter';
import { ArrowRight, CircleX } from 'lucide-react';
import type { Service } from '@app/shared';
import { buttonPrimary, buttonSecondary, card } from '../ui/styles.ts';

/**
 * The booking section of a car marked Not Available: said first, the Book button disabled, and
 * the way to the other cars of its model (the related list below, or the model's filter page).
 */
export function UnavailableNotice({
  service,
  services,
}: {
  service: Service;
  services: Service[];
}) {
  const hasRelated = services.some(
    (other) => other.type === service.type && other._id !== service._id,
  );
  return (
    <div className={`${card} mt-6 p-5 sm:p-8`}>
      <div className="flex items-start gap-3">
        <CircleX className="mt-0.5 size-6 shrink-0 text-unavailable" aria-hidden="true" />
        <div>
          <h3 className="text-lg font-semibold text-brand">
            The {service.name} is not available to book right now
          </h3>
          <p className="mt-1 text-sm text-ink-muted">
            It is marked Not Available, so it takes no bookings for now. Another {service.type} can
            take your ride.
          </p>
        </div>
      </div>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        {hasRelated ? (
          <a href="#related" className={buttonSecondary}>
            See related {service.type} cars
            <ArrowRight className="size-4" aria-hidden="true" />
          </a>
        ) : (
          <Link href={`/services/${service.type}`} className={buttonSecondary}>
            See {service.type} cars
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        )}
        <button
          type="button"
          disabled
          aria-describedby="unavailable-reason"
          className={buttonPrimary}
        >
          Book an Appointment
        </button>
        <span id="unavailable-reason" className="sr-only">
          Not available: this car takes no bookings for now.
        </span>
      </div>
    </div>
  );
}
