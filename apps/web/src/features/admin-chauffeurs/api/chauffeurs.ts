import type { AddChauffeurRequest, ChauffeursResponse } from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** The chauffeurs, by name. */
export function listChauffeurs(): Promise<ChauffeursResponse> {
  return api.get<ChauffeursResponse>('/admin/chauffeurs');
}

/** Makes the account a chauffeur and emails the invitation; answers the list and what was done. */
export function addChauffeur(request: AddChauffeurRequest): Promise<ChauffeursResponse> {
  return api.post<ChauffeursResponse>('/admin/chauffeurs', request);
}

/** A customer again: signed out, their coming rides nobody's; answers the list and a message. */
export function removeChauffeur(id: string): Promise<ChauffeursResponse> {
  return api.post<ChauffeursResponse>(`/admin/chauffeurs/${encodeURIComponent(id)}/remove`);
}

/** Every session ends (their phones' notifications with them) and the calendar link stops. */
export function signOutChauffeur(id: string): Promise<ChauffeursResponse> {
  return api.post<ChauffeursResponse>(`/admin/chauffeurs/${encodeURIComponent(id)}/sign-out`);
}
