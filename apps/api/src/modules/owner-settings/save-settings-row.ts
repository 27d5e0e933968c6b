import { eq, getTableName } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@app/db';
import type { AuditAction } from '@app/shared';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';

/** A table of the owner's settings: one row at most, `id = 1`, stamped when saved. */
type SettingsTable = PgTable & { id: AnyPgColumn; updatedAt: AnyPgColumn };

/** What the audit event records: the settings the save replaced, and the ones it set. */
export interface SettingsChange {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * Saves one of the owner's single-row settings, in one transaction: the row is claimed first
 * (inserted with `values`, or, if it stands, locked and updated with them), so two owners saving
 * at once are recorded one after the other, each with what the other left. Then `write` runs in
 * the same transaction, told what the row held (its `columns`, read under the lock; null when
 * this save inserted it): it writes whatever else the save changes and answers the audit's
 * before and after, recorded as `action`.
 */
export async function saveSettingsRow<T extends SettingsTable>(
  db: Database,
  save: {
    table: T;
    /** The row's settings; `id` and `updatedAt` are the helper's. */
    values: Omit<T['$inferInsert'], 'id' | 'updatedAt'>;
    /** The columns `write` is told the row held; the id alone by default. */
    columns?: Record<string, AnyPgColumn>;
    action: AuditAction;
    actor: AuditActor;
    now: Date;
    write: (
      stood: Record<string, unknown> | null,
      tx: Database,
    ) => SettingsChange | Promise<SettingsChange>;
  },
): Promise<void> {
  const { table, now } = save;
  const values = { ...save.values, updatedAt: now };
  // Drizzle cannot resolve a generic table's row types: the callers' `values` are checked
  // against their own table above, and the two casts below only restate that.
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(table)
      .values({ id: 1, ...values } as PgInsertValue<T>)
      .onConflictDoNothing({ target: table.id })
      .returning({ id: table.id });
    let stood: Record<string, unknown> | null = null;
    if (inserted.length === 0) {
      const [row] = await tx
        .select(save.columns ?? { id: table.id })
        .from(table as PgTable)
        .where(eq(table.id, 1))
        .for('update');
      if (!row) throw new Error(`the ${getTableName(table)} row vanished`);
      stood = row;
      await tx.update(table).set(values).where(eq(table.id, 1));
    }
    const { before, after } = await save.write(stood, tx);
    await recordAudit(tx, { actor: save.actor, action: save.action, at: now, before, after });
  });
}
