import type { ReactNode } from 'react';
import { CalendarDays, CircleCheck, CircleX, Clock, KeyRound, Sparkles } from 'lucide-react';
import {
  formatDollars,
  hasOneHourFifteenPrice,
  MULTI_HOUR_MINIMUM_HOURS,
  type Service,
} from '@app/shared';
import { card } from '../ui/styles.ts';

interface InfoCardProps {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  className?: string;
}

function InfoCard({ title, icon, children, className = '' }: InfoCardProps) {
  return (
    <div className={`${card} flex flex-col p-6 ${className}`}>
      <div className="flex items-center gap-3">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-tint text-brand"
          aria-hidden="true"
        >
          {icon}
        </span>
        <h2 className="text-base font-semibold text-brand">{title}</h2>
      </div>
      <div className="mt-4 flex flex-1 flex-col">{children}</div>
    </div>
  );
}

/** One price line: what it is on the left, the amount on the right. */
function PriceRow({ label, amount, unit }: { label: string; amount: number; unit?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-t border-line py-3 first:border-t-0 first:pt-0 last:pb-0">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="shrink-0 text-right">
        <span className="text-base font-semibold text-ink tabular-nums">
          {formatDollars(amount)}
        </span>
        {unit && <span className="text-sm text-ink-muted"> {unit}</span>}
      </dd>
    </div>
  );
}

/** The Regular Rate card: the model, where it serves, what the car is and the ride prices. */
export function RegularRateCard({ service }: { service: Service }) {
  return (
    <InfoCard title="Regular Rate" icon={<Sparkles className="size-5" />}>
      <p className="text-sm font-medium text-ink">
        <span className="text-ink-muted">Model:</span> {service.type}
      </p>
      <p className="mt-1 text-sm font-medium text-brand-soft">
        Special service for Norfolk County, Boston and Providence
      </p>
      <p className="mt-3 text-sm leading-6 text-ink-muted">{service.about}</p>
      <dl className="mt-5 rounded-xl bg-canvas p-4">
        <PriceRow
          label="Price per hour"
          amount={service.specialServicePricePerHour}
          unit="per hour"
        />
        {hasOneHourFifteenPrice(service.specialServicePriceBetweenOneHourFifteen) && (
          <PriceRow
            label="1 hour to 1 hour 15 minutes"
            amount={service.specialServicePriceBetweenOneHourFifteen}
            unit="first 1 h 15 min"
          />
        )}
        <PriceRow
          label="After 1 hour 15 minutes"
          amount={service.specialServicePriceExtra}
          unit="each extra hour"
        />
        <PriceRow
          label="Night, weekend and holiday flat rate"
          amount={service.specialServicePriceFlatRate}
          unit="first 1 h 15 min"
        />
      </dl>
    </InfoCard>
  );
}

/** Multi-Hour Rate, Rental Price and availability: the three smaller cards under the heading. */
export function InfoCards({ service }: { service: Service }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
      <InfoCard title="Multi-Hour Rate" icon={<Clock className="size-5" />}>
        <p className="text-sm text-ink-muted">
          For trips of {MULTI_HOUR_MINIMUM_HOURS} hours or more.
        </p>
        <dl className="mt-auto pt-4">
          <div className="flex items-baseline justify-between gap-4 border-b border-line pb-3">
            <dt className="text-sm text-ink-muted">Minimum</dt>
            <dd className="text-base font-semibold text-ink">{MULTI_HOUR_MINIMUM_HOURS} hours</dd>
          </div>
          <div className="flex items-baseline justify-between gap-4 pt-3">
            <dt className="text-sm text-ink-muted">Price per hour</dt>
            <dd className="text-right">
              <span className="text-2xl font-bold tracking-tight text-brand tabular-nums">
                {formatDollars(service.serviceChargePerHour)}
              </span>
              <span className="text-sm text-ink-muted"> per hour</span>
            </dd>
          </div>
        </dl>
      </InfoCard>

      <InfoCard title="Rental Price" icon={<KeyRound className="size-5" />}>
        <p className="text-sm text-ink-muted">Drive it yourself, for a day or the whole week.</p>
        <dl className="mt-auto pt-4">
          <div className="flex items-baseline justify-between gap-4 border-b border-line pb-3">
            <dt className="text-sm text-ink-muted">Per day</dt>
            <dd className="text-base font-semibold text-ink tabular-nums">
              {formatDollars(service.rentalDailyPrice)}
            </dd>
          </div>
          <div className="flex items-baseline justify-between gap-4 pt-3">
            <dt className="text-sm text-ink-muted">Per week</dt>
            <dd className="text-base font-semibold text-ink tabular-nums">
              {formatDollars(service.rentalWeeklyPrice)}
            </dd>
          </div>
        </dl>
      </InfoCard>

      <InfoCard
        title="Availability"
        icon={<CalendarDays className="size-5" />}
        className="sm:col-span-2 lg:col-span-1"
      >
        <AvailabilityBadge available={service.available} />
        {service.availableServiceTypes.length > 0 && (
          <>
            <p className="mt-4 text-sm text-ink-muted">Service types offered with this car</p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {service.availableServiceTypes.map((type) => (
                <li
                  key={type}
                  className="rounded-full border border-line bg-canvas px-3 py-1 text-sm text-ink"
                >
                  {type}
                </li>
              ))}
            </ul>
          </>
        )}
      </InfoCard>
    </div>
  );
}

/** Available or Not Available, by the service's flag; colour is never the only signal. */
export function AvailabilityBadge({ available }: { available: boolean }) {
  return available ? (
    <span className="availability w-fit px-3 text-sm font-medium">
      <CircleCheck className="size-4" aria-hidden="true" />
      Available
    </span>
  ) : (
    <span data-unavailable="" className="availability w-fit px-3 text-sm font-medium">
      <CircleX className="size-4" aria-hidden="true" />
      Not Available
    </span>
  );
}
