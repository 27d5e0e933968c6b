import type { PublicReviewsResponse, ServiceListResponse } from '@app/shared';
import { api } from '../api-client.ts';

/** The catalogue, with each car's booked slots. */
export const listServices = () => api.get<ServiceListResponse>('/service/list');

/** The reviews the site shows, for a page that did not arrive with them. */
export const listPublicReviews = () => api.get<PublicReviewsResponse>('/reviews');
