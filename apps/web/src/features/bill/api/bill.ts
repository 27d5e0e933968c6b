import type { BillingDetailsRequest, BillView, PayBillRequest, Receipt } from '@app/shared';
import { api } from '../../../lib/api-client.ts';

const ridePath = (id: string) => `/appointments/${encodeURIComponent(id)}`;

/** The customer's bill for their ride (404 while the owner still drafts it). */
export const getBill = (id: string) => api.get<BillView>(`${ridePath(id)}/bill`);

/** The customer's tip: the bill's balance and tip are charged to the card they booked with. */
export const payBill = (id: string, tip: PayBillRequest) =>
  api.post<BillView>(`${ridePath(id)}/bill/pay`, tip);

/** The bill's payment link as it stands: the open one, or a fresh one once a link's day is over. */
export const openPaymentLink = (id: string) =>
  api.post<{ url: string }>(`${ridePath(id)}/bill/link`, {});

/** The company and billing address the receipt names, for an employer. */
export const setBillingDetails = (id: string, details: BillingDetailsRequest) =>
  api.post<BillView>(`${ridePath(id)}/bill/billing`, details);

/** The paid ride's receipt (404 until the bill is paid or settled). */
export const getReceipt = (id: string) => api.get<{ receipt: Receipt }>(`${ridePath(id)}/receipt`);

/** The receipt's PDF under the API's base: a plain download. */
export const receiptPdfPath = (id: string) => `${ridePath(id)}/receipt.pdf`;
