import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { feedback, users, type Database } from '@app/db';
import { newYorkInstant, type OwnerFeedbackItem } from '@app/shared';

export interface FeedbackFilters {
  rating?: number;
  mood?: 'sad' | 'neutral' | 'happy';
  /** New York days, `2026-11-01`, inclusive. */
  from?: string;
  to?: string;
}

/** The day after a `YYYY-MM-DD` day, in the same form. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Every feedback message under the filters, newest first, a page at a time (keyset-paged on
 * created_at and id, so a message sent while the owner reads never shifts the next page), with
 * the count over all pages. The author is named only when the message is not anonymous.
 */
export async function listFeedback(
  db: Database,
  query: FeedbackFilters & { before?: string; limit: number },
): Promise<{ feedback: OwnerFeedbackItem[]; total: number; nextBefore: string | null }> {
  const filters: SQL[] = [];
  if (query.rating !== undefined) filters.push(eq(feedback.rating, query.rating));
  if (query.mood) filters.push(eq(feedback.emoji, query.mood));
  // Midnight exists every day in New York: the schema has checked these are real days.
  if (query.from)
    filters.push(gte(feedback.createdAt, newYorkInstant(query.from, '00:00') as Date));
  if (query.to)
    filters.push(lt(feedback.createdAt, newYorkInstant(nextDay(query.to), '00:00') as Date));
  const page = [...filters];
  if (query.before) {
    // An unknown `before` compares with null: an empty page.
    page.push(
      sql`(${feedback.createdAt}, ${feedback.id}) < (select "created_at", "id" from "feedback" where "id" = ${query.before})`,
    );
  }
  const [rows, [counted]] = await Promise.all([
    db
      .select({ row: feedback, name: users.name, email: users.email })
      .from(feedback)
      .leftJoin(users, eq(users.id, feedback.userId))
      .where(and(...page))
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(query.limit + 1),
    db
      .select({ total: count() })
      .from(feedback)
      .where(and(...filters)),
  ]);
  const shown = rows.slice(0, query.limit);
  return {
    feedback: shown.map(({ row, name, email }) => ({
      id: row.id,
      message: row.message,
      rating: row.rating,
      mood: row.emoji === '' ? null : (row.emoji as OwnerFeedbackItem['mood']),
      createdAt: row.createdAt.toISOString(),
      author: !row.isAnonymous && name !== null && email !== null ? { name, email } : null,
      anonymous: row.isAnonymous,
    })),
    total: counted?.total ?? 0,
    nextBefore: rows.length > query.limit ? (shown.at(-1)?.row.id ?? null) : null,
  };
}
