import { AppProvider } from './state/app-context.tsx';
import { Layout } from './components/layout/layout.tsx';
import { AppRoutes } from './routes.tsx';

export function App() {
  return (
    <AppProvider>
      <Layout>
        <AppRoutes />
      </Layout>
    </AppProvider>
  );
}
