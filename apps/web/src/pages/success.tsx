import { useSearch } from 'wouter';
import { notify } from '../lib/notify.ts';
import { useLoad } from '../lib/use-load.ts';
import { useCatalogue } from '../state/catalogue.tsx';
import { useSession } from '../state/session.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { container } from '../components/ui/styles.ts';
import { getPaymentDetails } from '../features/booking/api/booking.ts';
import {
  PAYMENT_NOT_FOUND,
  PaymentDetails,
  PaymentFailed,
} from '../features/booking/components/payment-result.tsx';
import { forgetSavedBookings } from '../features/booking/utils/saved-booking.ts';

/** /success: the payment result of the checkout the customer just returned from. */
export default function SuccessPage() {
  const sessionId = new URLSearchParams(useSearch()).get('session_id');
  return (
    <div className={`${container} py-10 sm:py-16`}>
      <PageMeta title="Payment & Appointment Details" />
      <div className="mx-auto max-w-2xl">
        {sessionId ? (
          <PaymentResult sessionId={sessionId} />
        ) : (
          <PaymentFailed message={PAYMENT_NOT_FOUND} />
        )}
      </div>
    </div>
  );
}

function PaymentResult({ sessionId }: { sessionId: string }) {
  const { reloadServices } = useCatalogue();
  // The account's name leads; the card holder's is shown apart (`PaymentDetails`).
  const { profile } = useSession();
  const result = useLoad(() => getPaymentDetails(sessionId), [sessionId], {
    kind: 'paymentDetails',
    onLoaded: (details) => {
      // Paid: the booking forms kept in this tab have done their job.
      if (details.session.payment_status === 'paid') forgetSavedBookings();
      // A paid booking takes its slot: the strips elsewhere should no longer offer it.
      void reloadServices();
    },
    onFailed: (message) => notify('error', message),
  });
  if (result.data) return <PaymentDetails {...result.data} accountName={profile?.name} />;
  if (result.failure) return <PaymentFailed message={result.failure} />;
  return <PageLoading label="Loading payment details..." />;
}
