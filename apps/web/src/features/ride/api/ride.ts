import type {
  CustomerCancelRequest,
  CustomerRideResponse,
  RescheduleRequest,
  ReviewPostedResponse,
  ReviewRequest,
  RideChangeResponse,
  RideReviewResponse,
} from '@app/shared';
import { api } from '../../../lib/api-client.ts';

const ridePath = (id: string) => `/appointments/${encodeURIComponent(id)}`;

/** The signed-in customer's own ride (anyone else's answers 404). */
export const getRide = (id: string) => api.get<CustomerRideResponse>(ridePath(id));

/** Moves the ride to another free slot of the same car. */
export const rescheduleRide = (id: string, slot: RescheduleRequest) =>
  api.post<RideChangeResponse>(`${ridePath(id)}/reschedule`, slot);

/**
 * Cancels the ride, a round trip's return too if asked, with the refund the page showed: the
 * server refunds what the owner's tiers give at that moment and says if it is not that.
 */
export const cancelRide = (id: string, choice: CustomerCancelRequest = {}) =>
  api.post<RideChangeResponse>(`${ridePath(id)}/cancel`, choice);

/** The ride's `.ics` file, under the API's base (a plain download: a GET that changes nothing). */
export const calendarFileUrl = (id: string) => `${ridePath(id)}/calendar.ics`;

/** The ride's review: written or not, may it be, and the Google link once it is. */
export const getRideReview = (id: string) => api.get<RideReviewResponse>(`${ridePath(id)}/review`);

/** Rates the ride (once per booking). */
export const rateRide = (id: string, review: ReviewRequest) =>
  api.post<ReviewPostedResponse>(`${ridePath(id)}/review`, review);
