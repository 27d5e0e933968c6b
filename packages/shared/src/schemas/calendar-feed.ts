import { z } from 'zod';

/*
 * A staff member's calendar subscription (`/api/staff/calendar-feed`): an iCalendar URL the
 * phone's own calendar fetches, with the rides they drive. The URL is shown once, when made;
 * making a new one revokes the old.
 */

/** How much of a ride the feed tells a calendar (`CALENDAR_FEED_DETAILS`, the owner's choice). */
export const CALENDAR_FEED_DETAILS = ['times', 'addresses', 'customer'] as const;
export type CalendarFeedDetails = (typeof CALENDAR_FEED_DETAILS)[number];

/** Rides from this many days back to this many ahead are in the feed. */
export const CALENDAR_FEED_DAYS_BEHIND = 7;
export const CALENDAR_FEED_DAYS_AHEAD = 90;

export const CalendarFeedSchema = z.object({
  /** ISO 8601: when the current URL was made. */
  createdAt: z.string(),
  /** ISO 8601: when a calendar last fetched it, or null. */
  lastReadAt: z.string().nullable(),
});

export const CalendarFeedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  /** The subscription, or null when there is none. */
  feed: CalendarFeedSchema.nullable(),
  /** The URL, only in the answer that made it. */
  url: z.string().optional(),
});
export type CalendarFeedResponse = z.infer<typeof CalendarFeedResponseSchema>;
