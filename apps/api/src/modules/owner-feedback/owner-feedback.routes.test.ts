import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { feedback, type Database } from '@app/db';
import {
  OWNER_FEEDBACK_MESSAGES,
  OwnerFeedbackResponseSchema,
  type OwnerFeedbackItem,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import { signedInBrowser } from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertUser } from '../../test/fixtures.ts';
import { signedInOwner } from '../../test/owners.ts';

const NOW = new Date('2026-11-22T15:07:00Z');
const MOODS = ['happy', 'neutral', 'sad', ''] as const;

describe.each(await databaseKinds())('the owner’s feedback on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Database;
  let owner: Browser;
  let authorId: string;
  /** What this file wrote, newest first. */
  const written: { message: string; rating: number; mood: string; at: Date; anonymous: boolean }[] =
    [];

  beforeAll(async () => {
    database = await openTestDatabase(kind, { seed: false });
    db = database.handle.db;
    app = await buildApp({ config: testConfig(), db: database.handle, now: () => NOW });
    ({ browser: owner } = await signedInOwner(app, db, NOW));
    authorId = await insertUser(db, 'Frank Feedback');
    // 30 messages 9 hours apart, from 2026-11-11 on (New York), the last 3 at one instant.
    for (let i = 0; i < 30; i++) {
      const at = new Date(NOW.getTime() - (27 - Math.min(i, 27)) * 9 * 3_600_000);
      const anonymous = i % 4 === 0;
      const entry = {
        message: `Message ${i}`,
        rating: i % 6,
        mood: MOODS[i % 4] as string,
        at,
        anonymous,
      };
      await db.insert(feedback).values({
        userId: anonymous ? null : authorId,
        message: entry.message,
        rating: entry.rating,
        emoji: entry.mood,
        isAnonymous: anonymous,
        createdAt: at,
      });
      written.unshift(entry);
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const page = async (query: string) => {
    const response = await owner.get(`/api/admin/feedback${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return OwnerFeedbackResponseSchema.parse(response.json());
  };
  const allOf = async (query: string) => {
    const items: OwnerFeedbackItem[] = [];
    let before: string | null = null;
    let total: number;
    do {
      const result = await page(`?${query}&limit=7${before ? `&before=${before}` : ''}`);
      expect(result.feedback.length).toBeLessThanOrEqual(7);
      items.push(...result.feedback);
      total = result.total;
      before = result.nextBefore;
    } while (before && items.length < 100);
    expect(items).toHaveLength(total);
    return items;
  };

  it('keeps the list from visitors (401) and customers (403)', async () => {
    expectFailure(await new Browser(app).get('/api/admin/feedback'), 401, NOT_SIGNED_IN_MESSAGE);
    const { browser: customer } = await signedInBrowser(app, db, NOW);
    expectFailure(await customer.get('/api/admin/feedback'), 403, OWNER_ONLY_MESSAGE);
  });

  it('lists every message newest first, a page at a time, naming only authors who did not stay anonymous', async () => {
    const first = await page('');
    expect(first.total).toBe(30);
    expect(first.feedback).toHaveLength(20);
    const items = await allOf('');
    const messages = items.map((f) => f.message);
    // The newest three share an instant: their order is the ids', checked below.
    expect(messages.slice(0, 3).sort()).toEqual(['Message 27', 'Message 28', 'Message 29']);
    expect(messages.slice(3)).toEqual(written.slice(3).map((w) => w.message));
    const tied = items.slice(0, 3).map((f) => f.id);
    expect(tied).toEqual([...tied].sort().reverse());
    expect(new Set(items.map((f) => f.id)).size).toBe(30);
    for (const item of items) {
      const source = written.find((w) => w.message === item.message);
      expect(item.rating).toBe(source?.rating);
      expect(item.mood).toBe(source?.mood === '' ? null : source?.mood);
      expect(item.anonymous).toBe(source?.anonymous);
      expect(item.author).toEqual(
        source?.anonymous ? null : { name: 'Frank Feedback', email: expect.stringMatching(/@/) },
      );
    }
    // The three at one instant are ordered by id, the same on every page.
    expect(await allOf('')).toEqual(items);
  });

  it('filters by rating, mood and New York date range, together', async () => {
    const byRating = await allOf('rating=5');
    expect(byRating.map((f) => f.message)).toEqual(
      written.filter((w) => w.rating === 5).map((w) => w.message),
    );
    const sad = await allOf('mood=sad');
    expect(sad.map((f) => f.message)).toEqual(
      written.filter((w) => w.mood === 'sad').map((w) => w.message),
    );
    // New York days: 2026-11-15 00:00 to 2026-11-17 24:00 is 05:00Z on the 15th to 05:00Z on the 18th.
    const from = new Date('2026-11-15T05:00:00Z');
    const to = new Date('2026-11-18T05:00:00Z');
    const inRange = written.filter((w) => w.at >= from && w.at < to);
    expect(inRange.length).toBeGreaterThan(3);
    const ranged = await allOf('from=2026-11-15&to=2026-11-17');
    expect(ranged.map((f) => f.message)).toEqual(inRange.map((w) => w.message));
    const both = await allOf('from=2026-11-15&to=2026-11-17&mood=happy&rating=');
    expect(both.map((f) => f.message)).toEqual(
      inRange.filter((w) => w.mood === 'happy').map((w) => w.message),
    );
    expect((await page('?rating=0&mood=neutral&from=2026-11-21&to=2026-11-21')).total).toBe(
      written.filter(
        (w) =>
          w.rating === 0 &&
          w.mood === 'neutral' &&
          w.at >= new Date('2026-11-21T05:00:00Z') &&
          w.at < new Date('2026-11-22T05:00:00Z'),
      ).length,
    );
    expect((await page(`?before=${randomUUID()}`)).feedback).toEqual([]);
  });

  it('refuses bad filters with 400 and a message', async () => {
    const cases: [string, string][] = [
      ['rating=6', OWNER_FEEDBACK_MESSAGES.rating],
      ['rating=2.5', OWNER_FEEDBACK_MESSAGES.rating],
      ['rating=five', OWNER_FEEDBACK_MESSAGES.rating],
      ['mood=angry', OWNER_FEEDBACK_MESSAGES.mood],
      ['from=2026-02-30', OWNER_FEEDBACK_MESSAGES.from],
      ['to=yesterday', OWNER_FEEDBACK_MESSAGES.to],
      ['from=2026-11-20&to=2026-11-19', OWNER_FEEDBACK_MESSAGES.range],
      ['before=1', OWNER_FEEDBACK_MESSAGES.before],
      ['limit=0', OWNER_FEEDBACK_MESSAGES.limit],
      ['limit=101', OWNER_FEEDBACK_MESSAGES.limit],
    ];
    for (const [query, message] of cases) {
      expectFailure(await owner.get(`/api/admin/feedback?${query}`), 400, message);
    }
  });
});
