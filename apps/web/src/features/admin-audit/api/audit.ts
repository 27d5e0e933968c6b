import type { AuditQuery, AuditResponse } from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** A page of the audit trail, newest first (`before`: the last event of the page before). */
export function listAuditEvents(query: AuditQuery): Promise<AuditResponse> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return api.get<AuditResponse>(`/admin/audit${search ? `?${search}` : ''}`);
}

/**
 * The Audit screen's filters as the address holds them: empty means any. `ride` is a booking
 * reference (`3F9A-1C2B`) or a ride's id, as the owner typed it or a ride's link gave it.
 */
export interface AuditFilters {
  serviceId: string;
  ride: string;
}
