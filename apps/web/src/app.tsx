import type { Service } from '@app/shared';
import { CatalogueProvider } from './state/catalogue.tsx';
import { SessionProvider } from './state/session.tsx';
import { Layout } from './components/layout/layout.tsx';
import { AppRoutes } from './routes.tsx';

/** `services`: the catalogue a live page was rendered with, instead of loading it at start. */
export function App({ services }: { services?: Service[] | undefined }) {
  return (
    <CatalogueProvider initialServices={services}>
      <SessionProvider>
        <Layout>
          <AppRoutes />
        </Layout>
      </SessionProvider>
    </CatalogueProvider>
  );
}
