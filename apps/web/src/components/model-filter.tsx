import { useId, useState } from 'react';
import { Link } from 'wouter';
import { SlidersHorizontal, X } from 'lucide-react';
import { CAR_MAKES, type CarMake } from '@app/shared';
import { BrandIcon } from './brand-icon.tsx';

interface ModelFilterProps {
  /** The model in the address (/services/{Model}), if any. */
  active: CarMake | undefined;
}

/**
 * The car model filter of the services page. Each choice is a link to /services/{Model}; the
 * active one links back to /services, so choosing it again clears the filter. Below the md
 * breakpoint the list hides behind a Filters toggle.
 */
export function ModelFilter({ active }: ModelFilterProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();

  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-11 w-full items-center justify-between gap-2 rounded-xl border border-line bg-surface px-4 text-sm font-semibold text-brand shadow-sm transition-colors hover:bg-brand-tint md:hidden"
      >
        <span className="inline-flex items-center gap-2">
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filters
        </span>
        {active ? (
          <span className="rounded-full bg-brand px-2.5 py-0.5 text-xs font-semibold text-white">
            {active}
          </span>
        ) : null}
      </button>

      <nav
        id={listId}
        aria-label="Filter by car model"
        className={`${open ? 'block' : 'hidden'} mt-3 md:mt-0 md:block`}
      >
        <p className="mb-3 hidden text-xs font-semibold uppercase tracking-wider text-ink-muted md:block">
          Car model
        </p>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-1">
          {CAR_MAKES.map((model) => {
            const selected = model === active;
            return (
              <li key={model}>
                <Link
                  href={selected ? '/services' : `/services/${model}`}
                  aria-current={selected ? 'page' : undefined}
                  className={`flex min-h-11 items-center gap-3 rounded-xl border px-3 py-2 text-sm font-medium transition-colors ${
                    selected
                      ? 'border-brand bg-brand text-white hover:bg-brand-soft'
                      : 'border-line bg-surface text-ink hover:border-brand/30 hover:bg-brand-tint'
                  }`}
                >
                  <span
                    className={`grid size-8 shrink-0 place-items-center rounded-lg ${
                      selected ? 'bg-white/10' : 'bg-brand-tint text-brand'
                    }`}
                  >
                    <BrandIcon model={model} className="size-4" />
                  </span>
                  <span className="flex-1">{model}</span>
                  {selected ? (
                    <>
                      <X aria-hidden="true" className="size-4 opacity-80" />
                      <span className="sr-only">(selected, choose again to show all models)</span>
                    </>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
