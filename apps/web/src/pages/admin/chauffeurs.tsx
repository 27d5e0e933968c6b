import type { ChauffeursResponse } from '@app/shared';
import { useLoad } from '../../lib/use-load.ts';
import { ConsoleHeading } from '../../features/admin-shell/components/console-heading.tsx';
import { listChauffeurs } from '../../features/admin-chauffeurs/api/chauffeurs.ts';
import { AddChauffeurForm } from '../../features/admin-chauffeurs/components/add-chauffeur-form.tsx';
import { ChauffeurList } from '../../features/admin-chauffeurs/components/chauffeur-list.tsx';

/**
 * /admin/chauffeurs: the staff who drive the rides the owner gives them. The list (who is
 * ready, how to reach them, Remove) and beside it, or under it on a phone, the form that adds
 * one; each change answers the whole list, shown at once.
 */
export default function ChauffeursScreen() {
  const { data, failure, set, reload } = useLoad(listChauffeurs);
  // A change answers the whole list: shown as it is, or asked again if none was shown yet.
  const show = (answer: ChauffeursResponse) => (data ? set(() => answer) : void reload());
  return (
    <>
      <ConsoleHeading title="Chauffeurs">
        The people who drive the rides you give them. Each signs in with a password and an
        authenticator app, and sees only the rides they drive.
      </ConsoleHeading>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div>
          {failure ? (
            <p role="alert" className="text-danger">
              {failure}
            </p>
          ) : !data ? (
            <p role="status" className="text-ink-muted">
              Loading chauffeurs...
            </p>
          ) : (
            <ChauffeurList chauffeurs={data.chauffeurs} onRemoved={show} />
          )}
        </div>
        <AddChauffeurForm onAdded={show} />
      </div>
    </>
  );
}
