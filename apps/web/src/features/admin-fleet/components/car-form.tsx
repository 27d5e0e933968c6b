import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  CAR_MAKES,
  CAR_RATE_FIELDS,
  CarInputSchema,
  PHOTO_NOT_AN_IMAGE_MESSAGE,
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_ACCEPT,
  PHOTO_MAX_BYTES,
  SERVICE_TYPES,
  DEFAULT_TURNAROUND_MINUTES,
  depositDollars,
  formatDollars,
  MULTI_HOUR_MINIMUM_HOURS,
  PLATE_MAX_LENGTH,
  rateWarnings,
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
import { listDrivers } from '../../../lib/api/drivers.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { CarPhoto } from './car-photo.tsx';

/** What the form holds: text as typed (rates too, checked on saving). */
type Draft = Omit<
  CarInput,
  | 'type'
  | 'plate'
  | 'defaultChauffeurId'
  | 'availableServiceTypes'
  | 'turnaroundMinutes'
  | (typeof CAR_RATE_FIELDS)[number][0]
  | CapacityField
> & {
  type: string;
  availableServiceTypes: string[];
  plate: string;
  /** An account id, or '' for nobody. */
  defaultChauffeurId: string;
} & Record<(typeof CAR_RATE_FIELDS)[number][0] | CapacityField | TurnaroundField, string>;

/** What the car carries, shown on its cards and page. */
const CAPACITY_FIELDS = [
  ['seats', 'Seats'],
  ['bags', 'Large bags'],
] as const;
type CapacityField = (typeof CAPACITY_FIELDS)[number][0];

/** Minutes the car needs after a booking of each kind before the next (ADR 018). */
const TURNAROUND_FIELDS = [
  ['rideTurnaround', 'After a ride'],
  ['hourlyTurnaround', 'After an hourly booking'],
  ['rentalTurnaround', 'After a rental'],
] as const;
type TurnaroundField = (typeof TURNAROUND_FIELDS)[number][0];

type RateField = (typeof CAR_RATE_FIELDS)[number][0];

/**
 * The rates in the sections and words of the customer's car page (the deposit box, the Regular
 * Rate, Multi-Hour Rate and Rental Price cards). A check's message names the rate in full
 * (`CAR_RATE_FIELDS`: "Regular rate, price per hour must be…").
 */
const RATE_SECTIONS: readonly {
  legend: string;
  about: string;
  fields: readonly (readonly [RateField, string, string?])[];
}[] = [
  {
    legend: 'Regular rate',
    about: 'A ride with a chauffeur, priced by the hour.',
    fields: [
      ['specialServicePricePerHour', 'Price per hour'],
      [
        'specialServicePriceBetweenOneHourFifteen',
        '1 hour to 1 hour 15 minutes',
        'Shown to customers only when above $0.',
      ],
      ['specialServicePriceExtra', 'After 1 hour 15 minutes', 'Each extra hour.'],
      ['specialServicePriceFlatRate', 'Night, weekend and holiday flat rate'],
    ],
  },
  {
    legend: 'Multi-hour rate',
    about: `For trips of ${MULTI_HOUR_MINIMUM_HOURS} hours or more.`,
    fields: [['serviceChargePerHour', 'Price per hour']],
  },
  {
    legend: 'Rental price',
    about: 'The customer drives it, for a day or the whole week.',
    fields: [
      ['rentalDailyPrice', 'Per day'],
      ['rentalWeeklyPrice', 'Per week'],
    ],
  },
];

type Errors = Partial<Record<keyof Draft | 'photo', string>>;

