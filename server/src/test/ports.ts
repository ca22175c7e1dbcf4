import { createServer } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 right now (the system's choice), for a server a test starts:
 * fixed ports collide when two checkouts run the same test file at once.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
