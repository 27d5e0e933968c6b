import type {
  AppointmentsResponse,
  BookingRequest,
  BookingResponse,
  CheckoutResponse,
  MyRidesResponse,
  PaymentDetailsResponse,
} from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** Holds the slot for the signed-in customer until its checkout expires. */
export const bookAppointment = (request: BookingRequest) =>
  api.post<BookingResponse>('/user/book-appointment', request);

/**
 * The hosted checkout paying the deposit of a held booking. The booking's details travel with
 * it as the API's contract lists them; the server reads only the appointment's id.
 */
export const createCheckout = (appointmentId: string, booking: BookingRequest) =>
  api.post<CheckoutResponse>('/user/create-checkout-session', {
    appointmentId,
    slotDate: booking.slotDate,
    slotTime: booking.slotTime,
    phone: booking.phone,
    pickupAddress: booking.pickupAddress,
    dropoffAddress: booking.dropoffAddress,
    pickupNotes: booking.pickupNotes,
    selectedServiceType: booking.selectedServiceType,
  });

/** The result of the checkout the customer came back from (`?session_id=`). */
export const getPaymentDetails = (sessionId: string) =>
  api.get<PaymentDetailsResponse>(
    `/user/stripe-payment-details?session_id=${encodeURIComponent(sessionId)}`,
    { csrf: true },
  );

export const listMyAppointments = () =>
  api.get<AppointmentsResponse>('/user/appointments', { csrf: true });

/** Every ride of the signed-in customer, upcoming then past (My rides). */
export const listMyRides = () => api.get<MyRidesResponse>('/user/rides');
