import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MapPin } from 'lucide-react';
import { ADDRESS_MAX_LENGTH } from '@app/shared';
import { inputClass, labelClass, RequiredMark } from '../../../components/ui/form-field.tsx';
import {
  fetchPlaceDetails,
  fetchPredictions,
  newSessionToken,
  PREDICTION_DEBOUNCE_MS,
  type LocationData,
  type PlacePrediction,
  type useGooglePlaces,
} from '../api/google-maps.ts';

type Places = ReturnType<typeof useGooglePlaces>['places'];

interface AddressInputProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The chosen suggestion's place details; null when the text is typed or edited by hand. */
  onLocation: (location: LocationData | null) => void;
  /** The loaded places library; null gives a plain input. */
  places: Places;
  required?: boolean;
  placeholder?: string;
}

/** An address field: plain input, or an accessible combobox of place suggestions with Maps. */
export function AddressInput({
  label,
  name,
  value,
  onChange,
  onLocation,
  places,
  required,
  placeholder = 'Street address, city',
}: AddressInputProps) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [predictions, setPredictions] = useState<PlacePrediction[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState('');
  const sessionToken = useRef<unknown>(undefined);

  // Debounced: only the text that rests for 300 ms is looked up.
  useEffect(() => {
    if (!places || query.trim().length < 3) return;
    let live = true;
    const timer = window.setTimeout(() => {
      sessionToken.current ??= newSessionToken(places);
      void fetchPredictions(places, query, sessionToken.current).then((results) => {
        if (!live) return;
        setPredictions(results);
        setActive(-1);
      });
    }, PREDICTION_DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [places, query]);

  const input = (
    <input
      id={id}
      name={name}
      type="text"
      value={value}
      maxLength={ADDRESS_MAX_LENGTH}
      // A section per field: autofill must not copy one address into all four.
      autoComplete={places ? 'off' : `section-${name} street-address`}
      placeholder={placeholder}
      aria-required={required ? true : undefined}
      className={`${inputClass} pl-10`}
      {...(places
        ? {
            role: 'combobox',
            'aria-autocomplete': 'list' as const,
            'aria-expanded': open && predictions.length > 0,
            'aria-controls': listboxId,
            'aria-activedescendant': active >= 0 ? `${listboxId}-${active}` : undefined,
            onKeyDown,
            onBlur: () => setOpen(false),
          }
        : {})}
      onChange={(event) => {
        onChange(event.target.value);
        onLocation(null);
        if (places) {
          setQuery(event.target.value);
          setOpen(true);
          // Too short to look up: no stale suggestions for text that is no longer there.
          if (event.target.value.trim().length < 3) setPredictions([]);
        }
      }}
    />
  );

  function choose(prediction: PlacePrediction) {
    onChange(prediction.description);
    setOpen(false);
    setPredictions([]);
    setActive(-1);
    if (!places) return;
    const token = sessionToken.current;
    sessionToken.current = undefined;
    void fetchPlaceDetails(places, prediction.placeId, token).then(onLocation);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = predictions.length;
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (current + 1) % count);
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (current <= 0 ? count - 1 : current - 1));
    } else if (event.key === 'Enter' && open && active >= 0) {
      // Choosing a suggestion must not submit the booking form.
      event.preventDefault();
      const chosen = predictions[active];
      if (chosen) choose(chosen);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const showList = places !== null && open && predictions.length > 0;

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <div className="relative mt-1.5">
        <MapPin
          className="pointer-events-none absolute top-1/2 left-3.5 size-4.5 -translate-y-1/2 text-ink-muted"
          aria-hidden="true"
        />
        {input}
        {places && (
          <ul
            id={listboxId}
            role="listbox"
            aria-label={`${label} suggestions`}
            hidden={!showList}
            className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-xl border border-line bg-surface py-1 shadow-card"
          >
            {predictions.map((prediction, index) => (
              <li
                key={prediction.placeId}
                id={`${listboxId}-${index}`}
                role="option"
                aria-selected={index === active}
                // Keeps focus in the input so the blur does not close the list first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(prediction)}
                className="flex min-h-11 cursor-pointer items-center gap-2 px-3.5 py-2 text-sm text-ink aria-selected:bg-brand-tint hover:bg-brand-tint"
              >
                <MapPin className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
                {prediction.description}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
