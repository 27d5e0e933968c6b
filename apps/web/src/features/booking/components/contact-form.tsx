import type { ReactNode } from 'react';
import { AddressInput } from './address-input.tsx';
import type { ContactDetails, ContactUpdate } from '../utils/contact-details.ts';
import { useGooglePlaces, type LocationData } from '../api/google-maps.ts';
import { NotesField } from './notes-field.tsx';
import { PhoneInput } from './phone-input.tsx';

/** The pickup and drop-off pair, shared by the contact form and the return form. */
export function AddressPair({
  children,
}: {
  children: (places: ReturnType<typeof useGooglePlaces>['places']) => ReactNode;
}) {
  const { status, places } = useGooglePlaces();
  if (status === 'loading') {
    return (
      <p
        role="status"
        className="flex min-h-11 items-center rounded-xl border border-dashed border-line bg-canvas px-4 text-sm text-ink-muted"
      >
        Loading Google Maps...
      </p>
    );
  }
  return <div className="grid gap-5 sm:grid-cols-2">{children(places)}</div>;
}

/** Stores a field's chosen place; the update reads the latest state (details arrive later). */
export function locationSetter(onChange: ContactUpdate) {
  return (key: keyof ContactDetails['locations']) => (location: LocationData | null) =>
    onChange((current) => ({ locations: { ...current.locations, [key]: location } }));
}

interface ContactFormProps {
  value: ContactDetails;
  onChange: ContactUpdate;
  /** The booking check's message for the phone, shown under it. */
  phoneError?: string | undefined;
}

/** Signed in only: the phone, where to pick up and drop off, and notes for the driver. */
export function ContactForm({ value, onChange, phoneError }: ContactFormProps) {
  const setLocation = locationSetter(onChange);
  return (
    <fieldset className="min-w-0 space-y-5">
      <legend className="text-base font-semibold text-brand">Your trip details</legend>
      <p className="-mt-3 text-sm text-ink-muted">
        Fields marked <span className="text-danger">*</span> are required.
      </p>
      <div className="sm:max-w-sm">
        <PhoneInput
          required
          value={value.phone}
          onChange={(phone) => onChange({ phone })}
          error={phoneError}
        />
      </div>
      <AddressPair>
        {(places) => (
          <>
            <AddressInput
              label="Pickup address"
              name="pickupAddress"
              required
              places={places}
              value={value.pickupAddress}
              onChange={(pickupAddress) => onChange({ pickupAddress })}
              onLocation={setLocation('pickup')}
            />
            <AddressInput
              label="Drop-off address"
              name="dropoffAddress"
              required
              places={places}
              value={value.dropoffAddress}
              onChange={(dropoffAddress) => onChange({ dropoffAddress })}
              onLocation={setLocation('dropoff')}
            />
          </>
        )}
      </AddressPair>
      <NotesField
        label="Notes for your driver"
        name="pickupNotes"
        value={value.pickupNotes}
        onChange={(pickupNotes) => onChange({ pickupNotes })}
        placeholder="Flight number, luggage, child seat, gate code..."
      />
    </fieldset>
  );
}
