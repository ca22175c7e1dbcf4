import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
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

/**
 * Where the files of `dir` are written while they arrive: a sibling directory
 * (`DATA_DIR/files-staging`), on the same file system, so a complete file moves into
 * `dir` by a rename, and what a crash leaves half-written is never in `dir`.
 */
export const stagingDirOf = (dir: string) => join(dirname(dir), `${basename(dir)}-staging`);

/** A file moved into place: renamed, or copied where the staging directory is on another file system. */
async function moveInto(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(from, to);
    await unlink(from);
  }
}

/** Keys are server-made uuids: no path from a client ever reaches the file system. */
export function diskStorage(dir: string): FileStorage {
  const staging = stagingDirOf(dir);
  let ready: Promise<unknown> | null = null;
  const prepared = () => (ready ??= Promise.all([mkdir(dir, { recursive: true }), mkdir(staging, { recursive: true })]));
  return {
    async put(data) {
      await prepared();
      const key = randomUUID();
      await writeFile(join(staging, key), data, { flag: 'wx' });
      await moveInto(join(staging, key), join(dir, key));
      return key;
    },
    async putStream(source) {
      await prepared();
      const key = randomUUID();
      const out = createWriteStream(join(staging, key), { flags: 'wx' });
      // A write stream destroyed before its file is open still opens (creates) it, then
      // closes: remove the file only once the stream is closed, or it would outlive us.
      const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
      try {
        await pipeline(source, out);
        await moveInto(join(staging, key), join(dir, key));
      } catch (err) {
        out.destroy();
        await closed;
        await unlink(join(staging, key)).catch(() => {});
        throw err;
      }
      return key;
    },
    open: (key) => createReadStream(join(dir, key)),
    remove: (key) => unlink(join(dir, key)).catch(() => {}),
  };
}

/** With a shared database and file store, what another server may still be writing or committing is spared this long. */
export const SHARED_SWEEP_AGE_MS = 3600_000;

/**
 * At start-up: removes what a crash (kill -9, power loss) left half-written in the staging
 * directory of a disk store. Only files older than the start, or, when several servers
 * share the database and the store (`shared`), older than an hour, so another server's
 * upload in progress is never touched. Stored files are never removed for want of a
 * `file` row: the database may be another one than the files were stored for (a move
 * from the embedded database to PostgreSQL), and a file row may come later. Returns how
 * many files it removed.
 */
export async function sweepStorage(dir: string, { shared, startedAt }: { shared: boolean; startedAt: Date }): Promise<number> {
  const staging = stagingDirOf(dir);
  const before = startedAt.getTime() - (shared ? SHARED_SWEEP_AGE_MS : 0);
  let names: string[];
  try {
    names = await readdir(staging);
  } catch {
    return 0; // no staging directory: nothing was ever staged
  }
  let removed = 0;
  for (const name of names) {
    const path = join(staging, name);
    try {
      const s = await stat(path);
      if (!s.isFile() || s.mtimeMs >= before) continue;
      await unlink(path);
      removed++;
    } catch {
      // Gone already: its request finished.
    }
  }
  return removed;
}
