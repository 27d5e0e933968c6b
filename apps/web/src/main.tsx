import './zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { preloadScreen } from './routes.tsx';
import { RenderedAtContext } from './lib/rendered-at.ts';
import {
  readEmbeddedCatalogue,
  readEmbeddedReviews,
  readEmbeddedVisitor,
} from './state/embedded-data.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The public pages arrive rendered (ssr/): their HTML is hydrated, not replaced, starting from
// the catalogue, the visitor and the time they were rendered with. (No top-level await here: it would make the
// bundler split the entry into many small chunks.)
const route = root.dataset.route;
if (route !== undefined && root.hasChildNodes()) {
  const renderedAt = new Date(root.dataset.renderedAt ?? Date.now());
  const services = readEmbeddedCatalogue();
  const visitor = readEmbeddedVisitor();
  const reviews = readEmbeddedReviews();
  void preloadScreen(route).then(() => {
    // As a transition, hydration yields to the browser instead of blocking it in one long task.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <RenderedAtContext value={renderedAt}>
            <App services={services} visitor={visitor} reviews={reviews} />
          </RenderedAtContext>
        </StrictMode>,
      );
    });
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
