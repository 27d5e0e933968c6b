import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  BLOCK_MESSAGES,
  BlockCreateSchema,
  type BlockCreateRequest,
  type Service,
} from '@app/shared';
import { inputClass, labelClass, RequiredMark } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles.ts';
import { Link } from 'wouter';
import { ApiError, failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { createBlock } from '../api/blocks.ts';

/** The form's fields: `serviceId` is a car's id or `all` (every car); `until` the repeat's end. */
interface Draft {
  serviceId: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  until: string;
  note: string;
}
type Field = keyof Draft;

const ALL_CARS = 'all';
const EMPTY: Draft = {
  serviceId: '',
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  until: '',
  note: '',
};
const ORDER: Field[] = [
  'serviceId',
  'startDate',
  'startTime',
  'endDate',
  'endTime',
  'until',
  'note',
];

/** What the server is sent: one car or every car, and a weekly repeat if an end is given. */
function toRequest({ serviceId, until, ...rest }: Draft): BlockCreateRequest {
  return {
    ...rest,
    ...(serviceId === ALL_CARS ? { allCars: true } : serviceId ? { serviceId } : {}),
    ...(until ? { repeat: { weekly: true, until } } : {}),
  };
}

/**
 * Blocks a car (or every car) from a New York date and time to another, with a note, once or
 * every week until a date. Checked here with the
 * server's own schema (each field's message beside it); what only the server knows (a ride in
 * the way) shows above the button, with a link to that ride to move or cancel it.
 */
export function BlockForm({
  services,
  onCreated,
  rideHref,
}: {
  services: readonly Service[];
  onCreated: () => void;
  rideHref: (rideId: string) => string;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<{ message: string; rideId?: string | undefined }>();
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const cars = [...services].sort((a, b) => a.name.localeCompare(b.name));

  const set = (field: Field) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(undefined);
    const request = toRequest(draft);
    const parsed = BlockCreateSchema.safeParse(request);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = (issue.path[0] === 'repeat' ? 'until' : issue.path[0]) as Field | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
      // The schema's car check runs once the fields parse: say it beside the car at once.
      if (!draft.serviceId) found.serviceId ??= BLOCK_MESSAGES.car;
      setErrors(found);
      const first = ORDER.find((field) => found[field]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      const { message } = await createBlock(request);
      notify('success', message);
      setDraft({ ...EMPTY, serviceId: draft.serviceId });
      onCreated();
    } catch (error) {
      setRefusal({
        message: failureMessage(error, 'load'),
        rideId: error instanceof ApiError ? error.rideId : undefined,
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby="block-form-title"
      onSubmit={(event) => void onSubmit(event)}
      className="rounded-card bg-surface p-4 shadow-card sm:p-6"
    >
      <h2 id="block-form-title" className="text-xl font-semibold text-brand">
        Block a car
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Times are New York time. Customers cannot book a slot that starts from the start up to, not
        including, the end.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Control label="Car" name="serviceId" error={errors.serviceId} className="sm:col-span-2">
          {(props) => (
            <select
              {...props}
              value={draft.serviceId}
              onChange={(event) => set('serviceId')(event.target.value)}
            >
              <option value="">Choose a car</option>
              <option value={ALL_CARS}>Every car</option>
              {cars.map((car) => (
                <option key={car._id} value={car._id}>
                  {car.name}
                </option>
              ))}
            </select>
          )}
        </Control>
        <Control label="Start date" name="startDate" error={errors.startDate}>
          {(props) => (
            <input
              {...props}
              type="date"
              value={draft.startDate}
              onChange={(event) => set('startDate')(event.target.value)}
            />
          )}
        </Control>
        <Control label="Start time" name="startTime" error={errors.startTime}>
          {(props) => (
            <input
              {...props}
              type="time"
              step={60}
              value={draft.startTime}
              onChange={(event) => set('startTime')(event.target.value)}
            />
          )}
        </Control>
        <Control label="End date" name="endDate" error={errors.endDate}>
          {(props) => (
            <input
              {...props}
              type="date"
              value={draft.endDate}
              onChange={(event) => set('endDate')(event.target.value)}
            />
          )}
        </Control>
        <Control label="End time" name="endTime" error={errors.endTime}>
          {(props) => (
            <input
              {...props}
              type="time"
              step={60}
              value={draft.endTime}
              onChange={(event) => set('endTime')(event.target.value)}
            />
          )}
        </Control>
        <Control
          label="Repeat weekly until"
          name="until"
          error={errors.until}
          optional
          hint="Leave empty for a single block. Repeats on the start's weekday, at the same times."
          className="sm:col-span-2"
        >
          {(props) => (
            <input
              {...props}
              type="date"
              value={draft.until}
              onChange={(event) => set('until')(event.target.value)}
            />
          )}
        </Control>
        <Control label="Note" name="note" error={errors.note} optional className="sm:col-span-2">
          {(props) => (
            <textarea
              {...props}
              rows={2}
              placeholder="Servicing, private use…"
              value={draft.note}
              onChange={(event) => set('note')(event.target.value)}
            />
          )}
        </Control>
      </div>
      {refusal ? (
        <div className="mt-4">
          <p role="alert" className="text-danger">
            {refusal.message}
          </p>
          {refusal.rideId ? (
            <Link href={rideHref(refusal.rideId)} className={`mt-2 ${buttonSecondary}`}>
              Open that ride
            </Link>
          ) : null}
        </div>
      ) : null}
      <button type="submit" disabled={sending} className={`${buttonPrimary} mt-4`}>
        {sending ? 'Blocking…' : 'Block this time'}
      </button>
    </form>
  );
}

interface ControlProps {
  id: string;
  name: string;
  className: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

/** A labelled control with its error message tied to it (`aria-invalid`, `aria-describedby`). */
function Control({
  label,
  name,
  error,
  optional,
  hint,
  className,
  children,
}: {
  label: string;
  name: Field;
  error: string | undefined;
  optional?: boolean;
  hint?: string;
  className?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {optional ? null : <RequiredMark />}
      </label>
      {children({
        id,
        name,
        className: `mt-1.5 ${inputClass} ${error ? 'border-danger' : ''}`,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        'aria-required': optional ? undefined : true,
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
