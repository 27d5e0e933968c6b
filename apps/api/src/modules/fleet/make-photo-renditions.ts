import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PHOTO_NOT_AN_IMAGE_MESSAGE, PHOTO_WIDTHS, type ServicePhoto } from '@app/shared';
import { AppError } from '../../errors.ts';

/**
 * The most pixels a photo may have (about 50 megapixels: any phone's camera). Checked from the
 * header before decoding, so a small file claiming a huge image (a decompression bomb) is
 * refused without the memory its pixels would take.
 */
export const PHOTO_MAX_PIXELS = 50_000_000;

export const PHOTO_TOO_MANY_PIXELS_MESSAGE =
  'The photo has too many pixels (50 megapixels at most). Choose a smaller one.';
export const PHOTO_UNREADABLE_MESSAGE = 'The photo could not be read. Choose another file.';

/** The longest side may be this many times the shortest, at most: a car fits, a line does not. */
export const PHOTO_MAX_ASPECT_RATIO = 4;
export const PHOTO_SHAPE_MESSAGE = `The photo is too long and narrow: it may be at most ${PHOTO_MAX_ASPECT_RATIO} times as wide as it is tall, or as tall as it is wide. Crop it and choose it again.`;

export type PhotoFormat = 'jpeg' | 'png' | 'webp';

/**
 * The kind of image the bytes are, from their signature (never the file's name or the type
 * the browser claims); undefined for anything else (SVG, GIF, HEIC, a script…). Only these
 * three formats ever reach the image decoder.
 */
export function photoFormatOf(bytes: Buffer): PhotoFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, i) => bytes[i] === byte)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

export interface Rendition {
  file: string;
  bytes: Buffer;
}

/**
 * Turns an uploaded photo into the site's renditions: refused when one side is more than
 * `PHOTO_MAX_ASPECT_RATIO` times the other (400), turned upright by its EXIF orientation,
 * then WebP and AVIF at each of `PHOTO_WIDTHS` up to its own width, with no metadata at all
 * (sharp writes none unless asked: no EXIF, so no GPS position, no camera, no ICC profile
 * beyond sRGB). The key is the hash of the bytes uploaded: the same photo makes the same
 * names, and a new photo new names, so the files can be cached forever.
 */
export async function makePhotoRenditions(
  bytes: Buffer,
): Promise<{ photo: ServicePhoto; renditions: Rendition[] }> {
  const format = photoFormatOf(bytes);
  if (!format) throw AppError.unsupportedMediaType(PHOTO_NOT_AN_IMAGE_MESSAGE);
  const open = () =>
    sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', autoOrient: true });

  let width: number;
  let height: number;
  try {
    const metadata = await open().metadata();
    if (metadata.format !== format) throw AppError.unsupportedMediaType(PHOTO_NOT_AN_IMAGE_MESSAGE);
    width = metadata.autoOrient.width;
    height = metadata.autoOrient.height;
    if (!width || !height) throw AppError.unprocessable(PHOTO_UNREADABLE_MESSAGE);
    if (width * height > PHOTO_MAX_PIXELS) {
      throw AppError.unprocessable(PHOTO_TOO_MANY_PIXELS_MESSAGE);
    }
    // Scaled to the site's widths, a line of pixels (65535×1) would have a side of 0.
    if (Math.max(width, height) > PHOTO_MAX_ASPECT_RATIO * Math.min(width, height)) {
      throw AppError.badRequest(PHOTO_SHAPE_MESSAGE);
    }
  } catch (error) {
    throw refusalOf(error);
  }

  const widths: number[] = PHOTO_WIDTHS.filter((w) => w < width);
  // A photo narrower than a width is kept at its own width rather than enlarged.
  if (widths.length < PHOTO_WIDTHS.length) widths.push(width);
  const key = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const renditions: Rendition[] = [];
  try {
    for (const w of widths) {
      const resized = open().resize({ width: w, withoutEnlargement: true });
      const [webp, avif] = await Promise.all([
        resized.clone().webp({ quality: 80 }).toBuffer(),
        resized.clone().avif({ quality: 55, effort: 3 }).toBuffer(),
      ]);
      renditions.push(
        { file: `${key}-${w}.webp`, bytes: webp },
        { file: `${key}-${w}.avif`, bytes: avif },
      );
    }
  } catch (error) {
    throw refusalOf(error);
  }
  const largest = widths.at(-1) ?? width;
  return {
    photo: {
      key,
      width: largest,
      height: Math.max(1, Math.round((height * largest) / width)),
      widths,
    },
    renditions,
  };
}

/** sharp's errors (a truncated file, a pixel bomb) as the owner's words. */
function refusalOf(error: unknown): Error {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return AppError.unprocessable(PHOTO_TOO_MANY_PIXELS_MESSAGE);
  return AppError.unprocessable(PHOTO_UNREADABLE_MESSAGE);
}
