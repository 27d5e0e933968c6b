import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  CAR_MODELS,
  CAR_RATE_FIELDS,
  CarInputSchema,
  MESSAGE_PHOTO_NOT_AN_IMAGE,
  MESSAGE_PHOTO_TOO_LARGE,
  PHOTO_ACCEPT,
  PHOTO_MAX_BYTES,
  SERVICE_TYPES,
  type CarInput,
  type FleetCar,
} from '@app/shared';
import {
  hintClass,
  inputClass,
  labelClass,
  RequiredMark,
} from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles.ts';
import { CarPhoto } from './car-photo.tsx';

/** What the form holds: text as typed (rates too, checked on saving). */
type Draft = Omit<
  CarInput,
  'type' | 'availableServiceTypes' | (typeof CAR_RATE_FIELDS)[number][0] | CapacityField
> & {
  type: string;
  availableServiceTypes: string[];
} & Record<(typeof CAR_RATE_FIELDS)[number][0] | CapacityField, string>;

/** What the car carries, shown on its cards and page. */
const CAPACITY_FIELDS = [
  ['seats', 'Seats'],
  ['bags', 'Large bags'],
] as const;
type CapacityField = (typeof CAPACITY_FIELDS)[number][0];

type Errors = Partial<Record<keyof Draft | 'photo', string>>;

const EMPTY: Draft = {
  name: '',
  serviceLevel: '',
  type: '',
  about: '',
  address: '',
  available: true,
  availableServiceTypes: [],
  seats: '4',
  bags: '2',
  ...(Object.fromEntries(CAR_RATE_FIELDS.map(([field]) => [field, ''])) as Record<
    (typeof CAR_RATE_FIELDS)[number][0],
    string
  >),
};

function draftOf(car: FleetCar | undefined): Draft {
  if (!car) return EMPTY;
  const rates = Object.fromEntries(CAR_RATE_FIELDS.map(([field]) => [field, String(car[field])]));
  return {
    name: car.name,
    serviceLevel: car.serviceLevel,
    type: car.type,
    about: car.about,
    address: car.address,
    available: car.available,
    availableServiceTypes: car.availableServiceTypes,
    seats: String(car.seats),
    bags: String(car.bags),
    ...(rates as Record<(typeof CAR_RATE_FIELDS)[number][0], string>),
  };
}

/** The form as the API takes it; an empty or non-numeric rate is left for the schema to name. */
function inputOf(draft: Draft): unknown {
  const rates = Object.fromEntries(
    CAR_RATE_FIELDS.map(([field]) => {
      const text = draft[field].trim().replace(/^\$/, '');
      return [field, text === '' || Number.isNaN(Number(text)) ? text : Number(text)];
    }),
  );
  const capacity = Object.fromEntries(
    CAPACITY_FIELDS.map(([field]) => {
      const text = draft[field].trim();
      return [field, text === '' || Number.isNaN(Number(text)) ? text : Number(text)];
    }),
  );
  return { ...draft, ...rates, ...capacity };
}

/** The photo's own checks before sending (the server checks its bytes again). */
function photoProblem(file: File | undefined): string | undefined {
  if (!file) return undefined;
  if (!PHOTO_ACCEPT.split(',').includes(file.type)) return MESSAGE_PHOTO_NOT_AN_IMAGE;
  if (file.size > PHOTO_MAX_BYTES) return MESSAGE_PHOTO_TOO_LARGE;
  return undefined;
}

interface CarFormProps {
  /** The car to change; none to add one. */
  car?: FleetCar | undefined;
  busy: boolean;
  onSave: (input: CarInput, photo: File | undefined) => void;
  onCancel: () => void;
}

/**
 * Every field of a car, and its photo. Checked with the API's own schema on saving: each
 * problem shows under its field (`aria-invalid`, tied by `aria-describedby`), and the first
 * field with one takes the focus.
 */
