import type {
  DriveTimesResponse,
  NumbersResponse,
  TravelSettingsInput,
  TravelSettingsSavedResponse,
} from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** This New York week's and month's numbers. */
export function getNumbers(): Promise<NumbersResponse> {
  return api.get<NumbersResponse>('/admin/numbers');
}

/** The offline estimate against the real drives of the last 90 days, by kind of hour. */
export function getDriveTimes(): Promise<DriveTimesResponse> {
  return api.get<DriveTimesResponse>('/admin/numbers/drive-times');
}

/** Saves the owner's numbers for the drive time estimate; the next estimates use them. */
export function saveTravelSettings(
  request: TravelSettingsInput,
): Promise<TravelSettingsSavedResponse> {
  return api.post<TravelSettingsSavedResponse>('/admin/travel-settings', request);
}
