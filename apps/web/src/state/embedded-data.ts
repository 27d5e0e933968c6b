import type { PublicReviews, Service, SignedInProfile } from '@app/shared';

/*
 * What a live page carries beside its HTML (ssr/entry.tsx): the data it was rendered with, as
 * JSON data blocks, so hydration starts from the very data the HTML shows, without asking again.
 */

/**
 * The data blocks' ids: the catalogue, the profile of whoever the page was rendered for, and the
 * reviews the site shows.
 */
export const EMBEDDED = { catalogue: 'catalogue', visitor: 'visitor', reviews: 'reviews' } as const;

/** The data block's contents; undefined on a page that carries none. */
function readEmbedded<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : undefined;
}

export const readEmbeddedCatalogue = () => readEmbedded<Service[]>(EMBEDDED.catalogue);

/** The signed-in user the page was rendered for, null for a visitor, undefined when unknown. */
export const readEmbeddedVisitor = () => readEmbedded<SignedInProfile | null>(EMBEDDED.visitor);

/** The reviews the page was rendered with (the home page's and each car's). */
export const readEmbeddedReviews = () => readEmbedded<PublicReviews>(EMBEDDED.reviews);
