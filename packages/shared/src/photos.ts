/**
 * A car's uploaded photo: the fleet writes `<key>-<width>.webp` and `<key>-<width>.avif` for each
 * width under the uploads directory; the public pages build `srcset` from it.
 */
export interface ServicePhoto {
  key: string;
  /** The largest rendition's size, for the page's `width` and `height`. */
  width: number;
  height: number;
  widths: number[];
}

/** Where the site serves the uploaded photos (the API's uploads plugin). */
export const UPLOADS_PATH = '/uploads';

/** The widths each photo is made at (never above the photo's own width). */
export const PHOTO_WIDTHS = [320, 640, 960, 1280] as const;

/** The rendition public pages fall back to without `srcset`. */
export const PHOTO_FALLBACK_WIDTH = 640;

/**
 * One rendition's address. Without a format the server answers AVIF or WebP by the browser's
 * `Accept` (one `<img srcset>` then serves both, with no `<picture>` markup in the page's JS).
 */
export function photoUrl(photo: ServicePhoto, width: number, format?: 'avif' | 'webp'): string {
  return `${UPLOADS_PATH}/${photo.key}-${width}${format ? `.${format}` : ''}`;
}

/** `srcset` of every width of a photo. */
export function photoSrcSet(photo: ServicePhoto, format?: 'avif' | 'webp'): string {
  return photo.widths.map((width) => `${photoUrl(photo, width, format)} ${width}w`).join(', ');
}

/** The width a page shows without `srcset`: the fallback width, or the photo's widest if smaller. */
export function fallbackPhotoWidth(photo: ServicePhoto): number {
  return (
    photo.widths.find((width) => width >= PHOTO_FALLBACK_WIDTH) ??
    photo.widths.at(-1) ??
    photo.width
  );
}
