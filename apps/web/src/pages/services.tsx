import { lazy } from 'react';
import { Link, Redirect, useParams, useSearch } from 'wouter';
import {
  CAR_MAKES,
  isCarMake,
  promotionPercentFor,
  readCarSearch,
  type CarMake,
} from '@app/shared';
import { SearchResults } from '../features/search/components/search-results.tsx';
import { WhenForm } from '../features/search/components/when-form.tsx';
import { useHydrated } from '../lib/rendered-at.ts';
import { useCatalogue } from '../state/catalogue.tsx';
import { BrandIcon } from '../components/brand-icon.tsx';
import { ModelFilter } from '../components/model-filter.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { CARD_DRAWN_NEAR_SCREEN, ServiceCard } from '../components/service-card.tsx';
import { buttonSecondary, container, eyebrow } from '../components/ui/styles.ts';

const NotFoundPage = lazy(() => import('./not-found.tsx'));

/** `Tesla, Honda, Toyota, Kia and Chevrolet` */
const MODEL_NAMES = `${CAR_MAKES.slice(0, -1).join(', ')} and ${CAR_MAKES.at(-1) ?? ''}`;

/** /services and /services/{type}: the catalogue, optionally narrowed to one car model. */
export default function ServicesPage() {
  const { type } = useParams<{ type?: string }>();

  if (type === undefined) return <ServicesView model={undefined} />;
  if (isCarMake(type)) return <ServicesView model={type} />;
  // A wrong case (/services/tesla) goes to the model's own address; anything else is a 404.
  const model = CAR_MAKES.find((name) => name.toLowerCase() === type.toLowerCase());
  if (model) return <Redirect to={`/services/${model}`} replace />;
  return <NotFoundPage />;
}

function ServicesView({ model }: { model: CarMake | undefined }) {
  const { services, servicesLoading } = useCatalogue();
  // A search by time lives in the URL; the page's HTML is the catalogue's, so it shows once live.
  const query = useSearch();
  const hydrated = useHydrated();
  const search = hydrated && model === undefined ? readCarSearch(query) : null;
  const shown = model ? services.filter((service) => service.type === model) : services;

  return (
    <div className="pb-16 sm:pb-20">
      <PageMeta
        title={model ? `${model} cars` : 'Our cars'}
        description={`${model ?? MODEL_NAMES} cars for private rides and rentals around Norfolk County, Boston and Providence. Choose a car to see its rates and book a pickup time.`}
      />
      <div className="border-b border-line bg-surface">
        <div className={`${container} py-10 sm:py-12`}>
          <p className={eyebrow}>Rides and rentals</p>
          <h1 className="mt-2 flex items-center gap-3 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            {model ? (
              <>
                <span className="grid size-11 place-items-center rounded-xl bg-brand text-white">
                  <BrandIcon model={model} className="size-6" />
                </span>
                {model} cars
              </>
            ) : (
              'Our cars'
            )}
          </h1>
          <p className="mt-3 max-w-2xl text-ink-muted">
            Private rides and rentals around Norfolk County, Boston and Providence. Choose a car to
            see its rates and book a pickup time.
          </p>
          {model && promotionPercentFor(model) > 0 && (
            <p className="mt-4 max-w-2xl rounded-xl border border-accent/40 bg-accent-tint px-4 py-3 text-sm text-ink">
              <strong className="font-semibold text-accent-strong">
                {promotionPercentFor(model)}% off every {model}, for a limited time.
              </strong>{' '}
              The discount applies to the ride&apos;s price; the deposit stays the same. Open a car
              to see its discounted rates.
            </p>
          )}
        </div>
      </div>

      {model === undefined && (
        <div className={`${container} mt-8`}>
          <WhenForm key={`${hydrated} ${query}`} initial={search} />
          {search && <SearchResults search={search} services={services} />}
        </div>
      )}
      <div
        className={`${container} mt-8 grid gap-6 md:grid-cols-[13rem_1fr] md:gap-8 lg:grid-cols-[15rem_1fr]`}
      >
        <aside className="md:sticky md:top-24 md:self-start">
          <ModelFilter active={model} />
        </aside>

        <section aria-labelledby="results-title" className="min-w-0">
          <h2 id="results-title" className="sr-only">
            {model ? `${model} cars` : 'All cars'}
          </h2>
          {servicesLoading ? (
            <PageLoading inPage />
          ) : (
            <>
              <p role="status" className="mb-4 text-sm text-ink-muted">
                {shown.length === 1 ? '1 car' : `${shown.length} cars`}
                {model ? ` · ${model}` : ''}
              </p>
              {shown.length === 0 ? (
                <div className="rounded-card bg-surface p-8 text-center ring-1 ring-line">
                  <p className="text-ink-muted">
                    {model
                      ? `No ${model} cars are listed right now.`
                      : 'No cars are listed right now.'}
                  </p>
                  {model ? (
                    <Link href="/services" className={`${buttonSecondary} mt-4`}>
                      Show all cars
                    </Link>
                  ) : null}
                </div>
              ) : (
                <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6 xl:grid-cols-3">
                  {shown.map((service, index) => (
                    <li key={service._id} className={CARD_DRAWN_NEAR_SCREEN}>
                      <ServiceCard service={service} eager={index < 3} headingLevel="h3" />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
