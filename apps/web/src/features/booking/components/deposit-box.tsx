import { ExternalLink, MapPin, ShieldCheck } from 'lucide-react';
import { depositDollars, formatDollars, mapsSearchHref, type Service } from '@app/shared';

/**
 * What booking costs today, that it counts toward the ride, and where the car is based. A round
 * trip is two rides, each with its deposit: said under the spec's figure, which stays as it is.
 */
export function DepositBox({ service, rides = 1 }: { service: Service; rides?: 1 | 2 }) {
  return (
    <div className="rounded-card border border-brand/10 bg-brand-tint p-5 sm:p-6">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h3 className="text-base font-semibold text-brand">Total deposit</h3>
          <p className="mt-1 text-sm text-ink-muted">Paid online when you book.</p>
        </div>
        <p className="text-3xl font-bold tracking-tight text-brand tabular-nums">
          {formatDollars(depositDollars(service.fees))}
        </p>
      </div>
      {rides === 2 && (
        <p className="mt-3 text-sm font-medium text-ink" aria-live="polite">
          Round trip: two rides, a deposit each, {formatDollars(depositDollars(service.fees) * 2)}{' '}
          today.
        </p>
      )}
      <p className="mt-4 flex items-start gap-2 text-sm text-ink">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        <span>
          The deposit is credited toward the service, so it is never an extra charge: the rest of
          the ride&apos;s price is settled after the ride.
        </span>
      </p>
      <p className="mt-3 flex items-start gap-2 text-sm text-ink">
        <MapPin className="mt-0.5 size-4 shrink-0 text-brand-soft" aria-hidden="true" />
        <span>
          <span className="text-ink-muted">Address: </span>
          <a
            href={mapsSearchHref(service.address)}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand underline decoration-brand/30 underline-offset-4 hover:decoration-brand"
          >
            {service.address}
            <ExternalLink className="ml-1 inline size-3.5 align-baseline" aria-hidden="true" />
            <span className="sr-only"> (opens Google Maps in a new tab)</span>
          </a>
        </span>
      </p>
    </div>
  );
}