const EMPTY: Draft = {
  name: '',
  serviceLevel: '',
  type: '',
  about: '',
  address: '',
  available: true,
  availableServiceTypes: [],
  plate: '',
  defaultChauffeurId: '',
  seats: '4',
  bags: '2',
  rideTurnaround: String(DEFAULT_TURNAROUND_MINUTES.ride),
  hourlyTurnaround: String(DEFAULT_TURNAROUND_MINUTES.hourly),
  rentalTurnaround: String(DEFAULT_TURNAROUND_MINUTES.rental),
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
    plate: car.plate,
    defaultChauffeurId: car.defaultChauffeurId ?? '',
    seats: String(car.seats),
    bags: String(car.bags),
    rideTurnaround: String(car.turnaroundMinutes.ride),
    hourlyTurnaround: String(car.turnaroundMinutes.hourly),
    rentalTurnaround: String(car.turnaroundMinutes.rental),
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
  const whole = (text: string) =>
    text.trim() === '' || Number.isNaN(Number(text)) ? text.trim() : Number(text);
  const capacity = Object.fromEntries(
    CAPACITY_FIELDS.map(([field]) => [field, whole(draft[field])]),
  );
  const { rideTurnaround, hourlyTurnaround, rentalTurnaround, defaultChauffeurId, ...rest } = draft;
  return {
    ...rest,
    defaultChauffeurId: defaultChauffeurId === '' ? null : defaultChauffeurId,
    ...rates,
    ...capacity,
    turnaroundMinutes: {
      ride: whole(rideTurnaround),
      hourly: whole(hourlyTurnaround),
      rental: whole(rentalTurnaround),
    },
  };
}

