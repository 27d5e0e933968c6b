import { useId, useLayoutEffect, useRef, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { isValidBookingPhone, PHONE_DEFAULT_COUNTRY, PHONE_MAX_DIGITS } from '@app/shared';
import { hintClass, labelClass, RequiredMark } from '../../../components/ui/form-field.tsx';

interface Country {
  code: string;
  name: string;
  dial: string;
  /** `#` is a digit; the mask also sets how many digits the number takes. */
  mask: string;
  example: string;
}

/**
 * A short list: the US first, then countries customers around Boston call from whose national
 * numbers have the 10 digits the booking's phone rule asks for (docs/product.md, Phone format).
 */
export const PHONE_COUNTRIES: readonly Country[] = [
  { code: 'us', name: 'United States', dial: '1', mask: '(###) ###-####', example: '7815550142' },
  { code: 'ca', name: 'Canada', dial: '1', mask: '(###) ###-####', example: '4165550142' },
  { code: 'gb', name: 'United Kingdom', dial: '44', mask: '#### ######', example: '7700900123' },
  { code: 'it', name: 'Italy', dial: '39', mask: '### ### ####', example: '3123456789' },
  { code: 'mx', name: 'Mexico', dial: '52', mask: '## #### ####', example: '5512345678' },
  {
    code: 'do',
    name: 'Dominican Republic',
    dial: '1',
    mask: '(###) ###-####',
    example: '8095550142',
  },
  { code: 'in', name: 'India', dial: '91', mask: '#####-#####', example: '8123456789' },
];

function countryOf(code: string): Country {
  return (
    PHONE_COUNTRIES.find((country) => country.code === code) ?? (PHONE_COUNTRIES[0] as Country)
  );
}

/** The national digits laid out by the country's mask, as far as they go (extra digits after a space). */
export function formatNational(digits: string, mask: string): string {
  let out = '';
  let next = 0;
  for (const char of mask) {
    if (next >= digits.length) break;
    if (char === '#') out += digits[next++];
    else out += char;
  }
  return next < digits.length ? `${out} ${digits.slice(next)}` : out;
}

export interface PhoneValue {
  country: string;
  /** National digits only. */
  national: string;
  /** `+` dial code and digits, e.g. `+17815550142`: what the booking sends. */
  international: string;
  /** The shared booking rule on the international form: 10 national digits. */
  valid: boolean;
}

export function makePhoneValue(countryCode: string, national: string): PhoneValue {
  const country = countryOf(countryCode);
  // As many digits as the country's mask holds, and never past the input's 15-digit limit.
  const maskDigits = country.mask.split('#').length - 1;
  const digits = national
    .replace(/\D/g, '')
    .slice(0, Math.min(maskDigits, PHONE_MAX_DIGITS - country.dial.length));
  const international = `+${country.dial}${digits}`;
  return {
    country: country.code,
    national: digits,
    international,
    valid: isValidBookingPhone(international),
  };
}

/** A profile phone in the site's US format becomes the starting value; anything else starts empty. */
export function initialPhone(profilePhone: string | undefined): PhoneValue {
  const digits = (profilePhone ?? '').replace(/\D/g, '');
  return makePhoneValue(PHONE_DEFAULT_COUNTRY, digits.length === 10 ? digits : '');
}

interface PhoneInputProps {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  required?: boolean;
  /** The booking check's message while the number is not valid (shown under the field). */
  error?: string | undefined;
}

/** Country code selector and a number formatted by that country's mask while typing. */
export function PhoneInput({ value, onChange, required, error }: PhoneInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [touched, setTouched] = useState(false);
  // The caret stays after the same number of digits when the mask adds or removes characters.
  const caretDigits = useRef<number | null>(null);
  const country = countryOf(value.country);
  const formatted = formatNational(value.national, country.mask);

  useLayoutEffect(() => {
    const input = inputRef.current;
    const wanted = caretDigits.current;
    if (!input || wanted === null || document.activeElement !== input) return;
    caretDigits.current = null;
    let position = 0;
    let seen = 0;
    while (position < formatted.length && seen < wanted) {
      if (/\d/.test(formatted[position] ?? '')) seen++;
      position++;
    }
    input.setSelectionRange(position, position);
  }, [formatted]);

  const invalid = Boolean(error) || (touched && value.national.length > 0 && !value.valid);

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Phone
        {required ? <RequiredMark /> : null}
      </label>
      <div className="mt-1.5 flex rounded-xl border border-line bg-surface transition-colors focus-within:border-brand hover:border-brand/40 has-[[aria-invalid=true]]:border-danger">
        <div className="relative shrink-0">
          <select
            aria-label="Country calling code"
            value={country.code}
            onChange={(event) => onChange(makePhoneValue(event.target.value, value.national))}
            className="h-full min-h-11 w-[6.5rem] cursor-pointer appearance-none rounded-l-xl border-r border-line bg-canvas pr-7 pl-3 text-base text-ink"
          >
            {PHONE_COUNTRIES.map((option) => (
              <option key={option.code} value={option.code}>
                {`${option.code.toUpperCase()} +${option.dial}`}
              </option>
            ))}
          </select>
          <ChevronDown
            className="pointer-events-none absolute top-1/2 right-2 size-4 -translate-y-1/2 text-ink-muted"
            aria-hidden="true"
          />
        </div>
        <input
          ref={inputRef}
          id={id}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={formatted}
          placeholder={formatNational(country.example, country.mask)}
          aria-required={required ? true : undefined}
          aria-invalid={invalid}
          aria-describedby={hintId}
          onBlur={() => setTouched(true)}
          onChange={(event) => {
            const input = event.target;
            const beforeCaret = input.value.slice(0, input.selectionStart ?? input.value.length);
            caretDigits.current = beforeCaret.replace(/\D/g, '').length;
            // A pasted international number (+1 781...) carries the dial code: drop it.
            const pasted = input.value.trim();
            const digits = pasted.replace(/\D/g, '');
            const national =
              pasted.startsWith('+') && digits.startsWith(country.dial)
                ? digits.slice(country.dial.length)
                : digits;
            onChange(makePhoneValue(country.code, national));
          }}
          className="block min-h-11 w-full min-w-0 rounded-r-xl bg-transparent px-3.5 text-base text-ink tabular-nums placeholder:text-ink-muted/70 focus-visible:outline-offset-0"
        />
      </div>
      <p id={hintId} className={invalid ? 'mt-1.5 text-sm text-danger' : hintClass}>
        {error
          ? error
          : invalid
            ? `Please enter a valid phone number: 10 digits, e.g. ${formatNational(country.example, country.mask)}.`
            : `${country.name} (+${country.dial}). We text you about your ride.`}
      </p>
    </div>
  );
}
