import type { OwnerReviewChangedResponse, OwnerReviewsResponse } from '@app/shared';
import { api } from '../../../lib/api-client.ts';

const reviewPath = (id: string) => `/admin/reviews/${encodeURIComponent(id)}`;

/** Every review, hidden ones too, newest first, with the owner's numbers. */
export const listOwnerReviews = () => api.get<OwnerReviewsResponse>('/admin/reviews');

/** Writes, changes or (empty) clears the public reply. */
export const replyToReview = (id: string, text: string) =>
  api.post<OwnerReviewChangedResponse>(`${reviewPath(id)}/reply`, { text });

/** Takes the review off the site, with the reason the audit trail keeps. */
export const hideReview = (id: string, reason: string) =>
  api.post<OwnerReviewChangedResponse>(`${reviewPath(id)}/hide`, { reason });

export const unhideReview = (id: string) =>
  api.post<OwnerReviewChangedResponse>(`${reviewPath(id)}/unhide`, {});