/** The photo's own checks before sending (the server checks its bytes again). */
function photoProblem(file: File | undefined): string | undefined {
  if (!file) return undefined;
  if (!PHOTO_ACCEPT.split(',').includes(file.type)) return PHOTO_NOT_AN_IMAGE_MESSAGE;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_TOO_LARGE_MESSAGE;
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
  const drivers = useLoad(() => listDrivers(), []);
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
        const [first, kind] = issue.path;
        const field = (
          first === 'turnaroundMinutes' ? `${String(kind)}Turnaround` : String(first ?? 'name')
        ) as keyof Errors;
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

  /** A figure typed as text (a rate in dollars, seats, bags, minutes). */
  const numberField = (
    name: RateField | CapacityField | TurnaroundField,
    label: string,
    inputMode: 'decimal' | 'numeric',
    hint?: string,
  ) => (
    <Field
      key={name}
      label={label}
      htmlFor={idOf(name)}
      error={errors[name]}
      errorId={`${idOf(name)}-error`}
      hint={hint}
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
  );

  const fees = Number(draft.fees.trim().replace(/^\$/, ''));
  const depositHint =
    draft.fees.trim() !== '' && Number.isFinite(fees) && fees >= 0
      ? `Customers pay ${formatDollars(depositDollars(fees))} to book: the fee plus $1, credited toward the ride.`
      : 'Customers pay the fee plus $1 to book, credited toward the ride.';

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
      <Section legend="The car">
        <div className="grid gap-5 sm:grid-cols-2">
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
              {CAR_MAKES.map((model) => (
                <option key={model}>{model}</option>
              ))}
            </select>
          </Field>
          <div className="grid grid-cols-2 gap-5">
            {CAPACITY_FIELDS.map(([name, label]) => numberField(name, label, 'numeric'))}
          </div>
        </div>
      </Section>

      <Section legend="On the car's page">
        <div className="grid gap-5">
          <Field
            label="About"
            htmlFor={idOf('about')}
            error={errors.about}
            errorId={`${idOf('about')}-error`}
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
          {text('address', 'Address', 200)}
        </div>
      </Section>

      <Section legend="Its chauffeur">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="Plate"
            htmlFor={idOf('plate')}
            error={errors.plate}
            errorId={`${idOf('plate')}-error`}
            hint="Told to the customer when the chauffeur is on the way."
            optional
          >
            <input
              {...field('plate')}
              maxLength={PLATE_MAX_LENGTH}
              autoComplete="off"
              value={draft.plate}
              onChange={(event) => set('plate', event.target.value)}
              className={`mt-1.5 uppercase ${inputClass}`}
            />
          </Field>
          <Field
            label="Default chauffeur"
            htmlFor={idOf('defaultChauffeurId')}
            error={errors.defaultChauffeurId ?? drivers.failure}
            errorId={`${idOf('defaultChauffeurId')}-error`}
            hint="Drives its paid rides when free then; you can choose another on any ride."
            optional
          >
            <select
              {...field('defaultChauffeurId')}
              disabled={drivers.loading}
              value={draft.defaultChauffeurId}
              onChange={(event) => set('defaultChauffeurId', event.target.value)}
              className={`mt-1.5 ${inputClass}`}
            >
              <option value="">Nobody</option>
              {(drivers.data?.drivers ?? []).map((driver) => (
                <option key={driver.id} value={driver.id}>
                  {driver.role === 'owner' ? `${driver.name} (owner)` : driver.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </Section>

      <Section legend="Availability">
        <label className="flex min-h-11 items-center gap-3 text-sm font-semibold text-ink">
          <input
            type="checkbox"
            checked={draft.available}
            onChange={(event) => set('available', event.target.checked)}
            className="size-5 accent-brand"
          />
          Available for booking
        </label>
        <p className={hintClass}>
          Off the road, customers cannot book it; its booked rides are kept.
        </p>
      </Section>

      <fieldset
        className={`${card} p-5 sm:p-6`}
        aria-describedby={
          errors.availableServiceTypes ? `${idOf('availableServiceTypes')}-error` : undefined
        }
      >
        <legend className="float-left w-full text-base font-semibold text-brand">
          Service types
          <RequiredMark />
        </legend>
        <div className="clear-left grid gap-1 pt-3 sm:grid-cols-2 lg:grid-cols-3">
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

      <Section legend="Deposit">
        <div className="grid gap-5 sm:grid-cols-2">
          {numberField('fees', 'Booking fee', 'decimal', depositHint)}
        </div>
      </Section>

      {RATE_SECTIONS.map((section) => (
        <Section key={section.legend} legend={section.legend} about={section.about}>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {section.fields.map(([name, label, hint]) => numberField(name, label, 'decimal', hint))}
          </div>
        </Section>
      ))}

      <RateWarnings draft={draft} />

      <Section
        legend="Time between bookings"
        about="Minutes the car needs after a booking before the next one starts."
      >
        <div className="grid gap-5 sm:grid-cols-3">
          {TURNAROUND_FIELDS.map(([name, label]) => numberField(name, label, 'numeric'))}
        </div>
      </Section>

      <Section legend="Photo">
        <div className={`grid gap-5 ${car ? 'sm:grid-cols-[12rem_1fr]' : ''}`}>
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
        </div>
      </Section>

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

/**
 * The rate rules (`rate-rules.ts`) the typed rates break, as the owner types them: advice, not
 * a refusal (an owner may price as they choose), shown once every rate is a number.
 */
function RateWarnings({ draft }: { draft: Draft }) {
  const rates = Object.fromEntries(
    CAR_RATE_FIELDS.map(([field]) => [field, Number(draft[field].trim().replace(/^\$/, ''))]),
  ) as Record<RateField, number>;
  const typed = CAR_RATE_FIELDS.every(
    ([field]) => draft[field].trim() !== '' && Number.isFinite(rates[field]),
  );
  const warnings = typed ? rateWarnings(rates) : [];
  return (
    <div aria-live="polite">
      {warnings.length > 0 ? (
        <div className="rounded-xl border border-accent-strong bg-accent-tint p-5 sm:p-6">
          <h3 className="text-base font-semibold text-brand">Check these rates</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** A short section of the form: a fieldset whose legend says what it holds. */
function Section({
  legend,
  about,
  children,
}: {
  legend: string;
  about?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={`${card} p-5 sm:p-6`}>
      <legend className="float-left w-full text-base font-semibold text-brand">{legend}</legend>
      {about ? <p className={`clear-left ${hintClass} mt-0 pt-1`}>{about}</p> : null}
      <div className="clear-left pt-4">{children}</div>
    </fieldset>
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
