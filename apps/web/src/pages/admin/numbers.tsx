import { useLoad } from '../../lib/use-load.ts';
import { ConsoleHeading } from '../../features/admin-shell/components/console-heading.tsx';
import { PeriodNumbers } from '../../features/admin-numbers/components/period-numbers.tsx';
import { DriveTimes } from '../../features/admin-numbers/components/drive-times.tsx';
import { PaymentsExport } from '../../features/admin-numbers/components/payments-export.tsx';
import { RefundTiersForm } from '../../features/admin-numbers/components/refund-tiers-form.tsx';
import {
  getDriveTimes,
  getNumbers,
  getRefundPolicy,
} from '../../features/admin-numbers/api/numbers.ts';
import { BillRulesSection } from '../../features/admin-bills/components/bill-rules-form.tsx';

/**
 * /admin/numbers: this week and this month at a glance; the payments for the accountant; the
 * drive times; the refund tiers; the bills' rules.
 */
export default function NumbersScreen() {
  const { data: numbers, failure } = useLoad(getNumbers);
  const drives = useLoad(getDriveTimes);
  const refunds = useLoad(getRefundPolicy);
  return (
    <>
      <ConsoleHeading title="Numbers">
        This week (Monday to Sunday) and this month in New York time. A ride is a paid booking not
        cancelled, counted on its day; deposits count when paid, balances and tips when the bill is
        paid, refunds when issued.
      </ConsoleHeading>
      {numbers ? (
        <div className="mt-6 grid gap-6 xl:grid-cols-2">
          <PeriodNumbers period={numbers.week} />
          <PeriodNumbers period={numbers.month} />
        </div>
      ) : failure ? (
        <p role="alert" className="mt-6 text-danger">
          {failure}
        </p>
      ) : (
        <p role="status" className="mt-6 text-ink-muted">
          Loading numbers...
        </p>
      )}
      <PaymentsExport now={new Date()} />
      {drives.data ? (
        <DriveTimes times={drives.data} now={new Date()} onSaved={() => void drives.reload()} />
      ) : drives.failure ? (
        <p role="alert" className="mt-6 text-danger">
          {drives.failure}
        </p>
      ) : null}
      {refunds.data ? (
        <RefundTiersForm policy={refunds.data.policy} onSaved={() => void refunds.reload()} />
      ) : refunds.failure ? (
        <p role="alert" className="mt-6 text-danger">
          {refunds.failure}
        </p>
      ) : null}
      <BillRulesSection />
    </>
  );
}
