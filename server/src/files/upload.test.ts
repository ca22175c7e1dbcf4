import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { diskStorage } from './storage';
import { servingHeaders } from './types';
import { UploadTooLargeError, partLimit, stageUpload } from './upload';

const storageDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hub-upload-'));
  return { dir, storage: diskStorage(dir), count: () => readdirSync(dir).length };
};
const chunks = (...parts: (string | Buffer)[]) => Readable.from(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
const stage = (source: Readable, name: string, maxBytes = 1000) =>
  stageUpload(storageDir().storage, source, { name, claimedType: 'text/html', maxBytes, tooLarge: 'too large' });

describe('stageUpload', () => {
  it('stops at the limit and keeps nothing of the file', async () => {
    const { storage, count } = storageDir();
    const big = chunks(Buffer.alloc(600), Buffer.alloc(600), Buffer.alloc(600));
    await expect(stageUpload(storage, big, { name: 'a.bin', claimedType: '', maxBytes: 1000, tooLarge: 'too large' })).rejects.toThrow(
      UploadTooLargeError,
    );
    expect(count()).toBe(0);
    const fits = await stageUpload(storage, chunks(Buffer.alloc(1000, 65)), {
      name: 'a.txt',
      claimedType: '',
      maxBytes: 1000,
      tooLarge: 'x',
    });
    expect(fits.size).toBe(1000);
    expect(count()).toBe(1);
  });

  it('refuses a file the reader cut short at its own hard limit', async () => {
    const { storage, count } = storageDir();
    const source = Object.assign(chunks('abc'), { truncated: true });
    await expect(stageUpload(storage, source, { name: 'a', claimedType: '', maxBytes: 1000, tooLarge: 'too large' })).rejects.toThrow(
      'too large',
    );
    expect(count()).toBe(0);
  });

  it('decides the type from the content, text only for valid UTF-8 without control characters', async () => {
    expect((await stage(chunks('<html><script>x</script>'), 'a.html')).type).toBe('text/plain');
    expect((await stage(chunks('a,b\r\n', '1,2\t\n'), 'List.CSV')).type).toBe('text/csv');
    // A multi-byte character split between chunks is still text.
    const euro = Buffer.from('€ 5');
    expect((await stage(chunks(euro.subarray(0, 2), euro.subarray(2)), 'price.txt')).type).toBe('text/plain');
    expect((await stage(chunks(Buffer.from([0xc3, 0x28])), 'bad.txt')).type).toBe('application/octet-stream');
    expect((await stage(chunks('a\u0000b'), 'nul.txt')).type).toBe('application/octet-stream');
    expect((await stage(chunks(Buffer.from([0xe2, 0x82])), 'cut.txt')).type).toBe('application/octet-stream');
    expect((await stage(chunks(''), 'empty.txt')).type).toBe('application/octet-stream');
    expect((await stage(chunks('%PDF-1.7\n', 'rest'), 'x.html')).type).toBe('application/pdf');
    expect((await stage(chunks('GIF89a', Buffer.alloc(20)), 'x.svg')).type).toBe('image/gif');
  });
});

describe('partLimit', () => {
  it("is the field's limit while the request's total allows it, else what is left of the total", () => {
    expect(partLimit(20_000_000, 0)).toEqual({
      maxBytes: 20_000_000,
      message: 'The provided file is too large, the maximum file size is 20MB.',
    });
    expect(partLimit(100_000_000, 150_000_000)).toEqual({
      maxBytes: 50_000_000,
      message: 'The files of one request may not be larger than 200MB together.',
    });
    expect(partLimit(20_000_000, 250_000_000).maxBytes).toBe(0);
  });
});

describe('servingHeaders', () => {
  it('shows only passive types inline, and serves everything else as a sandboxed download', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']) {
      const h = servingHeaders(type, 'x', false);
      expect(h['content-disposition']).toMatch(/^inline;/);
      expect(h['content-type']).toBe(type);
      expect(h['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    }
    const pdf = servingHeaders('application/pdf', 'x.pdf', false);
    expect(pdf['content-disposition']).toMatch(/^inline;/);
    expect(pdf['content-security-policy']).toContain("default-src 'none'");
    for (const type of [
      'text/html',
      'image/svg+xml',
      'application/xml',
      'text/xml',
      'text/javascript',
      'application/x-shockwave-flash',
      'Image/PNG',
      '',
    ]) {
      const h = servingHeaders(type, 'x', false);
      expect(h['content-disposition'], type).toMatch(/^attachment;/);
      expect(h['content-type'], type).toBe('application/octet-stream');
      expect(h['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
      expect(h['x-content-type-options']).toBe('nosniff');
    }
    expect(servingHeaders('text/csv', 'x.csv', false)['content-type']).toBe('text/csv');
    expect(servingHeaders('image/png', 'x', true)['content-disposition']).toMatch(/^attachment;/);
  });

  it('encodes the file name so it cannot break the header', () => {
    expect(servingHeaders('text/plain', `it's (1)*.txt\r\nX: y`, false)['content-disposition']).toBe(
      "attachment; filename*=UTF-8''it%27s%20%281%29%2A.txt%20X%3A%20y",
    );
  });
});
