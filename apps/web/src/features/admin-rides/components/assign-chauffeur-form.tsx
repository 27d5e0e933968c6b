import { useState, type FormEvent } from 'react';
import type { AssignChauffeurRequest, Ride } from '@app/shared';
import { SelectField } from '../../../components/ui/form-field.tsx';
import { buttonSecondary } from '../../../components/ui/styles.ts';
import { listDrivers } from '../../../lib/api/drivers.ts';
import { useLoad } from '../../../lib/use-load.ts';

/**
 * Who drives a paid ride: the chauffeurs and owners to choose from, or nobody. The server
 * refuses someone who drives another ride then (with the turnaround), in its own words.
 */
export function AssignChauffeurForm({
  ride,
  busy,
  onAssign,
}: {
  ride: Ride;
  busy: boolean;
  onAssign: (request: AssignChauffeurRequest) => void;
}) {
  const drivers = useLoad(() => listDrivers(), []);
  const current = ride.chauffeur?.id ?? '';
  const [choice, setChoice] = useState(current);
  const choices = drivers.data?.drivers ?? [];
  // Someone who drives it but is no longer staff still shows, so the choice reads true.
  const shown =
    ride.chauffeur && !choices.some((driver) => driver.id === ride.chauffeur?.id)
      ? [
          { id: ride.chauffeur.id, name: ride.chauffeur.name, role: 'chauffeur' as const },
          ...choices,
        ]
      : choices;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onAssign({ chauffeurId: choice === '' ? null : choice });
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Who drives this ride"
      className="mt-6 flex flex-wrap items-end gap-3"
    >
      <div className="min-w-56 flex-1 sm:flex-none">
        <SelectField
          label="Chauffeur"
          value={choice}
          disabled={drivers.loading}
          onChange={(event) => setChoice(event.target.value)}
          options={[
            { value: '', label: 'Nobody yet' },
            ...shown.map((driver) => ({
              value: driver.id,
              label: driver.role === 'owner' ? `${driver.name} (owner)` : driver.name,
            })),
          ]}
        />
      </div>
      <button type="submit" disabled={busy || choice === current} className={buttonSecondary}>
        Save chauffeur
      </button>
      {drivers.failure ? (
        <p role="alert" className="w-full text-danger">
          {drivers.failure}
        </p>
      ) : null}
    </form>
  );
}
