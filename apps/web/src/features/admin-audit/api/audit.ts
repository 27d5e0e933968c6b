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
