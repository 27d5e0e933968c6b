import type { TripResponse } from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** A ride's live trip by its link's token: no sign-in; anyone else's token is 404. */
export const getTrip = (token: string) =>
  api.get<TripResponse>(`/trip/${encodeURIComponent(token)}`);
