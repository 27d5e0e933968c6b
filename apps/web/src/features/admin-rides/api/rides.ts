import type {
  AssignChauffeurRequest,
  BlocksResponse,
  CancelRideRequest,
  EditRideRequest,
  MoveRideRequest,
  RetryMessageResponse,
  LegacyOverlapsResponse,
  RideListQuery,
  RideListResponse,
  RideResponse,
  TodayResponse,
} from '@app/shared';
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

export function moveRide(id: string, request: MoveRideRequest): Promise<RideResponse> {
  return api.post<RideResponse>(`/admin/rides/${encodeURIComponent(id)}/move`, request);
}

export function correctRide(id: string, request: EditRideRequest): Promise<RideResponse> {
  return api.post<RideResponse>(`/admin/rides/${encodeURIComponent(id)}/details`, request);
}

/** Undoes a completion or no-show marked within `FINISH_UNDO_MINUTES`. */
export function reopenRide(id: string): Promise<RideResponse> {
  return api.post<RideResponse>(`/admin/rides/${encodeURIComponent(id)}/reopen`);
}

/** Sends one of the ride's failed messages again (the Messages area's retry). */
export function retryRideMessage(messageId: string): Promise<RetryMessageResponse> {
  return api.post<RetryMessageResponse>(`/admin/messages/${encodeURIComponent(messageId)}/retry`);
}

export function cancelRide(id: string, request: CancelRideRequest): Promise<RideResponse> {
  return api.post<RideResponse>(`/admin/rides/${encodeURIComponent(id)}/cancel`, request);
}

/** Rides booked before lengths that would overlap at their real length (ADR 018). */
export function getLegacyOverlaps(): Promise<LegacyOverlapsResponse> {
  return api.get<LegacyOverlapsResponse>('/admin/rides/legacy-overlaps');
}

/** The owner's blocks (upcoming first): drawn on the week's bars beside the rides. */
export function listBlocks(): Promise<BlocksResponse> {
  return api.get<BlocksResponse>('/admin/blocks');
}

/** The console's first screen: one New York day's rides (today unless told) and what needs the owner. */
export function getToday(date?: string): Promise<TodayResponse> {
  return api.get<TodayResponse>(`/admin/today${date ? `?date=${encodeURIComponent(date)}` : ''}`);
}

/** Gives the ride to a chauffeur (or an owner), or to nobody (`chauffeurId: null`). */
export function assignChauffeur(
  id: string,
  request: AssignChauffeurRequest,
): Promise<RideResponse> {
  return api.post<RideResponse>(`/admin/rides/${encodeURIComponent(id)}/chauffeur`, request);
}
