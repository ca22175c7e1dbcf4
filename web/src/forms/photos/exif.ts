/**
 * The little of EXIF photo evidence needs, on the bytes of a JPEG (no library, no DOM): read
 * the location and time a camera wrote, remove every metadata segment, and write a new EXIF
 * segment with only the location and time (orientation 1: the pixels are already upright).
 * A form that keeps photo metadata (`keepPhotoMetadata`) gets them copied from the original
 * into the resized JPEG the canvas made, which carries none.
 */

/** One EXIF field as stored: its tag, TIFF type and values (numbers; rationals as pairs; text as bytes). */
export interface ExifEntry {
  tag: number;
  type: number;
  count: number;
  /** The values in order: one number per BYTE/SHORT/LONG, two per RATIONAL, one per ASCII byte. */
  values: number[];
}

/** The fields of a photo that say where and when it was taken. */
export interface PhotoMetadata {
  /** IFD0's DateTime and the Exif IFD's original/digitised times and their offsets. */
  time: ExifEntry[];
  /** The GPS IFD, whole. */
  gps: ExifEntry[];
  /** IFD0's orientation (1 when absent). */
  orientation: number;
}

const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };
const TAG = { orientation: 0x0112, dateTime: 0x0132, exifIfd: 0x8769, gpsIfd: 0x8825 } as const;
/** Times of the Exif IFD kept with the location: DateTimeOriginal, DateTimeDigitized, OffsetTime*, SubSecTime*. */
const EXIF_TIME_TAGS = new Set([0x9003, 0x9004, 0x9010, 0x9011, 0x9012, 0x9290, 0x9291, 0x9292]);
const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"

/** A JPEG's segments before its image data: marker, and the offset and length of the whole segment (marker included). */
interface Segment {
  marker: number;
  start: number;
  end: number;
}

/** The metadata segments of a JPEG up to its first scan; null when the bytes are not a JPEG. */
function segments(bytes: Uint8Array): { list: Segment[]; scan: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const list: Segment[] = [];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return { list, scan: at };
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (length < 2 || at + 2 + length > bytes.length) return null;
    list.push({ marker, start: at, end: at + 2 + length });
    at += 2 + length;
  }
  return null;
}

const isExifSegment = (bytes: Uint8Array, s: Segment) =>
  s.marker === 0xe1 && s.end - s.start >= 10 && EXIF_HEADER.every((b, i) => bytes[s.start + 4 + i] === b);

/** An XMP packet (also APP1) can carry location and time too. */
const isXmpSegment = (bytes: Uint8Array, s: Segment) =>
  s.marker === 0xe1 &&
  new TextDecoder('latin1').decode(bytes.subarray(s.start + 4, Math.min(s.end, s.start + 33))).startsWith('http://ns.adobe.com/xap/');

class TiffReader {
  readonly little: boolean;
  constructor(
    private readonly b: Uint8Array,
    private readonly base: number,
    private readonly end: number,
  ) {
    this.little = b[base] === 0x49;
  }
  u8(o: number): number {
    if (this.base + o >= this.end || o < 0) throw new RangeError('EXIF offset out of range');
    return this.b[this.base + o];
  }
  u16(o: number): number {
    return this.little ? this.u8(o) | (this.u8(o + 1) << 8) : (this.u8(o) << 8) | this.u8(o + 1);
  }
  u32(o: number): number {
    return this.little
      ? (this.u8(o) | (this.u8(o + 1) << 8) | (this.u8(o + 2) << 16)) + this.u8(o + 3) * 0x1000000
      : this.u8(o) * 0x1000000 + ((this.u8(o + 1) << 16) | (this.u8(o + 2) << 8) | this.u8(o + 3));
  }
  /** The entries of the IFD at offset `o` (at most 500, each at most 4 KB of values). */
  ifd(o: number): ExifEntry[] {
    const n = Math.min(this.u16(o), 500);
    const out: ExifEntry[] = [];
    for (let i = 0; i < n; i++) {
      const e = o + 2 + i * 12;
      const tag = this.u16(e);
      const type = this.u16(e + 2);
      const count = this.u32(e + 4);
      const size = TYPE_SIZE[type];
      if (!size || count * size > 4096) continue;
      const at = count * size <= 4 ? e + 8 : this.u32(e + 8);
      const values: number[] = [];
      try {
        for (let k = 0; k < count; k++) {
          const p = at + k * size;
          if (size === 1) values.push(this.u8(p));
          else if (size === 2) values.push(this.u16(p));
          else if (size === 4) values.push(this.u32(p));
          else values.push(this.u32(p), this.u32(p + 4));
        }
      } catch {
        continue;
      }
      out.push({ tag, type, count, values });
    }
    return out;
  }
}

