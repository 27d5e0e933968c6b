import type { Service, SignedInProfile } from '@app/shared';
import { CatalogueProvider } from './state/catalogue.tsx';
import { SessionProvider } from './state/session.tsx';
import { Layout } from './components/layout/layout.tsx';
import { AppRoutes } from './routes.tsx';

/**
 * What a live page was rendered with, instead of loading it at start: `services` the catalogue,
 * `visitor` the signed-in user (null for a visitor; undefined when the page does not say).
 */
export function App({
  services,
  visitor,
}: {
  services?: Service[] | undefined;
  visitor?: SignedInProfile | null | undefined;
}) {
  return (
    <CatalogueProvider initialServices={services}>
      <SessionProvider initialUser={visitor}>
        <Layout>
          <AppRoutes />
        </Layout>
      </SessionProvider>
    </CatalogueProvider>
  );
}
