import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import {
  TRAVEL_SETTINGS_SAVED_MESSAGE,
  TravelSettingsInputSchema,
  type TravelSettingsSavedResponse,
} from '@app/shared';
import { signedInUser } from '../../plugins/auth.ts';
import type { TravelSettings } from '../../travel/drive-speed.ts';
import { ownerActor } from '../audit/record-audit.ts';
import { saveTravelSettings } from './save-travel-settings.ts';
import type { TravelSettingsSource } from './travel-settings-source.ts';

/** The owner's numbers for the offline drive estimate, set from the console's Drive times. */
export function registerTravelSettingsRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    /** The configured `TRAVEL_*` settings: what the first save replaces. */
    defaults: TravelSettings;
    travel: TravelSettingsSource;
    now: () => Date;
  },
): void {
  app.post(
    '/api/admin/travel-settings',
    { config: { auth: 'owner' } },
    async (request): Promise<TravelSettingsSavedResponse> => {
      const input = TravelSettingsInputSchema.parse(request.body);
      const actor = await ownerActor(deps.db, signedInUser(request).id);
      await saveTravelSettings(deps.db, input, {
        actor,
        now: deps.now(),
        defaults: deps.defaults,
      });
      return {
        success: true,
        message: TRAVEL_SETTINGS_SAVED_MESSAGE,
        settings: (await deps.travel.read()).state,
      };
    },
  );
}