/** The location, times and orientation of a JPEG's EXIF, or null when it has none (or is no JPEG). */
export function readPhotoMetadata(bytes: Uint8Array): PhotoMetadata | null {
  const segs = segments(bytes);
  const seg = segs?.list.find((s) => isExifSegment(bytes, s));
  if (!seg) return null;
  const base = seg.start + 10;
  try {
    const r = new TiffReader(bytes, base, seg.end);
    if (!((r.u8(0) === 0x49 && r.u8(1) === 0x49) || (r.u8(0) === 0x4d && r.u8(1) === 0x4d)) || r.u16(2) !== 42) return null;
    const ifd0 = r.ifd(r.u32(4));
    const pointer = (tag: number) => ifd0.find((e) => e.tag === tag)?.values[0];
    const exifAt = pointer(TAG.exifIfd);
    const gpsAt = pointer(TAG.gpsIfd);
    const time = [
      ...ifd0.filter((e) => e.tag === TAG.dateTime),
      ...(exifAt !== undefined ? r.ifd(exifAt).filter((e) => EXIF_TIME_TAGS.has(e.tag)) : []),
    ];
    const gps = gpsAt !== undefined ? r.ifd(gpsAt) : [];
    return { time, gps, orientation: pointer(TAG.orientation) ?? 1 };
  } catch {
    return null;
  }
}

/** The JPEG without its EXIF and XMP segments: no location, time, camera or thumbnail left in it. */
export function stripMetadata(bytes: Uint8Array): Uint8Array {
  const segs = segments(bytes);
  if (!segs) return bytes;
  const drop = segs.list.filter((s) => isExifSegment(bytes, s) || isXmpSegment(bytes, s));
  if (!drop.length) return bytes;
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const s of drop) {
    parts.push(bytes.subarray(at, s.start));
    at = s.end;
  }
  parts.push(bytes.subarray(at));
  return concat(parts);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Little-endian TIFF writing of IFDs whose entries are given in tag order. */
class TiffWriter {
  private bytes: number[] = [];
  u16(v: number, at = this.bytes.length) {
    this.bytes[at] = v & 0xff;
    this.bytes[at + 1] = (v >> 8) & 0xff;
  }
  u32(v: number, at = this.bytes.length) {
    this.u16(v & 0xffff, at);
    this.u16(Math.floor(v / 0x10000) & 0xffff, at + 2);
  }
  get length() {
    return this.bytes.length;
  }
  /** Writes an IFD at the current end; returns the offset of each pointer entry's value (to patch). */
  ifd(entries: ExifEntry[]): Map<number, number> {
    const sorted = [...entries].sort((a, b) => a.tag - b.tag);
    this.u16(sorted.length);
    const pointers = new Map<number, number>();
    const later: { at: number; e: ExifEntry }[] = [];
    for (const e of sorted) {
      const at = this.length;
      this.u16(e.tag);
      this.u16(e.type);
      this.u32(e.count);
      const size = TYPE_SIZE[e.type] * e.count;
      if (size <= 4) {
        const valueAt = this.length;
        this.u32(0);
        this.values(e, valueAt);
        if (e.tag === TAG.exifIfd || e.tag === TAG.gpsIfd) pointers.set(e.tag, valueAt);
      } else {
        this.u32(0);
        later.push({ at: at + 8, e });
      }
    }
    this.u32(0); // no next IFD
    for (const { at, e } of later) {
      if (this.length % 2) this.bytes.push(0);
      this.u32(this.length, at);
      this.values(e, this.length);
    }
    return pointers;
  }
  private values(e: ExifEntry, at: number) {
    const size = TYPE_SIZE[e.type];
    let p = at;
    for (let i = 0; i < e.values.length; i++) {
      const v = e.values[i];
      if (size === 1) this.bytes[p++] = v & 0xff;
      else if (size === 2) {
        this.u16(v, p);
        p += 2;
      } else {
        this.u32(v >>> 0, p);
        p += 4;
      }
    }
  }
  result(): Uint8Array {
    return Uint8Array.from(this.bytes, (b) => b ?? 0);
  }
}

/**
 * An APP1 segment holding only `meta`'s location and time, and orientation 1 (the pixels are
 * upright once decoded with the orientation applied); `orientation` only for making test photos.
 */
