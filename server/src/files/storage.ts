import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** Where file contents live: local disk by default, replaceable by shared storage. */
export interface FileStorage {
  put(data: Uint8Array): Promise<string>;
  open(key: string): Readable;
  remove(key: string): Promise<void>;
}

/** Keys are server-made uuids: no path from a client ever reaches the file system. */
export function diskStorage(dir: string): FileStorage {
  let ready: Promise<unknown> | null = null;
  return {
    async put(data) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const key = randomUUID();
      await writeFile(join(dir, key), data, { flag: 'wx' });
      return key;
    },
    open: (key) => createReadStream(join(dir, key)),
    remove: (key) => unlink(join(dir, key)).catch(() => {}),
  };
}
