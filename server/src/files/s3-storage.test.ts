import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { freePort } from '../test/ports';
import { startLocalS3, type LocalS3 } from '../test/s3-server';
import { S3_PART_BYTES, s3Client, s3Storage } from './s3-storage';
import { UploadTooLargeError, stageUpload } from './upload';

/** The S3 file store against a local S3-compatible server (s3rver, on a free port). */
let s3: LocalS3;
let storage: ReturnType<typeof s3Storage>;

beforeAll(async () => {
  s3 = await startLocalS3(await freePort());
  storage = s3Storage(s3.settings);
});
afterAll(() => s3.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function keys(): Promise<string[]> {
  const res = await s3Client(s3.settings).send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}

/** `total` bytes in chunks of 64 KiB, failing with `fail` after `failAfter` bytes when given. */
function source(data: Buffer, failAfter?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) return void this.destroy(new Error('the client went away'));
      if (sent >= data.length) return void this.push(null);
      const chunk = data.subarray(sent, sent + 64 * 1024);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

describe('S3 file storage', () => {
  it('stores bytes under a server-made uuid and reads them back', async () => {
    const data = randomBytes(1000);
    const key = await storage.put(data);
    expect(key).toMatch(UUID);
    expect(await buffer(storage.open(key))).toEqual(data);
    await storage.remove(key);
  });

  it('streams a small and a multipart upload (three parts) and reads them back whole', async () => {
    for (const size of [300 * 1024, 2 * S3_PART_BYTES + 12345]) {
      const data = randomBytes(size);
      const key = await storage.putStream(source(data));
      expect(key).toMatch(UUID);
      const back = await buffer(storage.open(key));
      expect(back.length).toBe(size);
      expect(back.equals(data)).toBe(true);
      await storage.remove(key);
    }
    expect(await keys()).toEqual([]);
  });

  it('keeps nothing of a stream that fails, before or after its first part was sent', async () => {
    const before = await keys();
    for (const failAfter of [100 * 1024, S3_PART_BYTES + 512 * 1024]) {
      await expect(storage.putStream(source(randomBytes(3 * S3_PART_BYTES), failAfter))).rejects.toThrow(/client went away/);
    }
    expect(await keys()).toEqual(before);
  });

  it('keeps the upload limits: a file past its limit is refused and nothing is stored', async () => {
    const before = await keys();
    const big = source(randomBytes(2 * 1024 * 1024));
    await expect(
      stageUpload(storage, big, {
        name: 'big.pdf',
        claimedType: 'application/pdf',
        maxBytes: 1024 * 1024,
        tooLarge: 'The file is too large',
      }),
    ).rejects.toBeInstanceOf(UploadTooLargeError);
    const ok = await stageUpload(storage, source(Buffer.from('%PDF-1.4\n%%EOF\n')), {
      name: 'ok.pdf',
      claimedType: 'application/pdf',
      maxBytes: 1024 * 1024,
      tooLarge: 'The file is too large',
    });
    // Past one part (a multipart upload) through the upload inspector, which counts its bytes in `size`.
    const data = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(S3_PART_BYTES + 4096)]);
    const large = await stageUpload(storage, source(data), {
      name: 'large.pdf',
      claimedType: 'application/pdf',
      maxBytes: 20 * 1024 * 1024,
      tooLarge: 'The file is too large',
    });
    expect(large.size).toBe(data.length);
    expect((await buffer(storage.open(large.key))).equals(data)).toBe(true);
    expect(await keys()).toEqual([...before, ok.key, large.key].sort());
    await storage.remove(ok.key);
    await storage.remove(large.key);
  });

  it('fails the read stream of a key that is not stored, and removes a missing key quietly', async () => {
    await expect(buffer(storage.open('00000000-0000-4000-8000-00000000dead'))).rejects.toThrow(/NoSuchKey|does not exist/);
    await expect(storage.remove('00000000-0000-4000-8000-00000000dead')).resolves.toBeUndefined();
  });

  it('stops reading from S3 when the reader goes away', async () => {
    const key = await storage.put(randomBytes(3 * 1024 * 1024));
    const stream = storage.open(key);
    await new Promise((resolve) => stream.once('readable', resolve));
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    expect(stream.destroyed).toBe(true);
    await storage.remove(key);
  });

  it('checks the bucket at start-up, naming what is wrong', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    await expect(s3Storage({ ...s3.settings, bucket: 'no-such-bucket' }).check()).rejects.toThrow(
      /The S3 bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used: HTTP 404/,
    );
    await expect(s3Storage({ ...s3.settings, endpoint: `http://127.0.0.1:${await freePort()}` }).check()).rejects.toThrow(/cannot be used/);
  });
});

describe('S3 settings', () => {
  it('are off without S3_BUCKET, and read with it', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig(s3.env).s3).toEqual(s3.settings);
    expect(loadConfig({ S3_BUCKET: 'hub-files' }).s3).toEqual({
      bucket: 'hub-files',
      endpoint: null,
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: false,
    });
  });

  it('refuse what cannot work, naming the setting', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_ENDPOINT set without S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'hub', S3_ACCESS_KEY_ID: 'x' })).toThrow(/set together/);
    expect(() => loadConfig({ S3_BUCKET: 'hub', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT must be an absolute http/);
    expect(() => loadConfig({ S3_BUCKET: 'hub', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE must be true or false/);
  });
});
