import { spawn, type ChildProcess } from 'node:child_process';

/** Real hub processes for the start-up, lock and crash tests: `node --import tsx server/src/main.ts`. */
const root = new URL('../../..', import.meta.url).pathname;
const started: ChildProcess[] = [];

export interface HubProcess {
  child: ChildProcess;
  /** The hub's own pid (differs from child.pid when `unreaped`). */
  hubPid(): number;
  port: number;
  output(): string;
  exited: Promise<number | null>;
  /** Resolves when the hub says it is ready; rejects when it exits first or takes longer than `ms`. */
  ready(ms?: number): Promise<void>;
}

/**
 * `unreaped`: the hub runs under a shell that never waits for it, so once it dies it stays
 * a zombie (as under a supervisor that has not reaped it yet); `hubPid` is then its pid.
 */
export function startHub(port: number, env: Record<string, string>, { unreaped = false } = {}): HubProcess {
  const node = [process.execPath, '--import', 'tsx', 'server/src/main.ts'];
  const child = unreaped
    ? spawn('/bin/sh', ['-c', `${node.map((a) => `'${a}'`).join(' ')} & echo "hub pid $!"; exec sleep 600`], {
        cwd: root,
        env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...env },
      })
    : spawn(node[0], node.slice(1), {
        cwd: root,
        env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...env },
      });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  let code: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (c) => {
      code = c;
      resolve(c);
    }),
  );
  return {
    child,
    hubPid: () => (unreaped ? Number(/hub pid (\d+)/.exec(out)?.[1]) : child.pid!),
    port,
    output: () => out,
    exited,
    ready: (ms = 90_000) =>
      until(() => {
        if (code !== undefined) throw new Error(`The hub exited (${code}) before it was ready:\n${out}`);
        return /ready on/.test(out);
      }, ms),
  };
}

export async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Kills every hub a test file started and left running. */
export function killAll(): void {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}
