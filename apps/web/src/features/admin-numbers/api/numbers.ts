import type { NumbersResponse } from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** This New York week's and month's numbers. */
export function getNumbers(): Promise<NumbersResponse> {
  return api.get<NumbersResponse>('/admin/numbers');
}
