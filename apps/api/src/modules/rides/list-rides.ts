import type { Database } from '@app/db';
import type { Ride } from '@app/shared';
import { rideConditions, selectRides, type RideFilterValues } from './find-rides.ts';

export interface RidePage {
  rides: Ride[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

/**
 * The board: rides under the filters by pickup time, one page at a time. One row past the page
 * is read to know whether another follows (no count of a large set on every call).
 */
export async function listRides(
  db: Database,
  query: RideFilterValues & { page: number; pageSize: number },
  now: Date,
): Promise<RidePage> {
  const { page, pageSize } = query;
  const rows = await selectRides(db, rideConditions(query, now), {
    limit: pageSize + 1,
    offset: (page - 1) * pageSize,
  });
  return { rides: rows.slice(0, pageSize), page, pageSize, hasMore: rows.length > pageSize };
}
