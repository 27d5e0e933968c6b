import type { Service } from '@app/shared';
import { AppProvider } from './state/app-context.tsx';
import { Layout } from './components/layout/layout.tsx';
import { AppRoutes } from './routes.tsx';

/** `services`: the catalogue a live page was drawn with, instead of loading it at start. */
export function App({ services }: { services?: Service[] | undefined }) {
  return (
    <AppProvider initialServices={services}>
      <Layout>
        <AppRoutes />
      </Layout>
    </AppProvider>
  );
}
