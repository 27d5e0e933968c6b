import { carSearchQuery, type CarSearchParams, type CarSearchResponse } from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** The cars free for the search's whole stretch, and the busy ones' nearest starts. */
export const searchCars = (search: CarSearchParams) =>
  api.get<CarSearchResponse>(`/service/search?${carSearchQuery(search)}`);
