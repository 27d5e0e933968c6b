import { CAR_MODELS } from '@app/shared';

/** A page the build renders to HTML ahead of time, which the client then hydrates. */
export interface PrerenderedPage {
  /** The route pattern as the app's Switch writes it: the client loads that screen first. */
  route: string;
  /** The address the server answers with this file; `:name` stands for any one segment. */
  url: string;
  /** The path rendered: the page as it looks at any address `url` matches. */
  path: string;
  /** Where the HTML goes, under `prerendered/` in the build. */
  file: string;
  /** The screen's source module, when it is its own chunk: its code is preloaded. */
  screen?: string;
}

const page = (path: string, file: string, screen?: string): PrerenderedPage => ({
  route: path,
  url: path,
  path,
  file,
  ...(screen ? { screen } : {}),
});

/**
 * The public pages. Their data (the service list, the visitor's profile) is not part of the
 * HTML: it is rendered in its loading state and filled in by the client from the live API,
 * so a page never shows a catalogue or availability older than the database's.
 */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  page('/', 'index.html'),
  page('/services', 'services.html', 'src/pages/services.tsx'),
  ...CAR_MODELS.map((model) => ({
    ...page(`/services/${model}`, `services/${model}.html`, 'src/pages/services.tsx'),
    route: '/services/:type',
  })),
  {
    // Cars have database ids: one page, in its loading state, serves every car.
    route: '/appointment/:serviceId',
    url: '/appointment/:serviceId',
    path: '/appointment/car',
    file: 'appointment.html',
    screen: 'src/pages/appointment.tsx',
  },
  page('/about', 'about.html', 'src/pages/about.tsx'),
  page('/contact', 'contact.html', 'src/pages/contact.tsx'),
  page('/privacy', 'privacy.html', 'src/pages/privacy.tsx'),
];
