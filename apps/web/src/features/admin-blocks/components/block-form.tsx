import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { BlockCreateSchema, type BlockCreateRequest, type Service } from '@app/shared';
import { inputClass, labelClass, RequiredMark } from '../../../components/ui/form-field.tsx';
import { buttonPrimary } from '../../../components/ui/styles.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { createBlock } from '../api/blocks.ts';

type Field = keyof BlockCreateRequest;
type Draft = Required<BlockCreateRequest>;

const EMPTY: Draft = {
  serviceId: '',
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  note: '',
};
const ORDER: Field[] = ['serviceId', 'startDate', 'startTime', 'endDate', 'endTime', 'note'];

/**
 * Blocks a car from a New York date and time to another, with a note. Checked here with the
 * server's own schema (each field's message beside it); what only the server knows (a ride in
 * the way) shows above the button.
 */
export function BlockForm({
  services,
  onCreated,
}: {
  services: readonly Service[];
  onCreated: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string>();
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
    const parsed = BlockCreateSchema.safeParse(draft);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      const first = ORDER.find((field) => found[field]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      const { message } = await createBlock(draft);
      notify('success', message);
      setDraft({ ...EMPTY, serviceId: draft.serviceId });
      onCreated();
    } catch (error) {
      setRefusal(failureMessage(error, 'load'));
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
        <p role="alert" className="mt-4 text-danger">
          {refusal}
        </p>
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
  className,
  children,
}: {
  label: string;
  name: Field;
  error: string | undefined;
  optional?: boolean;
  className?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
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
        'aria-describedby': error ? errorId : undefined,
        'aria-required': optional ? undefined : true,
      })}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
