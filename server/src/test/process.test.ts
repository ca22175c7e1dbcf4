import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The real server process on the embedded database: start, refuse a second start, stop cleanly. */
const root = new URL('../../..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'hub-process-'));
const started: ChildProcess[] = [];

function start(port: number): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent' },
  });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterAll(() => started.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

describe('the hub process on the embedded database', () => {
  it('migrates, seeds, serves, refuses a second process on the same data, and shuts down cleanly', async () => {
    const first = start(3811);
    await until(() => /ready on/.test(first.output()), 90_000);
    expect(first.output()).toContain('Demo sign-ins (password demo-password-12)');
    const health = await fetch('http://127.0.0.1:3811/api/health');
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });

    const second = start(3812);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Another hub process \(pid \d+\) is already using the database/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'hub.lock'))).toBe(false);

    // Reopening the same data: no second seeding, the demo is still there.
    const again = start(3813);
    await until(() => /ready on/.test(again.output()), 60_000);
    const res = await fetch('http://127.0.0.1:3813/api/health');
    expect(res.status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 180_000);
});
