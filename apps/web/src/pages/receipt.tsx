import { Link, useParams } from 'wouter';
import { ArrowLeft, Download } from 'lucide-react';
import { ApiError } from '../lib/api-client.ts';
import { useLoad } from '../lib/use-load.ts';
import { API_BASE } from '../config/env.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { buttonSecondary, card, container, eyebrow } from '../components/ui/styles.ts';
import { getReceipt, receiptPdfPath } from '../features/bill/api/bill.ts';
import { BillingForm } from '../features/bill/components/billing-form.tsx';
import { ReceiptView } from '../features/bill/components/receipt-view.tsx';
import NotFoundPage from './not-found.tsx';

/** Someone else's ride, or a bill not yet paid: the 404 page. */
const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /my-appointments/:id/receipt: what the customer paid for the ride, as the PDF says it, with
 * the PDF to download and a company and billing address to add for an employer. Prints as is.
 */
export default function ReceiptPage() {
  const { id = '' } = useParams<{ id: string }>();
  const loaded = useLoad(() => getReceipt(id), [id]);
  if (isMissing(loaded.error)) return <NotFoundPage />;
  const receipt = loaded.data?.receipt;
  return (
    <div className={`${container} py-10 sm:py-16 print:py-0`}>
      <PageMeta title="Your Receipt" />
      <div className="mx-auto max-w-2xl">
        <Link
          href={`/my-appointments/${encodeURIComponent(id)}/bill`}
          className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand underline-offset-4 hover:underline print:hidden"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Your bill
        </Link>
        <p className={`${eyebrow} mt-4 print:hidden`}>Account</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand sm:text-4xl">Receipt</h1>
        {loaded.failure && !receipt ? (
          <p role="alert" className="mt-8 text-danger">
            {loaded.failure}
          </p>
        ) : !receipt ? (
          <PageLoading label="Loading your receipt..." inPage />
        ) : (
          <>
            <div className={`${card} mt-8 p-4 sm:p-6 print:shadow-none print:p-0`}>
              <ReceiptView receipt={receipt} />
            </div>
            <p className="mt-6 print:hidden">
              <a href={`${API_BASE}${receiptPdfPath(id)}`} download className={buttonSecondary}>
                <Download className="size-4" aria-hidden="true" />
                Download PDF
              </a>
            </p>
            <div className={`${card} mt-8 p-4 sm:p-6 print:hidden`}>
              <BillingForm
                appointmentId={id}
                customer={receipt.customer}
                onSaved={() => void loaded.reload()}
              />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
