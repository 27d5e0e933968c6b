import { telHref, type RideView } from '@app/shared';
import { BUSINESS } from '../../../config/env.ts';
import { card } from '../../../components/ui/styles.ts';

/** A paid ride past the limit for changes online, still to come: the business's phone. */
export function ChangeByPhone({ ride }: { ride: RideView }) {
  return (
    <section aria-labelledby="ride-by-phone" className={`${card} mt-8 p-4 sm:p-6`}>
      <h2 id="ride-by-phone" className="text-xl font-semibold text-brand">
        Need to change this ride?
      </h2>
      <p className="mt-2 text-ink">
        Rides can be changed online up to {ride.changeCutoffHours} hours before pickup. Please call
        us at{' '}
        <a
          href={telHref(BUSINESS.phone)}
          className="font-semibold text-brand underline underline-offset-4"
        >
          {BUSINESS.phone}
        </a>
        .
      </p>
    </section>
  );
}
