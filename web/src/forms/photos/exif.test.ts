import { describe, expect, it } from 'vitest';
import { asciiOf, cameraMetadata, gpsPosition, readPhotoMetadata, stripMetadata, withPhotoMetadata } from './exif';
import { TINY_JPEG } from './test-jpeg';

const camera = cameraMetadata({ latitude: -37.8136, longitude: 144.9631, taken: '2026:05:01 10:15:30' });

describe('photo metadata (EXIF)', () => {
  it('finds none in a canvas-made JPEG', () => {
    expect(readPhotoMetadata(TINY_JPEG)).toBeNull();
  });

  it('reads back the location and time it writes, with orientation 1', () => {
    const withGps = withPhotoMetadata(TINY_JPEG, { ...camera, orientation: 6 });
    const meta = readPhotoMetadata(withGps)!;
    const pos = gpsPosition(meta.gps)!;
    expect(pos.latitude).toBeCloseTo(-37.8136, 4);
    expect(pos.longitude).toBeCloseTo(144.9631, 4);
    expect(asciiOf(meta.time.find((e) => e.tag === 0x9003))).toBe('2026:05:01 10:15:30');
    expect(asciiOf(meta.time.find((e) => e.tag === 0x0132))).toBe('2026:05:01 10:15:30');
    expect(meta.orientation).toBe(1);
    // Still a JPEG whose JFIF header comes first.
    expect([...withGps.subarray(0, 4)]).toEqual([0xff, 0xd8, 0xff, 0xe0]);
  });

  it('copies a camera photo location and time into a re-encoded one, resetting a rotated orientation to 1', () => {
    const original = withPhotoMetadata(TINY_JPEG, camera, 6);
    expect(readPhotoMetadata(original)!.orientation).toBe(6);
    const copied = withPhotoMetadata(TINY_JPEG, readPhotoMetadata(original));
    const meta = readPhotoMetadata(copied)!;
    expect(meta.orientation).toBe(1);
    expect(gpsPosition(meta.gps)!.latitude).toBeCloseTo(-37.8136, 4);
  });

  it('removes every location and time when stripping', () => {
    const original = withPhotoMetadata(TINY_JPEG, camera);
    const stripped = stripMetadata(original);
    expect(readPhotoMetadata(stripped)).toBeNull();
    expect(stripped.length).toBe(TINY_JPEG.length);
    // Keeping nothing: the re-encoded photo gets no segment at all.
    expect(withPhotoMetadata(TINY_JPEG, null)).toEqual(TINY_JPEG);
  });

  it('reads a big-endian (Motorola) EXIF as cameras often write it', () => {
    // IFD0 with one GPS pointer; GPS IFD with latitude ref 'N' and latitude 10/1, 30/1, 0/1.
    const tiff = [
      0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 26, 0, 0, 0, 0, 0, 2, 0, 1, 0, 2, 0, 0, 0, 2, 0x4e, 0, 0,
      0, 0, 2, 0, 5, 0, 0, 0, 3, 0, 0, 0, 56, 0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 0, 1, 0, 0, 0, 30, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1,
    ];
    const app1 = [0xff, 0xe1, 0, 2 + 6 + tiff.length, 0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    const jpeg = Uint8Array.from([...TINY_JPEG.subarray(0, 2), ...app1, ...TINY_JPEG.subarray(2)]);
    const meta = readPhotoMetadata(jpeg)!;
    expect(asciiOf(meta.gps.find((e) => e.tag === 1))).toBe('N');
    expect(meta.gps.find((e) => e.tag === 2)!.values).toEqual([10, 1, 30, 1, 0, 1]);
    expect(readPhotoMetadata(stripMetadata(jpeg))).toBeNull();
  });

  it('survives damaged metadata and bytes that are no JPEG', () => {
    const broken = Uint8Array.from([
      ...TINY_JPEG.subarray(0, 2),
      0xff,
      0xe1,
      0,
      16,
      0x45,
      0x78,
      0x69,
      0x66,
      0,
      0,
      0x49,
      0x49,
      42,
      0,
      0xff,
      0xff,
      0xff,
      0x7f,
      ...TINY_JPEG.subarray(2),
    ]);
    expect(readPhotoMetadata(broken)).toBeNull();
    expect(readPhotoMetadata(new TextEncoder().encode('<svg/>'))).toBeNull();
    expect(stripMetadata(new Uint8Array([1, 2, 3]))).toEqual(new Uint8Array([1, 2, 3]));
  });
});
