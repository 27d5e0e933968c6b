import { useId, useState, type FormEvent } from 'react';
import { BillingDetailsSchema, type Receipt } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { TextField, inputClass, labelClass } from '../../../components/ui/form-field.tsx';
import { buttonSecondary } from '../../../components/ui/styles.ts';
import { setBillingDetails } from '../api/bill.ts';

/** "For an employer": the company and billing address the receipt names. */
export function BillingForm({
  appointmentId,
  customer,
  onSaved,
}: {
  appointmentId: string;
  customer: Receipt['customer'];
  onSaved: () => void;
}) {
  const [company, setCompany] = useState(customer.company ?? '');
  const [address, setAddress] = useState(customer.billingAddress ?? '');
  const [errors, setErrors] = useState<{ company?: string; address?: string }>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const addressId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = BillingDetailsSchema.safeParse({ company, address });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as 'company' | 'address';
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    setBillingDetails(appointmentId, parsed.data)
      .then(() => {
        notify('success', 'The receipt now names them.', { form: 'billing' });
        onSaved();
      })
      .catch((error: unknown) => setFailure(failureMessage(error, 'load')))
      .finally(() => setBusy(false));
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${addressId}-heading`}
      className="grid gap-4"
    >
      <h2 id={`${addressId}-heading`} className="text-lg font-bold text-brand">
        For an employer
      </h2>
      <p className="text-sm text-ink-muted">
        A company and billing address to print on the receipt; leave them empty for none.
      </p>
      <TextField
        label="Company"
        value={company}
        onChange={(event) => setCompany(event.target.value)}
        error={errors.company}
        autoComplete="organization"
      />
      <div>
        <label htmlFor={addressId} className={labelClass}>
          Billing address
        </label>
        <textarea
          id={addressId}
          rows={3}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={errors.address ? `${addressId}-error` : undefined}
          autoComplete="street-address"
          className={`mt-1.5 py-2 ${inputClass}${errors.address ? ' border-danger' : ''}`}
        />
        {errors.address ? (
          <p id={`${addressId}-error`} className="mt-1.5 text-sm text-danger">
            {errors.address}
          </p>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="text-danger">
          {failure}
        </p>
      ) : null}
      <div>
        <button type="submit" disabled={busy} className={buttonSecondary}>
          Save for the receipt
        </button>
      </div>
    </form>
  );
}
