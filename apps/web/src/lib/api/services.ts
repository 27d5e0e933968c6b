import type { ServiceListResponse } from '@app/shared';
import { api } from '../api-client.ts';

/** The catalogue, with each car's booked slots. */
export const listServices = () => api.get<ServiceListResponse>('/service/list');