export function buildExifSegment(meta: Pick<PhotoMetadata, 'time' | 'gps'>, orientation = 1): Uint8Array {
  const w = new TiffWriter();
  w.u16(0x4949); // "II"
  w.u16(42);
  w.u32(8);
  const dateTime = meta.time.filter((e) => e.tag === TAG.dateTime);
  const exifTimes = meta.time.filter((e) => EXIF_TIME_TAGS.has(e.tag));
  const ifd0: ExifEntry[] = [{ tag: TAG.orientation, type: 3, count: 1, values: [orientation] }, ...dateTime];
  if (exifTimes.length) ifd0.push({ tag: TAG.exifIfd, type: 4, count: 1, values: [0] });
  if (meta.gps.length) ifd0.push({ tag: TAG.gpsIfd, type: 4, count: 1, values: [0] });
  const pointers = w.ifd(ifd0);
  if (exifTimes.length) {
    w.u32(w.length, pointers.get(TAG.exifIfd));
    w.ifd(exifTimes);
  }
  if (meta.gps.length) {
    w.u32(w.length, pointers.get(TAG.gpsIfd));
    w.ifd(meta.gps);
  }
  const tiff = w.result();
  const length = 2 + EXIF_HEADER.length + tiff.length;
  if (length > 0xffff) throw new RangeError('The photo metadata is too large');
  return concat([Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...EXIF_HEADER]), tiff]);
}

/**
 * The JPEG `target` (a re-encoded photo) with the location and time of `meta`: its own metadata
 * segments removed, then one EXIF segment after SOI (and after JFIF's APP0 when present).
 */
export function withPhotoMetadata(target: Uint8Array, meta: PhotoMetadata | null, orientation = 1): Uint8Array {
  const clean = stripMetadata(target);
  if (!meta || (!meta.gps.length && !meta.time.length)) return clean;
  const segs = segments(clean);
  if (!segs) return clean;
  const app0 = segs.list[0]?.marker === 0xe0 ? segs.list[0].end : 2;
  return concat([clean.subarray(0, app0), buildExifSegment(meta, orientation), clean.subarray(app0)]);
}

/** Latitude and longitude in degrees from GPS entries (for tests and display), or null. */
export function gpsPosition(gps: ExifEntry[]): { latitude: number; longitude: number } | null {
  const get = (tag: number) => gps.find((e) => e.tag === tag);
  const degrees = (e: ExifEntry | undefined) => {
    if (!e || e.values.length < 6) return null;
    const r = (i: number) => (e.values[i + 1] ? e.values[i] / e.values[i + 1] : 0);
    return r(0) + r(2) / 60 + r(4) / 3600;
  };
  const ref = (e: ExifEntry | undefined) => (e ? String.fromCharCode(e.values[0]) : '');
  const lat = degrees(get(2));
  const lon = degrees(get(4));
  if (lat === null || lon === null) return null;
  return { latitude: ref(get(1)) === 'S' ? -lat : lat, longitude: ref(get(3)) === 'W' ? -lon : lon };
}

/** An ASCII entry's text (without its NUL). */
export const asciiOf = (e: ExifEntry | undefined): string | null => (e ? String.fromCharCode(...e.values.filter((v) => v !== 0)) : null);

/** EXIF entries for a position and time, as a camera writes them (tests, and the e2e's camera-like photo). */
export function cameraMetadata(o: { latitude: number; longitude: number; taken: string; orientation?: number }): PhotoMetadata {
  const dms = (deg: number) => {
    const a = Math.abs(deg);
    const d = Math.floor(a);
    const m = Math.floor((a - d) * 60);
    const s = Math.round(((a - d) * 60 - m) * 60 * 10000);
    return [d, 1, m, 1, s, 10000];
  };
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0)).concat(0);
  const taken = ascii(o.taken);
  return {
    orientation: o.orientation ?? 1,
    time: [
      { tag: TAG.dateTime, type: 2, count: taken.length, values: taken },
      { tag: 0x9003, type: 2, count: taken.length, values: taken },
    ],
    gps: [
      { tag: 0, type: 1, count: 4, values: [2, 3, 0, 0] },
      { tag: 1, type: 2, count: 2, values: ascii(o.latitude < 0 ? 'S' : 'N') },
      { tag: 2, type: 5, count: 3, values: dms(o.latitude) },
      { tag: 3, type: 2, count: 2, values: ascii(o.longitude < 0 ? 'W' : 'E') },
      { tag: 4, type: 5, count: 3, values: dms(o.longitude) },
    ],
  };
}
