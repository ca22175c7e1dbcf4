import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAll, startHub, type HubProcess } from './startup-spawn';

/** The embedded database's one-process lock dies with its process, and only one of two starts wins. */
afterAll(killAll);

const LOCKED = /Another hub process \(pid \d+\) is already using the database/;

describe('the data-directory lock', () => {
  it('lets a hub start again at once after kill -9, every time', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hub-lock-'));
    let hub: HubProcess = startHub(3821, { DATA_DIR: dataDir });
    await hub.ready();
    for (let i = 1; i <= 5; i++) {
      // Killed and restarted in the same tick: the dead process is not even reaped yet.
      hub.child.kill('SIGKILL');
      hub = startHub(3821 + i, { DATA_DIR: dataDir });
      await hub.ready(60_000);
      expect(hub.output()).not.toMatch(LOCKED);
      const health = await fetch(`http://127.0.0.1:${hub.port}/api/health`);
      expect(health.status).toBe(200);
    }
    hub.child.kill('SIGTERM');
    expect(await hub.exited).toBe(0);
    // Nothing is left behind in the directory for the next start to trip over.
    expect(readdirSync(dataDir).filter((f) => f.startsWith('hub.'))).toEqual([]);
  }, 240_000);

  it('does not mistake a dead hub that is still a zombie, or a reused pid, for a running one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hub-lock-'));
    const first = startHub(3841, { DATA_DIR: dataDir }, { unreaped: true });
    await first.ready();
    process.kill(first.hubPid(), 'SIGKILL');
    // What a crashed hub of an earlier version left behind, naming a pid that is now someone else's.
    writeFileSync(join(dataDir, 'hub.lock'), String(process.pid));
    const second = startHub(3842, { DATA_DIR: dataDir });
    await second.ready(60_000);
    expect(second.output()).not.toMatch(LOCKED);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    first.child.kill('SIGKILL');
  }, 240_000);

  it('of two hubs started at once on one directory, exactly one runs and the other says why', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hub-lock-'));
    const a = startHub(3831, { DATA_DIR: dataDir });
    const b = startHub(3832, { DATA_DIR: dataDir });
    const outcome = (h: HubProcess) => Promise.race([h.ready(120_000).then(() => 'ready' as const), h.exited.then((code) => ({ code }))]);
    const [ra, rb] = await Promise.all([outcome(a), outcome(b)]);
    const winner = ra === 'ready' ? a : b;
    const loser = ra === 'ready' ? b : a;
    expect([ra, rb].filter((r) => r === 'ready')).toHaveLength(1);
    expect(await loser.exited).toBe(1);
    expect(loser.output()).toMatch(LOCKED);
    expect(loser.output()).not.toMatch(/ENOENT|at .*\.ts:\d+/);
    expect((await fetch(`http://127.0.0.1:${winner.port}/api/health`)).status).toBe(200);
    winner.child.kill('SIGTERM');
    expect(await winner.exited).toBe(0);
  }, 240_000);
});
