import type { QuoteRequest, QuoteResponse } from '@app/shared';
import { api } from '../../../lib/api-client.ts';
import { ensureCsrfToken } from '../../../state/session.tsx';

/**
 * The all-in price of a ride on this car at a time, its route and the day's starts the car can
 * reach (docs/product.md, A price from the route). A POST: the addresses stay out of URLs.
 */
export async function getQuote(serviceId: string, request: QuoteRequest): Promise<QuoteResponse> {
  // The quote may be asked before the session's token is in (the page's first render).
  await ensureCsrfToken();
  return api.post<QuoteResponse>(`/service/${encodeURIComponent(serviceId)}/quote`, request);
}
