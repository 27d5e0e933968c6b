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
