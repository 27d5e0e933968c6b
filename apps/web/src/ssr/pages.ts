import type { PageEntry } from '@app/shared';

/**
 * The public pages, rendered on the server and hydrated by the client. Those that show the
 * catalogue are live: the server renders them on each request with the catalogue of the moment
 * (a page never shows cars, rates or availability older than the database's) and for whoever
 * asks (a visitor, or the signed-in customer), and sends both with them for hydration. The others
 * are rendered once, by the build: their header shows the profile loading, and the client fills
 * it in.
 */
export const PUBLIC_PAGES: readonly PageEntry[] = [
  { url: '/', route: '/', file: 'home.html', live: true },
  { url: '/services', route: '/services', file: 'services.html', live: true },
  { url: '/services/:type', route: '/services/:type', file: 'services.html', live: true },
  {
    url: '/appointment/:serviceId',
    route: '/appointment/:serviceId',
    file: 'appointment.html',
    live: true,
  },
  { url: '/about', route: '/about', file: 'about.html', live: false },
  { url: '/contact', route: '/contact', file: 'contact.html', live: false },
  { url: '/privacy', route: '/privacy', file: 'privacy.html', live: false },
];
