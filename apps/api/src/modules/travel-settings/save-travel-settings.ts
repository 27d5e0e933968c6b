import { eq } from 'drizzle-orm';
import { travelSettings, type Database } from '@app/db';
import type { TravelSettingsInput } from '@app/shared';
import type { TravelSettings } from '../../travel/drive-speed.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { TUNABLE_COLUMNS, tunableOf } from './travel-settings-source.ts';

/**
 * Saves the owner's numbers for the offline estimate, audited with the numbers they replace
 * (the configured defaults, the first time), in one transaction. The row is claimed first
 * (inserted with the new numbers, or locked if it stands), so two owners saving at once are
 * recorded one after the other, each with the numbers the other left.
 */
export async function saveTravelSettings(
  db: Database,
  input: TravelSettingsInput,
  context: { actor: AuditActor; now: Date; defaults: TravelSettings },
): Promise<void> {
  const { actor, now, defaults } = context;
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(travelSettings)
      .values({ id: 1, ...input, updatedAt: now })
      .onConflictDoNothing({ target: travelSettings.id })
      .returning({ id: travelSettings.id });
    let before: TravelSettingsInput & { source: 'defaults' | 'owner' };
    if (inserted.length > 0) {
      before = { ...tunableOf(defaults), source: 'defaults' };
    } else {
      const [saved] = await tx
        .select(TUNABLE_COLUMNS)
        .from(travelSettings)
        .where(eq(travelSettings.id, 1))
        .for('update');
      if (!saved) throw new Error('the travel settings row vanished');
      before = { ...saved, source: 'owner' };
      await tx
        .update(travelSettings)
        .set({ ...input, updatedAt: now })
        .where(eq(travelSettings.id, 1));
    }
    await recordAudit(tx, {
      actor,
      action: 'travel_settings.updated',
      at: now,
      before,
      after: { ...input, source: 'owner' },
    });
  });
}
