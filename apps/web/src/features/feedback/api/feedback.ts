import type { FeedbackRequest, MessageResponse } from '@app/shared';
import { api } from '../../../lib/api-client.ts';

export const leaveFeedback = (request: FeedbackRequest) =>
  api.post<MessageResponse>('/feedback/leave-feedback', request);
