import { travelSettings, type Database } from '@app/db';
import type { TravelSettingsInput } from '@app/shared';
import type { TravelSettings } from '../../travel/drive-speed.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { saveSettingsRow } from '../owner-settings/save-settings-row.ts';
import { TUNABLE_COLUMNS, tunableOf } from './travel-settings-source.ts';

/**
 * Saves the owner's numbers for the offline estimate, audited with the numbers they replace
 * (the configured defaults, the first time).
 */
export async function saveTravelSettings(
  db: Database,
  input: TravelSettingsInput,
  context: { actor: AuditActor; now: Date; defaults: TravelSettings },
): Promise<void> {
  const { actor, now, defaults } = context;
  await saveSettingsRow(db, {
    table: travelSettings,
    values: input,
    columns: TUNABLE_COLUMNS,
    action: 'travel_settings.updated',
    actor,
    now,
    write: (stood) => ({
      before: stood
        ? { ...stood, source: 'owner' }
        : { ...tunableOf(defaults), source: 'defaults' },
      after: { ...input, source: 'owner' },
    }),
  });
}
