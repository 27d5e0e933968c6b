import { Link } from 'wouter';
import type { Block, RideListResponse, Service } from '@app/shared';
import type { Load } from '../../../lib/use-load.ts';
import { buttonSecondary, card } from '../../../components/ui/styles.ts';
import {
  formatDayHeading,
  screenPath,
  slotKeyOfIso,
  type RideScreenState,
} from '../utils/ride-view.ts';
import { RideAgenda } from './ride-agenda.tsx';
import { WeekGrid } from './week-grid.tsx';

/**
 * The rides the screen's address asks for: one day or seven across the cars from `gridFrom`,
 * or the agenda a page at a time; while they load, or why they did not, with Try again.
 */
export function RideResults({
  rides,
  blocks,
  state,
  gridFrom,
  gridDays,
  services,
  rideHref,
}: {
  rides: Load<RideListResponse>;
  /** The owner's blocks, drawn on the week's bars. */
  blocks: readonly Block[];
  state: RideScreenState;
  gridFrom: string;
  /** How many days the grid draws: 1 (Day by car) or 7 (Week by car). */
  gridDays: number;
  services: readonly Service[];
  rideHref: (id: string) => string;
}) {
  return (
    <section aria-label="Rides" className="mt-6">
      {rides.loading ? (
        <p role="status" className="text-ink-muted">
          Loading rides...
        </p>
      ) : rides.failure || !rides.data ? (
        <div>
          <p role="alert" className="text-danger">
            {rides.failure}
          </p>
          <button
            type="button"
            className={`mt-3 ${buttonSecondary}`}
            onClick={() => void rides.reload()}
          >
            Try again
          </button>
        </div>
      ) : state.view !== 'agenda' ? (
        <>
          <h2 className="mb-3 text-lg font-bold text-brand">
            {gridDays === 1
              ? formatDayHeading(slotKeyOfIso(gridFrom))
              : `Seven days from ${gridFrom}`}
          </h2>
          <WeekGrid
            from={gridFrom}
            days={gridDays}
            rides={rides.data.rides}
            blocks={blocks}
            services={services}
            rideHref={rideHref}
          />
          {rides.data.hasMore ? (
            <p className="mt-3 text-sm text-ink-muted">
              {gridDays === 1 ? 'The day' : 'The week'} has more rides than the grid shows: narrow
              it to one car.
            </p>
          ) : null}
        </>
      ) : rides.data.rides.length === 0 ? (
        <p className={`${card} p-6 text-ink-muted`}>No rides match these filters.</p>
      ) : (
        <>
          <RideAgenda rides={rides.data.rides} rideHref={rideHref} />
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
            {rides.data.hasMore ? (
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
  );
}
