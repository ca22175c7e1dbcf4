import { inflateSync } from 'node:zlib';
import { DRAWING_LIMITS, PNG_CHANNELS, isSupportedPngFormat } from '@hub/model/forms';

/**
 * A drawing answer's PNG, checked completely before pdfkit sees it. pdfkit (png-js) decodes
 * the pixels of some PNGs later, asynchronously, outside any try/catch: corrupt image data
 * there is an uncaught exception that ends the process, and a header claiming a huge picture
 * allocates gigabytes. Stored answers may predate the checks on save, so the PDF checks again:
 * the chunks are walked here, the header must be of drawing size in a format png-js decodes,
 * and the image data must inflate (synchronously, here) to exactly the size the header implies.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The PNG of a drawing's data URL when it is safe to hand to pdfkit, or null. Never throws. */
export function safeDrawingPng(url: unknown): Buffer | null {
  if (typeof url !== 'string' || !url.startsWith(DRAWING_LIMITS.prefix)) return null;
  const data = url.slice(DRAWING_LIMITS.prefix.length);
  if (data.length > DRAWING_LIMITS.maxBase64Length || data.length % 4 !== 0 || !BASE64.test(data)) return null;
  const png = Buffer.from(data, 'base64');
  try {
    return isSafePng(png) ? png : null;
  } catch {
    return null;
  }
}

/** Whether the PNG's chunks, header and image data are sound (may throw on corrupt data). */
export function isSafePng(png: Buffer): boolean {
  if (png.length < SIGNATURE.length || !png.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return false;
  let header: { width: number; height: number; bitDepth: number; colourType: number } | null = null;
  let paletteEntries = 0;
  const idat: Buffer[] = [];
  let ended = false;
  for (let at = SIGNATURE.length; !ended;) {
    // Length, type, data, CRC: the whole chunk must be there.
    if (at + 12 > png.length) return false;
    const length = png.readUInt32BE(at);
    if (length > png.length - at - 12) return false;
    const type = png.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return false;
    const body = png.subarray(at + 8, at + 8 + length);
    if ((type === 'IHDR') !== (header === null)) return false; // IHDR first, and once
    switch (type) {
      case 'IHDR': {
        if (length !== 13) return false;
        const [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
        const [bitDepth, colourType, compression, filter, interlace] = body.subarray(8, 13);
        if (width < 1 || height < 1 || width > DRAWING_LIMITS.maxWidth || height > DRAWING_LIMITS.maxHeight) return false;
        if (compression !== 0 || filter !== 0 || !isSupportedPngFormat(bitDepth, colourType, interlace)) return false;
        header = { width, height, bitDepth, colourType };
        break;
      }
      case 'PLTE':
        if (length === 0 || length % 3 !== 0 || length > 256 * 3 || paletteEntries) return false;
        paletteEntries = length / 3;
        break;
      case 'tRNS': {
        const c = header!.colourType;
        if (c === 3 ? !paletteEntries || length > paletteEntries : length !== (c === 0 ? 2 : c === 2 ? 6 : -1)) return false;
        break;
      }
      case 'IDAT':
        idat.push(body);
        break;
      case 'IEND':
        ended = true;
        break;
    }
    at += 12 + length;
  }
  if (!header || !idat.length || (header.colourType === 3 && !paletteEntries)) return false;
  const { width, height, bitDepth, colourType } = header;
  const rowBytes = (width * PNG_CHANNELS[colourType] * bitDepth) / 8;
  const expected = height * (1 + rowBytes);
  // Corrupt data throws here; data inflating to more than the header implies stops at that size and throws.
  const raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected });
  if (raw.length !== expected) return false;
  // Each scanline starts with its filter type, 0..4 (png-js throws on any other).
  for (let row = 0; row < height; row++) if (raw[row * (1 + rowBytes)] > 4) return false;
  return true;
}
