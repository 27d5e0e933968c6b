import type { CalendarFeedResponse } from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** The signed-in staff member's calendar subscription (`/api/staff/calendar-feed`). */

export const getCalendarFeed = () => api.get<CalendarFeedResponse>('/staff/calendar-feed');

/** A new URL, shown in this answer only; any URL made before stops working. */
export const makeCalendarFeed = () => api.post<CalendarFeedResponse>('/staff/calendar-feed');

/** The URL stops working. */
export const revokeCalendarFeed = () =>
  api.post<CalendarFeedResponse>('/staff/calendar-feed/revoke');
