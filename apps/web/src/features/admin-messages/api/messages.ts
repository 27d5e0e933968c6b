import type { FailedMessagesResponse, RetryMessageResponse } from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** Messages that failed for good, newest first. */
export const listFailedMessages = () => api.get<FailedMessagesResponse>('/admin/messages');

/** Sends a failed message again (the delivery job takes it within seconds). */
export const retryMessage = (id: string) =>
  api.post<RetryMessageResponse>(`/admin/messages/${encodeURIComponent(id)}/retry`);
