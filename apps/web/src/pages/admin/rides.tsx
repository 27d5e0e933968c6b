import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { RIDES_MAX_PAGE_SIZE, type RideListQuery } from '@app/shared';
import { useCatalogue } from '../../state/catalogue.tsx';
import { buttonSecondary, card } from '../../components/ui/styles.ts';
import { ConsoleHeading } from '../../features/admin-shell/components/console-heading.tsx';
import { rideQueryString } from '../../features/admin-rides/api/rides.ts';
import { RideAgenda } from '../../features/admin-rides/components/ride-agenda.tsx';
import { RideDetail } from '../../features/admin-rides/components/ride-detail.tsx';
import { RideFilterForm } from '../../features/admin-rides/components/ride-filters.tsx';
import { WeekGrid } from '../../features/admin-rides/components/week-grid.tsx';
import { useRides } from '../../features/admin-rides/hooks/use-rides.ts';
import {
  addDaysIso,
  readScreenState,
  screenPath,
  todayIso,
  type RideScreenState,
} from '../../features/admin-rides/utils/ride-view.ts';
import { API_BASE } from '../../config/env.ts';

/**
 * /admin/rides: today and what comes, as an agenda by day or a week across the cars; filters,
 * search, paging and the CSV export; `?ride=` opens one ride with its actions.
 */
export default function RidesScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { services } = useCatalogue();
  const state = readScreenState(search);
  const [reload, setReload] = useState(0);
  const go = (patch: Partial<RideScreenState>) => navigate(screenPath({ ...state, ...patch }));

  const filters = {
    from: state.from,
    to: state.to,
    serviceId: state.serviceId,
    status: state.status,
    q: state.q,
  };
  const weekFrom = state.from || todayIso();
  const query: RideListQuery =
    state.view === 'week'
      ? { ...filters, from: weekFrom, to: addDaysIso(weekFrom, 6), pageSize: RIDES_MAX_PAGE_SIZE }
      : { ...filters, page: state.page };
  const rides = useRides(query, reload);
  const rideHref = (id: string) => screenPath({ ...state, ride: id });
  const exportHref = `${API_BASE}/admin/rides/export.csv${rideQueryString(state.view === 'week' ? { ...filters, from: query.from, to: query.to } : filters)}`;

  return (
    <>
      <ConsoleHeading title="Rides">
        Today and what comes next. Times are New York time; call a customer by tapping their number.
      </ConsoleHeading>
      {state.ride ? (
        <RideDetail
          key={state.ride}
          id={state.ride}
          backHref={screenPath({ ...state, ride: '' })}
          onChanged={() => setReload((n) => n + 1)}
        />
      ) : (
        <>
          <RideFilterForm
            key={JSON.stringify(filters)}
            value={filters}
            services={services}
            onApply={(next) => go({ ...next, page: 1 })}
          />
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <nav aria-label="Views" className="flex gap-2">
              {(['agenda', 'week'] as const).map((view) => (
                <Link
                  key={view}
                  href={screenPath({ ...state, view, page: 1 })}
                  aria-current={state.view === view ? 'page' : undefined}
                  className={`${buttonSecondary} ${state.view === view ? 'bg-brand-tint' : ''}`}
                >
                  {view === 'agenda' ? 'Agenda' : 'Week by car'}
                </Link>
              ))}
            </nav>
            <a href={exportHref} download className={buttonSecondary}>
              Export CSV
            </a>
          </div>
          <section aria-label="Rides" className="mt-6">
            {rides.status === 'loading' ? (
              <p role="status" className="text-ink-muted">
                Loading rides...
              </p>
            ) : rides.status === 'failed' ? (
              <div>
                <p role="alert" className="text-danger">
                  {rides.message}
                </p>
                <button
                  type="button"
                  className={`mt-3 ${buttonSecondary}`}
                  onClick={() => setReload((n) => n + 1)}
                >
                  Try again
                </button>
              </div>
            ) : state.view === 'week' ? (
              <>
                <h2 className="mb-3 text-lg font-bold text-brand">Seven days from {weekFrom}</h2>
                <WeekGrid
                  from={weekFrom}
                  rides={rides.result.rides}
                  services={services}
                  rideHref={rideHref}
                />
                {rides.result.hasMore ? (
                  <p className="mt-3 text-sm text-ink-muted">
                    The week has more rides than the grid shows: narrow it to one car.
                  </p>
                ) : null}
              </>
            ) : rides.result.rides.length === 0 ? (
              <p className={`${card} p-6 text-ink-muted`}>No rides match these filters.</p>
            ) : (
              <>
                <RideAgenda rides={rides.result.rides} rideHref={rideHref} />
                <nav aria-label="Pages" className="mt-6 flex items-center gap-3">
                  {state.page > 1 ? (
                    <Link
                      href={screenPath({ ...state, page: state.page - 1 })}
                      className={buttonSecondary}
                    >
                      Previous page
                    </Link>
                  ) : null}
                  <span className="text-sm text-ink-muted">Page {state.page}</span>
                  {rides.result.hasMore ? (
                    <Link
                      href={screenPath({ ...state, page: state.page + 1 })}
                      className={buttonSecondary}
                    >
                      Next page
                    </Link>
                  ) : null}
                </nav>
              </>
            )}
          </section>
        </>
      )}
    </>
  );
}
