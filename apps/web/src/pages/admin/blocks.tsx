import { useLoad } from '../../lib/use-load.ts';
import { useCatalogue } from '../../state/catalogue.tsx';
import { ConsoleHeading } from '../../features/admin-shell/components/console-heading.tsx';
import { BlockForm } from '../../features/admin-blocks/components/block-form.tsx';
import { BlockList } from '../../features/admin-blocks/components/block-list.tsx';
import { listBlocks } from '../../features/admin-blocks/api/blocks.ts';
import { screenPath } from '../../features/admin-rides/utils/ride-view.ts';

/** /admin/blocks: block a car for a stretch of time (servicing, private use), or remove a block. */
export default function BlocksScreen() {
  const { services } = useCatalogue();
  const { data: lists, loading, failure, reload } = useLoad(listBlocks);
  return (
    <>
      <ConsoleHeading title="Blocks">
        Times a car cannot be booked: servicing, holidays, private use. A time with a paid ride or a
        ride awaiting payment cannot be blocked until that ride is moved or cancelled.
      </ConsoleHeading>
      <div className="mt-6">
        <BlockForm
          services={services}
          onCreated={reload}
          rideHref={(ride) => screenPath({ ride })}
        />
      </div>
      {loading && !lists ? (
        <p role="status" className="mt-8 text-ink-muted">
          Loading blocks...
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="mt-8 text-danger">
          {failure}
        </p>
      ) : null}
      {lists ? (
        <>
          <BlockList
            title="Upcoming blocks"
            blocks={lists.upcoming}
            empty="No car is blocked from now on."
            onDeleted={reload}
          />
          {lists.past.length > 0 ? (
            <BlockList title="Past blocks" blocks={lists.past} empty="" onDeleted={reload} />
          ) : null}
        </>
      ) : null}
    </>
  );
}
