import type { ReactNode } from 'react';
import { AddressInput } from './address-input.tsx';
import { AddressPair, locationSetter } from './contact-form.tsx';
import type { ContactDetails, ContactUpdate } from '../utils/contact-details.ts';
import { NotesField } from './notes-field.tsx';

interface ReturnRideProps {
  value: ContactDetails;
  onChange: ContactUpdate;
  /** When the return goes: drawn with its addresses once the customer says Yes. */
  children?: ReactNode;
}

const choices = [
  { answer: true, label: 'Yes' },
  { answer: false, label: 'No' },
] as const;

/** The return-ride question (starts unanswered); Yes reveals the optional return form. */
export function ReturnRide({ value, onChange, children }: ReturnRideProps) {
  const setLocation = locationSetter(onChange);
  return (
    <div className="min-w-0 space-y-5">
      <fieldset>
        <legend className="text-base font-semibold text-brand">Do you need a return ride?</legend>
        <div className="mt-3 flex gap-3">
          {choices.map(({ answer, label }) => (
            <label
              key={label}
              className="flex min-h-11 min-w-24 cursor-pointer items-center justify-center gap-2.5 rounded-xl border border-line bg-surface px-4 text-sm font-medium text-ink transition-colors hover:border-brand/40 has-[:checked]:border-brand has-[:checked]:bg-brand-tint has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand"
            >
              <input
                type="radio"
                name="needsReturnRide"
                value={label.toLowerCase()}
                checked={value.needsReturnRide === answer}
                onChange={() => onChange({ needsReturnRide: answer })}
                className="size-4.5 cursor-pointer accent-brand focus-visible:outline-none focus-visible:shadow-none"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {value.needsReturnRide === true && (
        <fieldset className="min-w-0 space-y-5 rounded-xl border border-line bg-canvas p-4 sm:p-5">
          <legend className="px-1 text-sm font-semibold text-brand">Return ride</legend>
          {children}
          <p className="text-sm text-ink-muted">
            The addresses are optional: left empty, the ride back goes from your drop-off to your
            pickup.
          </p>
          <AddressPair>
            {(places) => (
              <>
                <AddressInput
                  label="Return pickup address"
                  name="returnPickupAddress"
                  places={places}
                  value={value.returnPickupAddress}
                  onChange={(returnPickupAddress) => onChange({ returnPickupAddress })}
                  onLocation={setLocation('returnPickup')}
                />
                <AddressInput
                  label="Return drop-off address"
                  name="returnDropoffAddress"
                  places={places}
                  value={value.returnDropoffAddress}
                  onChange={(returnDropoffAddress) => onChange({ returnDropoffAddress })}
                  onLocation={setLocation('returnDropoff')}
                />
              </>
            )}
          </AddressPair>
          <NotesField
            label="Return notes"
            name="returnPickupNotes"
            value={value.returnPickupNotes}
            onChange={(returnPickupNotes) => onChange({ returnPickupNotes })}
            placeholder="Pickup time, terminal, anything we should know..."
          />
        </fieldset>
      )}
    </div>
  );
}
