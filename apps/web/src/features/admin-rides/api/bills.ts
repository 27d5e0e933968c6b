import type { AdjustBillRequest, BillView } from '@app/shared';
import { api } from '../../../lib/api-client.ts';

const billPath = (id: string) => `/admin/rides/${encodeURIComponent(id)}/bill`;

/** A ride's bill (404: the ride has none; it is drafted when the ride is marked completed). */
export const getRideBill = (id: string) => api.get<BillView>(billPath(id));

/** The draft's lines as the form shows them, on the version the owner saw (409 when stale). */
export const adjustRideBill = (id: string, request: AdjustBillRequest) =>
  api.post<BillView>(billPath(id), request);

/** Sends the bill to the customer (email and text with a link to their bill page). */
export const sendRideBill = (id: string) => api.post<BillView>(`${billPath(id)}/send`);

/** The paid ride's receipt PDF under the API's base. */
export const rideReceiptPdfPath = (id: string) =>
  `/admin/rides/${encodeURIComponent(id)}/receipt.pdf`;
