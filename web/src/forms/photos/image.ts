import { PHOTO_LIMITS, fitWithin } from '@hub/model/forms';
import { readPhotoMetadata, stripMetadata, withPhotoMetadata, type PhotoMetadata } from './exif';

/**
 * A photo made ready on the device (docs/forms.md, Photo evidence): decoded with its EXIF
 * orientation applied, resized to at most 2,000 px on its longest side (never enlarged),
 * encoded as JPEG (quality 0.85) with a 400 px thumbnail. Re-encoding on a canvas drops every
 * metadata segment; with `keepMetadata` the original's location and time are written back.
 */

export const PHOTO_QUALITY = 0.85;
export const THUMBNAIL_QUALITY = 0.8;
/** Larger files are not decoded on the device (a 12-megapixel camera JPEG is 3 to 8 MB). */
export const MAX_SOURCE_BYTES = 60_000_000;

export const imageMessages = {
  unreadable: 'This photo could not be read. Please take it again, or choose a JPEG, PNG or WebP image.',
  tooLarge: `This photo is too large to prepare (at most ${MAX_SOURCE_BYTES / 1_000_000} MB).`,
} as const;

export interface PreparedPhoto {
  photo: Blob;
  thumbnail: Blob;
  width: number;
  height: number;
  /** Milliseconds spent decoding, resizing and encoding. */
  ms: number;
}

type Canvas = HTMLCanvasElement | OffscreenCanvas;

function canvasOf(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

/** The canvas as a JPEG blob. */
export async function jpegOf(canvas: Canvas, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(imageMessages.unreadable))), 'image/jpeg', quality),
  );
}

/** `source` drawn at `width` x `height` on a new canvas, white behind transparent parts (JPEG has no alpha). */
export function drawScaled(source: CanvasImageSource, width: number, height: number): Canvas {
  const canvas = canvasOf(width, height);
  const g = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!g) throw new Error(imageMessages.unreadable);
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, height);
  g.imageSmoothingEnabled = true;
  g.imageSmoothingQuality = 'high';
  g.drawImage(source, 0, 0, width, height);
  return canvas;
}

/** The bytes of a JPEG blob with the given metadata (or none). */
export async function finishJpeg(blob: Blob, meta: PhotoMetadata | null): Promise<Blob> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const out = meta ? withPhotoMetadata(bytes, meta) : stripMetadata(bytes);
  return new Blob([out as BlobPart], { type: 'image/jpeg' });
}

/** The location and time of an original photo (its first 256 kB hold its EXIF), or null. */
export async function metadataOf(file: Blob): Promise<PhotoMetadata | null> {
  return readPhotoMetadata(new Uint8Array(await file.slice(0, 256 * 1024).arrayBuffer()));
}

/** Decodes with the EXIF orientation applied (older engines without the option decode as they can). */
async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    try {
      return await createImageBitmap(file);
    } catch {
      throw new Error(imageMessages.unreadable);
    }
  }
}

/** A camera or gallery file made ready to upload. */
export async function preparePhoto(file: Blob, keepMetadata: boolean): Promise<PreparedPhoto> {
  if (file.size > MAX_SOURCE_BYTES) throw new Error(imageMessages.tooLarge);
  const started = performance.now();
  const meta = keepMetadata ? await metadataOf(file) : null;
  const bitmap = await decode(file);
  try {
    const size = fitWithin(bitmap.width, bitmap.height, PHOTO_LIMITS.longestSide);
    const big = drawScaled(bitmap, size.width, size.height);
    const thumbSize = fitWithin(size.width, size.height, PHOTO_LIMITS.thumbnailSide);
    const thumb = drawScaled(big, thumbSize.width, thumbSize.height);
    const [photo, thumbnail] = await Promise.all([
      jpegOf(big, PHOTO_QUALITY).then((b) => finishJpeg(b, meta)),
      jpegOf(thumb, THUMBNAIL_QUALITY).then((b) => finishJpeg(b, null)),
    ]);
    const ms = performance.now() - started;
    // For the figures of docs/forms.md (the e2e reads them): time and size of each photo prepared.
    performance.mark('photo:prepared', { detail: { ms, bytes: photo.size, width: size.width, height: size.height, source: file.size } });
    return { photo, thumbnail, width: size.width, height: size.height, ms };
  } finally {
    bitmap.close();
  }
}
