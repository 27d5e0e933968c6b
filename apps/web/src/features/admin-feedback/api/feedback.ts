import type { OwnerFeedbackQuery, OwnerFeedbackResponse } from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** A page of feedback, newest first (`before`: the last message of the page before). */
export function listFeedback(query: OwnerFeedbackQuery): Promise<OwnerFeedbackResponse> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return api.get<OwnerFeedbackResponse>(`/admin/feedback${search ? `?${search}` : ''}`);
}

/** The Feedback screen's filters as the address holds them: empty means any. */
export interface FeedbackFilters {
  rating: string;
  mood: string;
  from: string;
  to: string;
}

export const NO_FILTERS: FeedbackFilters = { rating: '', mood: '', from: '', to: '' };
