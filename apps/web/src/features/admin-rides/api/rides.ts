import type { CancelRideRequest, RideListQuery, RideListResponse, RideResponse } from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** `?from=…&status=…`: the filters that are set, as the API reads them. */
export function rideQueryString(query: RideListQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A page of rides under the filters, by pickup time. */
export function listRides(query: RideListQuery): Promise<RideListResponse> {
  return api.get<RideListResponse>(`/admin/rides${rideQueryString(query)}`);
}

export function getRide(id: string): Promise<RideResponse> {
  return api.get<RideResponse>(`/admin/rides/${encodeURIComponent(id)}`);
}

export function completeRide(id: string): Promise<RideResponse> {
  return api.post<RideResponse>(`/admin/rides/${encodeURIComponent(id)}/complete`);
}

export function markNoShow(id: string): Promise<RideResponse> {
  return api.post<RideResponse>(`/admin/rides/${encodeURIComponent(id)}/no-show`);
}

export function cancelRide(id: string, request: CancelRideRequest): Promise<RideResponse> {
  return api.post<RideResponse>(`/admin/rides/${encodeURIComponent(id)}/cancel`, request);
}
