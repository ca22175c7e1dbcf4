import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

/** How long a start waits for the previous holder to let go (a shutdown in progress) before it gives up. */
export const LOCK_WAIT_MS = 5_000;

/**
 * One process per embedded-database directory, held by a socket the process listens on.
 *
 * The operating system frees a listening socket the moment its process ends, however it
 * ends (kill -9 included, before a parent reaps it), so a lock is never left behind by a
 * dead process and nothing depends on process ids, which the system reuses. On Linux the
 * socket lives in the abstract namespace (no file at all: binding it is the whole test,
 * and exactly one of two simultaneous starts can bind it); on Windows it is a named pipe,
 * which behaves the same. Elsewhere (macOS) it is `hub.sock` in the directory: a socket
 * file left by a dead process refuses connections, which is how it is recognised and
 * removed.
 *
 * The holder answers every connection with its pid, for the message a second start shows.
 * Returns the release function (also run by the system if the process dies).
 */
export async function lockDataDir(dir: string, waitMs = LOCK_WAIT_MS): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  const address = lockAddress(dir);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const server = await listen(address);
    if (server) {
      // For the message of a second start while this one is too busy to answer (starting up).
      const pidFile = join(dir, 'hub.pid');
      writeFileSync(pidFile, `${process.pid}\n`);
      return async () => {
        // Node removes the socket file of a path socket on close.
        await new Promise<void>((resolve) => server.close(() => resolve()));
        rmSync(pidFile, { force: true });
      };
    }
    const holder = await probe(address);
    if (holder === 'stale' && address.file) {
      // A socket file whose process is gone: remove it and try again at once.
      try {
        unlinkSync(address.file);
      } catch {
        /* another start removed it first */
      }
      continue;
    }
    if (Date.now() >= deadline) {
      const pid = typeof holder === 'number' ? holder : pidWritten(dir);
      const who = pid ? `Another hub process (pid ${pid})` : 'Another hub process';
      throw new DataDirLockedError(
        `${who} is already using the database in ${dir}. ` +
          'Stop it first, or point DATA_DIR at another directory. Two processes on one embedded database would corrupt it.',
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The pid the holder wrote down (informative only: the socket decides who holds the lock). */
function pidWritten(dir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dir, 'hub.pid'), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

interface LockAddress {
  path: string;
  /** The socket file to remove when stale (path sockets only). */
  file: string | null;
}

/** The lock's address: derived from the directory itself (device and inode), so every path to it agrees. */
export function lockAddress(dir: string): LockAddress {
  const st = statSync(dir);
  const id = createHash('sha256').update(`${st.dev}:${st.ino}`).digest('hex').slice(0, 32);
  if (process.platform === 'linux') return { path: `\0safety-hub-${id}`, file: null };
  if (process.platform === 'win32') return { path: `\\\\.\\pipe\\safety-hub-${id}`, file: null };
  const file = join(dir, 'hub.sock');
  return { path: file, file };
}

/** Listens on the address; null when another process holds it. */
function listen(address: LockAddress): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => {
      socket.on('error', () => {});
      socket.end(`${process.pid}\n`);
    });
    server.once('error', (err: NodeJS.ErrnoException) => {
      server.close();
      if (err.code === 'EADDRINUSE') resolve(null);
      else reject(err);
    });
    server.listen(address.path, () => {
      server.unref(); // the lock alone does not keep the process running
      resolve(server);
    });
  });
}

/** Who holds the address: their pid, 'unknown' when alive but silent, or 'stale' when nobody listens. */
function probe(address: LockAddress): Promise<number | 'unknown' | 'stale'> {
  return new Promise((resolve) => {
    let said = '';
    const socket = createConnection(address.path);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('unknown');
    }, 1000);
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (said += d));
    socket.on('end', () => {
      clearTimeout(timer);
      const pid = Number(said.trim());
      resolve(Number.isInteger(pid) && pid > 0 ? pid : 'unknown');
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? 'stale' : 'unknown');
    });
  });
}
