import type { Service } from '@app/shared';

/** The id of the data block in which a live page carries the catalogue it was rendered with. */
export const CATALOGUE_ELEMENT_ID = 'catalogue';

/**
 * The catalogue the server drew this page with (ssr/entry.tsx), or undefined on a page that
 * carries none: hydration must start from the very data the HTML shows.
 */
export function readEmbeddedCatalogue(): Service[] | undefined {
  const text = document.getElementById(CATALOGUE_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as Service[]) : undefined;
}
