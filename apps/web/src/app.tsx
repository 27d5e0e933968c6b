import type { PublicReviews, Service, SignedInProfile } from '@app/shared';
import { CatalogueProvider } from './state/catalogue.tsx';
import { ReviewsProvider } from './state/reviews.tsx';
import { SessionProvider } from './state/session.tsx';
import { Layout } from './components/layout/layout.tsx';
import { AppRoutes } from './routes.tsx';

/**
 * What a live page was rendered with, instead of loading it at start: `services` the catalogue,
 * `visitor` the signed-in user (null for a visitor; undefined when the page does not say),
 * `reviews` the reviews the site shows.
 */
export function App({
  services,
  visitor,
  reviews,
}: {
  services?: Service[] | undefined;
  visitor?: SignedInProfile | null | undefined;
  reviews?: PublicReviews | undefined;
}) {
  return (
    <CatalogueProvider initialServices={services}>
      <ReviewsProvider initialReviews={reviews}>
        <SessionProvider initialUser={visitor}>
          <Layout>
            <AppRoutes />
          </Layout>
        </SessionProvider>
      </ReviewsProvider>
    </CatalogueProvider>
  );
}
