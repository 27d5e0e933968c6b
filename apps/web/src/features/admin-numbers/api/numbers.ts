import type {
  DriveTimesResponse,
  NumbersResponse,
  RefundPolicyInput,
  RefundPolicyResponse,
  RefundPolicySavedResponse,
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

/** The refund tiers a customer's cancel follows (none: the booking fee is non-refundable). */
export function getRefundPolicy(): Promise<RefundPolicyResponse> {
  return api.get<RefundPolicyResponse>('/admin/refund-policy');
}

/** Saves the refund tiers; every cancel from then on gives back what they say. */
export function saveRefundPolicy(request: RefundPolicyInput): Promise<RefundPolicySavedResponse> {
  return api.post<RefundPolicySavedResponse>('/admin/refund-policy', request);
}
