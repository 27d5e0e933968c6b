import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '@app/db';
import type { Business, CalendarFeedDetails, CalendarFeedResponse } from '@app/shared';
import { driveCalendar } from '../../calendar/drive-calendar.ts';
import { AppError } from '../../errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import {
  findCalendarFeed,
  issueCalendarFeed,
  readCalendarFeed,
  revokeCalendarFeed,
} from './calendar-feed.ts';

export const NO_SUCH_FEED_MESSAGE = 'There is no such calendar.';

/** A token as `issueCalendarFeed` makes it: 43 base64url characters, and `.ics` if given. */
const FeedParamsSchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}(\.ics)?$/, NO_SUCH_FEED_MESSAGE)
    .transform((token) => token.replace(/\.ics$/, '')),
});

export interface CalendarFeedRouteDeps {
  db: Database;
  business: Business;
  publicBaseUrl: string;
  details: CalendarFeedDetails;
  now: () => Date;
}

/**
 * A staff member's calendar subscription: see it, make a new URL (the old one stops working),
 * revoke it; and the feed itself, read by the phone's calendar without a session, by its
 * unguessable URL alone (a GET that changes nothing but when it was last read).
 */
export function registerCalendarFeedRoutes(
  app: FastifyInstance,
  deps: CalendarFeedRouteDeps,
): void {
  const { db, now } = deps;
  const staff = { config: { auth: 'staff' as const } };
  const feedOf = async (userId: string) => {
    const feed = await findCalendarFeed(db, userId);
    return feed
      ? {
          createdAt: feed.createdAt.toISOString(),
          lastReadAt: feed.lastReadAt?.toISOString() ?? null,
        }
      : null;
  };

  app.get(
    '/api/staff/calendar-feed',
    staff,
    async (request, reply): Promise<CalendarFeedResponse> => {
      reply.header('cache-control', 'no-store');
      return { success: true, feed: await feedOf(signedInUser(request).id) };
    },
  );

  app.post(
    '/api/staff/calendar-feed',
    staff,
    async (request, reply): Promise<CalendarFeedResponse> => {
      const { id } = signedInUser(request);
      const token = await issueCalendarFeed(db, id, now());
      reply.header('cache-control', 'no-store');
      return {
        success: true,
        message: 'Your calendar link is ready. Any link made before no longer works.',
        feed: await feedOf(id),
        url: `${deps.publicBaseUrl}/api/calendar/${token}.ics`,
      };
    },
  );

  app.post(
    '/api/staff/calendar-feed/revoke',
    staff,
    async (request): Promise<CalendarFeedResponse> => {
      const revoked = await revokeCalendarFeed(db, signedInUser(request).id);
      return {
        success: true,
        message: revoked ? 'Your calendar link no longer works.' : 'You had no calendar link.',
        feed: null,
      };
    },
  );

  app.get('/api/calendar/:token', async (request, reply) => {
    const parsed = FeedParamsSchema.safeParse(request.params);
    if (!parsed.success) throw AppError.notFound(NO_SUCH_FEED_MESSAGE);
    const read = now();
    const rides = await readCalendarFeed(db, parsed.data.token, read);
    if (!rides) throw AppError.notFound(NO_SUCH_FEED_MESSAGE);
    return reply
      .header('cache-control', 'private, no-store')
      .type('text/calendar; charset=utf-8')
      .send(
        driveCalendar(rides, {
          business: deps.business,
          publicBaseUrl: deps.publicBaseUrl,
          details: deps.details,
          stamp: read,
        }),
      );
  });
}
