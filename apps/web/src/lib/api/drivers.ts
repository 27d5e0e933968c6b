import type { DriversResponse } from '@app/shared';
import { api } from '../api-client.ts';

/** Who may drive a ride (the board's choice, a car's default): the chauffeurs, then the owners. */
export const listDrivers = () => api.get<DriversResponse>('/admin/drivers');
