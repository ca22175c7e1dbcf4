import { randomUUID } from 'node:crypto';
import { PassThrough, Readable, pipeline } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config';
import type { FileStorage } from './storage';

/** Parts of a streamed upload: S3's smallest, so at most this much of a file is held in memory per part. */
export const S3_PART_BYTES = 5 * 1024 * 1024;

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: { ...settings.credentials } } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: S3-compatible servers that do not know the
    // SDK's newer trailing checksums (aws-chunked uploads) would otherwise refuse uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Files in an S3-compatible bucket, for several servers sharing one store. Keys are
 * server-made uuids (never a client's name). A stream is uploaded as it arrives (parts of
 * 5 MB, in a multipart upload once it outgrows one part); if it fails (the upload limit
 * the caller enforces, a client that goes away), the multipart upload is aborted and no
 * object is left.
 */
export function s3Storage(settings: S3Settings, client: S3Client = s3Client(settings)): FileStorage & { check(): Promise<void> } {
  const Bucket = settings.bucket;
  return {
    async put(data) {
      const Key = randomUUID();
      await client.send(new PutObjectCommand({ Bucket, Key, Body: data, ContentLength: data.byteLength }));
      return Key;
    },
    async putStream(source) {
      const Key = randomUUID();
      // The SDK takes a stream's `size` property for its length (the upload inspector counts
      // bytes in one): hand it a plain stream of the same bytes, which fails when the source does.
      const body = new PassThrough();
      pipeline(source, body, () => {});
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: body },
        partSize: S3_PART_BYTES,
        queueSize: 1,
        // Aborted below, so that the caller gets the stream's own error (an upload limit's
        // message), not the abort's.
        leavePartsOnError: true,
      });
      try {
        await upload.done();
      } catch (err) {
        // A failed single-part upload never reached S3; a multipart one is aborted, so its
        // parts are dropped and no object appears (a store that cannot abort keeps the parts
        // out of sight until its lifecycle rule removes them: docs/operations.md).
        source.destroy();
        if (upload.uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: upload.uploadId })).catch(() => {});
        throw err;
      }
      return Key;
    },
    open(Key) {
      const out = new PassThrough();
      const abort = new AbortController();
      let body: Readable | null = null;
      out.once('close', () => {
        abort.abort();
        body?.destroy();
      });
      client
        .send(new GetObjectCommand({ Bucket, Key }), { abortSignal: abort.signal })
        .then((res) => {
          body = res.Body as Readable;
          if (out.destroyed) return void body.destroy();
          body.once('error', (err) => out.destroy(err));
          body.pipe(out);
        })
        .catch((err: unknown) => out.destroy(err as Error));
      return out;
    },
    async remove(Key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key })).catch(() => {});
    },
    /** Whether the bucket can be reached with these settings (start-up). */
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
        const status = e.$metadata?.httpStatusCode;
        throw new Error(
          `The S3 bucket ${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''} cannot be used: ${status ? `HTTP ${status} ` : ''}${e.name ?? ''} ${e.message ?? ''}`.trim(),
        );
      }
    },
  };
}
