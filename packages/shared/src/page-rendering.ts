import type { SignedInProfile } from './schemas/account.ts';
import type { PublicReviews } from './schemas/reviews.ts';
import type { Service } from './schemas/service.ts';

/*
 * The contract between the web build and the API server for the public pages. The build writes
 * them under `PAGES_DIR` of its output (never served as files): `PAGES_MANIFEST` lists them, each
 * an HTML file, and `RENDER_MODULE` is the app's server-side renderer. Static pages are finished
 * HTML; live pages (those that show the catalogue) are templates the server renders on each request
 * with the catalogue of the moment.
 */

export const PAGES_DIR = 'pages';
export const PAGES_MANIFEST = 'pages.json';
export const RENDER_MODULE = 'render.js';

export interface PageEntry {
  /** The addresses the server answers with this page, in its router's syntax. */
  url: string;
  /** The route pattern as the app's router writes it (the client loads that screen's code). */
  route: string;
  /** The HTML file under `PAGES_DIR`: the finished page, or a live page's template. */
  file: string;
  /** Drawn on each request with the live catalogue, rather than once by the build. */
  live: boolean;
}

export interface DocumentRequest {
  /** The address rendered, as the browser's location has it (`/appointment/3f2b...`). */
  path: string;
  route: string;
  /** The catalogue to render with; it goes into the page too, so hydration starts from it. */
  services?: Service[];
  /** The reviews the site shows, with the catalogue; into the page too, for hydration. */
  reviews?: PublicReviews;
  /** Stamped on the page: hydration renders the clock-dependent text as of this time. */
  renderedAt: Date;
  /**
   * Who is looking: their profile, or null for a visitor. It goes into the page too, so the
   * browser need not ask. Absent when the page is the same for everyone (built once): it shows
   * the profile loading, and the browser asks.
   */
  visitor?: SignedInProfile | null;
}

export type RenderedDocument =
  /** 404 when the address shows Page Not Found (an unknown car or model). */
  | { status: 200 | 404; html: string }
  /** The address has a proper form elsewhere (`/services/tesla` is `/services/Tesla`). */
  | { status: 308; location: string };

/** What `RENDER_MODULE` exports. */
export interface PageRenderer {
  renderDocument(template: string, request: DocumentRequest): Promise<RenderedDocument>;
}
