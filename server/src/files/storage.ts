import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where file contents live: local disk by default, replaceable by shared storage. */
export interface FileStorage {
  put(data: Uint8Array): Promise<string>;
  /**
   * Streams `source` into a new file and returns its key; if the stream fails (a limit
   * the caller enforces, a client that goes away), nothing of it is kept.
   */
  putStream(source: Readable): Promise<string>;
  open(key: string): Readable;
  remove(key: string): Promise<void>;
}

/** Keys are server-made uuids: no path from a client ever reaches the file system. */
export function diskStorage(dir: string): FileStorage {
  let ready: Promise<unknown> | null = null;
  const prepared = () => (ready ??= mkdir(dir, { recursive: true }));
  return {
    async put(data) {
      await prepared();
      const key = randomUUID();
      await writeFile(join(dir, key), data, { flag: 'wx' });
      return key;
    },
    async putStream(source) {
      await prepared();
      const key = randomUUID();
      try {
        await pipeline(source, createWriteStream(join(dir, key), { flags: 'wx' }));
      } catch (err) {
        await unlink(join(dir, key)).catch(() => {});
        throw err;
      }
      return key;
    },
    open: (key) => createReadStream(join(dir, key)),
    remove: (key) => unlink(join(dir, key)).catch(() => {}),
  };
}
