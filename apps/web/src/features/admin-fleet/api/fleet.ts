import type { CarInput, FleetCarResponse, FleetResponse } from '@app/shared';
import { API_BASE } from '../../../config/env.ts';
import { api, ApiError, csrfToken } from '../../../lib/api-client.ts';

/** Every car, the retired ones last. */
export const listFleet = () => api.get<FleetResponse>('/admin/fleet');

export const addCar = (car: CarInput) => api.post<FleetCarResponse>('/admin/fleet/add-car', car);

export const updateCar = (id: string, car: CarInput) =>
  api.post<FleetCarResponse>(`/admin/fleet/${id}/update-car`, car);

/** On the road (customers may book it) or off it; its booked rides are kept either way. */
export const setCarAvailability = (id: string, available: boolean) =>
  api.post<FleetCarResponse>(`/admin/fleet/${id}/availability`, { available });

export const retireCar = (id: string) =>
  api.post<FleetCarResponse>(`/admin/fleet/${id}/retire-car`);

/**
 * The photo as a multipart form (one file); the server checks it and makes its renditions. Sent
 * here rather than through `api.post` (JSON only), which the home page's first download carries:
 * the same CSRF header and the same failures, without adding to that download.
 */
export async function uploadPhoto(id: string, file: File): Promise<FleetCarResponse> {
  const form = new FormData();
  form.append('photo', file);
  const response = await fetch(`${API_BASE}/admin/fleet/${id}/photo`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'x-csrf-token': csrfToken.get() ?? '' },
    body: form,
  });
  const data = (await response.json().catch(() => undefined)) as
    { success?: boolean; message?: string } | undefined;
  if (!response.ok || data?.success !== true) {
    throw new ApiError(response.status, data?.message, response.ok);
  }
  return data as FleetCarResponse;
}
