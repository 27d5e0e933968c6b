import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { auditEvents, billRules, type Database } from '@app/db';
import { DEFAULT_BILL_RULES } from '@app/shared';
import { CLI_ACTOR } from '../audit/record-audit.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { saveSettingsRow } from './save-settings-row.ts';

const NOW = new Date('2026-11-22T15:07:00Z');
const COLUMNS = { defaultTipPercent: billRules.defaultTipPercent };

/*
 * The claim-then-audit of the owner's single-row settings, on `bill_rules`: the first save
 * inserts the row, later ones lock and update it, and saves at once are recorded one after the
 * other, each with what the other left.
 */
describe.each(await databaseKinds())('saveSettingsRow on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind, { seed: false });
    db = database.handle.db;
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** Saves a tip percent, recording what the row held (`null`: none) and what it set. */
  const saveTip = (percent: number, at: Date = NOW) =>
    saveSettingsRow(db, {
      table: billRules,
      values: { ...DEFAULT_BILL_RULES, defaultTipPercent: percent },
      columns: COLUMNS,
      action: 'bill_rules.updated',
      actor: CLI_ACTOR,
      now: at,
      write: (stood) => ({ before: { stood }, after: { defaultTipPercent: percent } }),
    });
  const audit = () =>
    db
      .select({ before: auditEvents.before, after: auditEvents.after })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'bill_rules.updated'))
      .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  const row = async () => (await db.select().from(billRules))[0];

  it('inserts the row the first time, then updates it, telling `write` what it held', async () => {
    await saveTip(15);
    expect(await row()).toMatchObject({ id: 1, defaultTipPercent: 15, updatedAt: NOW });
    const later = new Date(NOW.getTime() + 60_000);
    await saveTip(18, later);
    expect(await db.select().from(billRules)).toEqual([
      expect.objectContaining({ id: 1, defaultTipPercent: 18, updatedAt: later }),
    ]);
    expect(await audit()).toEqual([
      { before: { stood: null }, after: { defaultTipPercent: 15 } },
      { before: { stood: { defaultTipPercent: 15 } }, after: { defaultTipPercent: 18 } },
    ]);
  });

  it('records saves at once one after the other, each with what the other left', async () => {
    const at = new Date(NOW.getTime() + 120_000);
    await Promise.all([saveTip(20, at), saveTip(25, at)]);
    // Both at one instant, so their order is the trail's ids': told apart by what they saw.
    const both = (await audit()).slice(2).map((event) => ({
      saw: (event.before?.stood as { defaultTipPercent: number }).defaultTipPercent,
      set: event.after?.defaultTipPercent,
    }));
    const first = both.find((event) => event.saw === 18);
    const second = both.find((event) => event !== first);
    expect(first).toBeDefined();
    expect(second?.saw).toBe(first?.set);
    expect((await row())?.defaultTipPercent).toBe(second?.set);
  });

  it('rolls the row back with the transaction when `write` fails, leaving no event', async () => {
    const failing = saveSettingsRow(db, {
      table: billRules,
      values: { ...DEFAULT_BILL_RULES, defaultTipPercent: 30 },
      action: 'bill_rules.updated',
      actor: CLI_ACTOR,
      now: new Date(NOW.getTime() + 180_000),
      write: () => {
        throw new Error('refused');
      },
    });
    await expect(failing).rejects.toThrow('refused');
    expect((await row())?.defaultTipPercent).not.toBe(30);
    expect(await audit()).toHaveLength(4);
  });
});
