import { Link } from 'wouter';
import {
  carSearchQuery,
  formatSlotSpoken,
  type CarSearchParams,
  type Service,
  type SlotRef,
} from '@app/shared';
import { Capacity } from '../../../components/service/capacity.tsx';
import { card } from '../../../components/ui/styles.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { searchCars } from '../api/search.ts';

/** The car page, opened on the search's day, time and length. */
const carHref = (id: string, search: CarSearchParams, at?: SlotRef) =>
  `/appointment/${id}?${carSearchQuery({ ...search, ...(at ? { date: at.slotDate, time: at.slotTime } : {}) })}`;

/**
 * What a search found: the cars free for the whole stretch (the smallest that fits the party
 * first), then those busy then, each with its nearest free starts before and after.
 */
export function SearchResults({
  search,
  services,
}: {
  search: CarSearchParams;
  services: Service[];
}) {
  const { data, failure, loading } = useLoad(() => searchCars(search), [search]);
  const car = (id: string) => services.find((service) => service._id === id);
  const when = formatSlotSpoken(search.date, search.time);

  return (
    <section aria-labelledby="search-results-title" aria-busy={loading} className="mt-8">
      <h2 id="search-results-title" className="text-xl font-bold text-brand">
        Cars free on {when}
      </h2>
      {failure ? (
        <p role="alert" className="mt-3 text-danger">
          {failure}
        </p>
      ) : !data ? (
        <p className="mt-3 text-ink-muted">Loading...</p>
      ) : (
        <>
          {data.free.length === 0 ? (
            <p className="mt-3 text-ink-muted">No car is free for that whole time.</p>
          ) : (
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {data.free.map(({ _id }) => {
                const service = car(_id);
                if (!service) return null;
                return (
                  <li key={_id} className={`${card} p-4`}>
                    <Link
                      href={carHref(_id, search)}
                      className="font-semibold text-brand underline"
                    >
                      {service.name}
                    </Link>
                    <Capacity service={service} className="mt-1 block text-sm text-ink-muted" />
                  </li>
                );
              })}
            </ul>
          )}
          {data.busy.length > 0 && (
            <>
              <h3 className="mt-8 text-lg font-semibold text-ink">Busy then</h3>
              <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                {data.busy.map(({ _id, before, after }) => {
                  const service = car(_id);
                  if (!service) return null;
                  return (
                    <li key={_id} className={`${card} p-4`}>
                      <p className="font-semibold text-ink">{service.name}</p>
                      <p className="mt-1 text-sm text-ink-muted">
                        {before || after ? 'Nearest free starts:' : 'Not free in the next 90 days.'}
                      </p>
                      <ul className="mt-1 space-y-1 text-sm">
                        {[before, after].map((at) =>
                          at ? (
                            <li key={`${at.slotDate} ${at.slotTime}`}>
                              <Link
                                href={carHref(_id, search, at)}
                                className="text-brand underline"
                              >
                                {formatSlotSpoken(at.slotDate, at.slotTime)}
                              </Link>
                            </li>
                          ) : null,
                        )}
                      </ul>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