export function CarForm({ car, busy, onSave, onCancel }: CarFormProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(car));
  const [photo, setPhoto] = useState<File | undefined>();
  const [errors, setErrors] = useState<Errors>({});
  const formId = useId();
  const idOf = (field: string) => `${formId}-${field}`;

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = CarInputSchema.safeParse(inputOf(draft));
    const found: Errors = {};
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? 'name') as keyof Errors;
        found[field] ??= issue.message;
      }
    }
    const photoError = photoProblem(photo);
    if (photoError) found.photo = photoError;
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first || !checked.success) {
      document.getElementById(idOf(first ?? 'name'))?.focus();
      return;
    }
    onSave(checked.data, photo);
  }

  const field = (name: keyof Errors) => ({
    id: idOf(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${idOf(name)}-error` : undefined,
  });

  /** A fieldset of figures typed as text (rates in dollars, seats and bags), four a row. */
  const numberFieldset = (
    legend: string,
    fields: readonly (readonly [(typeof CAR_RATE_FIELDS)[number][0] | CapacityField, string])[],
    inputMode: 'decimal' | 'numeric',
  ) => (
    <fieldset className={`${card} p-5 sm:p-6`}>
      <legend className={`${labelClass} float-left mb-3 w-full`}>{legend}</legend>
      <div className="clear-left grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {fields.map(([name, label]) => (
          <Field
            key={name}
            label={label}
            htmlFor={idOf(name)}
            error={errors[name]}
            errorId={`${idOf(name)}-error`}
          >
            <input
              {...field(name)}
              aria-required
              inputMode={inputMode}
              autoComplete="off"
              value={draft[name]}
              onChange={(event) => set(name, event.target.value)}
              className={`mt-1.5 ${inputClass}`}
            />
          </Field>
        ))}
      </div>
    </fieldset>
  );

  const text = (name: 'name' | 'serviceLevel' | 'address', label: string, maxLength: number) => (
    <Field label={label} htmlFor={idOf(name)} error={errors[name]} errorId={`${idOf(name)}-error`}>
      <input
        {...field(name)}
        aria-required
        maxLength={maxLength}
        value={draft[name]}
        onChange={(event) => set(name, event.target.value)}
        className={`mt-1.5 ${inputClass}`}
      />
    </Field>
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={car ? `Change ${car.name}` : 'Add a car'}
      className="mt-6 space-y-6"
    >
      <fieldset className={`${card} grid gap-5 p-5 sm:grid-cols-2 sm:p-6`}>
        <legend className="sr-only">Details</legend>
        {text('name', 'Name', 80)}
        {text('serviceLevel', 'Service level', 40)}
        <Field
          label="Make"
          htmlFor={idOf('type')}
          error={errors.type}
          errorId={`${idOf('type')}-error`}
        >
          <select
            {...field('type')}
            aria-required
            value={draft.type}
            onChange={(event) => set('type', event.target.value)}
            className={`mt-1.5 ${inputClass}`}
          >
            <option value="">Choose a make</option>
            {CAR_MODELS.map((model) => (
              <option key={model}>{model}</option>
            ))}
          </select>
        </Field>
        {text('address', 'Address', 200)}
        <Field
          label="About"
          htmlFor={idOf('about')}
          error={errors.about}
          errorId={`${idOf('about')}-error`}
          className="sm:col-span-2"
        >
          <textarea
            {...field('about')}
            aria-required
            rows={4}
            maxLength={2000}
            value={draft.about}
            onChange={(event) => set('about', event.target.value)}
            className={`mt-1.5 py-2.5 ${inputClass}`}
          />
        </Field>
        <label className="flex min-h-11 items-center gap-3 text-sm font-semibold text-ink sm:col-span-2">
          <input
            type="checkbox"
            checked={draft.available}
            onChange={(event) => set('available', event.target.checked)}
            className="size-5 accent-brand"
          />
          Available for booking
        </label>
      </fieldset>

      <fieldset
        className={`${card} p-5 sm:p-6`}
        aria-describedby={
          errors.availableServiceTypes ? `${idOf('availableServiceTypes')}-error` : undefined
        }
      >
        <legend className={`${labelClass} float-left mb-3 w-full`}>
          Service types
          <RequiredMark />
        </legend>
        <div className="clear-left grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICE_TYPES.map((type, i) => (
            <label key={type} className="flex min-h-11 items-center gap-3 text-sm text-ink">
              <input
                type="checkbox"
                id={i === 0 ? idOf('availableServiceTypes') : undefined}
                aria-invalid={errors.availableServiceTypes ? true : undefined}
                checked={draft.availableServiceTypes.includes(type)}
                onChange={(event) =>
                  set(
                    'availableServiceTypes',
                    event.target.checked
                      ? SERVICE_TYPES.filter(
                          (t) => t === type || draft.availableServiceTypes.includes(t),
                        )
                      : draft.availableServiceTypes.filter((t) => t !== type),
                  )
                }
                className="size-5 accent-brand"
              />
              {type}
            </label>
          ))}
        </div>
        <ErrorText
          id={`${idOf('availableServiceTypes')}-error`}
          error={errors.availableServiceTypes}
        />
      </fieldset>

      {numberFieldset('Rates, in dollars', CAR_RATE_FIELDS, 'decimal')}
      {numberFieldset('Seats and bags', CAPACITY_FIELDS, 'numeric')}

      <fieldset
        className={`${card} grid gap-5 p-5 sm:p-6 ${car ? 'sm:grid-cols-[12rem_1fr]' : ''}`}
      >
        <legend className="sr-only">Photo</legend>
        {car ? <CarPhoto car={car} className="w-full sm:w-48" /> : null}
        <Field
          label={car?.photo ? 'Replace the photo' : 'Photo'}
          htmlFor={idOf('photo')}
          error={errors.photo}
          errorId={`${idOf('photo')}-error`}
          hint="JPEG, PNG or WebP, up to 10 MB. Its location and camera details are removed."
          optional
        >
          <input
            {...field('photo')}
            type="file"
            accept={PHOTO_ACCEPT}
            onChange={(event) => {
              setPhoto(event.target.files?.[0]);
              setErrors((current) => ({ ...current, photo: undefined }));
            }}
            className="mt-1.5 block w-full text-sm text-ink file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-brand-tint file:px-4 file:font-semibold file:text-brand"
          />
        </Field>
      </fieldset>

      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" disabled={busy} aria-busy={busy} className={buttonPrimary}>
          {busy ? 'Saving...' : car ? 'Save changes' : 'Add the car'}
        </button>
        <button type="button" onClick={onCancel} className={buttonSecondary}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-danger">
      {error}
    </p>
  );
}

function Field(props: {
  label: string;
  htmlFor: string;
  error: string | undefined;
  errorId: string;
  hint?: string;
  /** Not required: no asterisk. */
  optional?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { label, htmlFor, error, errorId, hint, optional, className, children } = props;
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className={labelClass}>
        {label}
        {optional ? null : <RequiredMark />}
      </label>
      {children}
      {hint ? <p className={hintClass}>{hint}</p> : null}
      <ErrorText id={errorId} error={error} />
    </div>
  );
}
