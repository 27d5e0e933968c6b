import { useId, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ChevronDown } from 'lucide-react';
import { RIDES_MAX_PAGE_SIZE, type RideListQuery } from '@app/shared';
import { useLoad } from '../../lib/use-load.ts';
import { useCatalogue } from '../../state/catalogue.tsx';
import { buttonSecondary } from '../../components/ui/styles.ts';
import { ConsoleHeading } from '../../features/admin-shell/components/console-heading.tsx';
import { listBlocks, listRides, rideQueryString } from '../../features/admin-rides/api/rides.ts';
import { RideDetail } from '../../features/admin-rides/components/ride-detail.tsx';
import { RideFilterForm } from '../../features/admin-rides/components/ride-filters.tsx';
import { LegacyOverlaps } from '../../features/admin-rides/components/legacy-overlaps.tsx';
import { RideResults } from '../../features/admin-rides/components/ride-results.tsx';
import {
  addDaysIso,
  readScreenState,
  RIDE_VIEWS,
  screenPath,
  todayIso,
  type RideScreenState,
} from '../../features/admin-rides/utils/ride-view.ts';
import { API_BASE } from '../../config/env.ts';

const VIEW_NAMES = { agenda: 'Agenda', day: 'Day by car', week: 'Week by car' } as const;

/**
 * /admin/rides: today and what comes, as an agenda by day, or a day or a week across the cars; filters,
 * search, paging and the CSV export; `?ride=` opens one ride with its actions.
 */
export default function RidesScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { services } = useCatalogue();
  const state = readScreenState(search);
  // The filters fold away on a phone (the rides first), open from md on.
  const [filtersOpen, setFiltersOpen] = useState(
    () => window.matchMedia('(min-width: 48rem)').matches,
  );
  const filtersId = useId();
  const go = (patch: Partial<RideScreenState>) => navigate(screenPath({ ...state, ...patch }));

  const filters = {
    from: state.from,
    to: state.to,
    serviceId: state.serviceId,
    status: state.status,
    q: state.q,
  };
  const gridFrom = state.from || todayIso();
  const gridDays = state.view === 'day' ? 1 : 7;
  const query: RideListQuery =
    state.view === 'agenda'
      ? { ...filters, page: state.page }
      : {
          ...filters,
          from: gridFrom,
          to: addDaysIso(gridFrom, gridDays - 1),
          pageSize: RIDES_MAX_PAGE_SIZE,
        };
  const rides = useLoad(() => listRides(query), [query]);
  const blocks = useLoad(listBlocks, []);
  const rideHref = (id: string) => screenPath({ ...state, ride: id });
  const exportHref = `${API_BASE}/admin/rides/export.csv${rideQueryString(state.view === 'agenda' ? filters : { ...filters, from: query.from, to: query.to })}`;

  return (
    <>
      <ConsoleHeading title="Rides">
        From today on, or every day for a search. Times are New York time; call a customer by
        tapping their number.
      </ConsoleHeading>
      {state.ride ? (
        <RideDetail
          key={state.ride}
          id={state.ride}
          backHref={screenPath({ ...state, ride: '' })}
          onChanged={() => void rides.reload()}
        />
      ) : (
        <>
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen(!filtersOpen)}
            className={`mt-6 ${buttonSecondary}`}
          >
            Filters
            <ChevronDown
              aria-hidden="true"
              className={`size-4 transition-transform ${filtersOpen ? 'rotate-180' : ''}`}
            />
          </button>
          <div id={filtersId} hidden={!filtersOpen}>
            <RideFilterForm
              key={JSON.stringify(filters)}
              value={filters}
              services={services}
              onApply={(next) => go({ ...next, page: 1 })}
            />
          </div>
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <nav aria-label="Views" className="flex gap-2">
              {RIDE_VIEWS.map((view) => (
                <Link
                  key={view}
                  href={screenPath({ ...state, view, page: 1 })}
                  aria-current={state.view === view ? 'page' : undefined}
                  className={`${buttonSecondary} ${state.view === view ? 'bg-brand-tint' : ''}`}
                >
                  {VIEW_NAMES[view]}
                </Link>
              ))}
            </nav>
            <a href={exportHref} download className={buttonSecondary}>
              Export CSV
            </a>
          </div>
          <LegacyOverlaps rideHref={rideHref} />
          <RideResults
            rides={rides}
            blocks={blocks.data?.upcoming ?? []}
            state={state}
            gridFrom={gridFrom}
            gridDays={gridDays}
            services={services}
            rideHref={rideHref}
          />
        </>
      )}
    </>
  );
}
