import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../db/client';
import { openTestDb } from '../test/harness';
import type { Mailer } from '../mail/mailer';
import type { FileStorage } from '../files/storage';
import { backoffMs, createJobRunner, runnerMessages, testClock, type JobRunner, type RunnerOptions } from './runner';
import type { JobContext, JobDefinition } from './types';

/**
 * The runner on the hub's own tables: one run per schedule slot whoever ticks, retries with
 * backoff, failures recorded, stale claims of a dead server taken over, start-up runs and a
 * clean stop. On PostgreSQL the race runs on two pools, as two servers would.
 */
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

const mailer: Mailer = { send: async () => {} };
const storage = {} as FileStorage;
const runners: JobRunner[] = [];
afterAll(async () => {
  for (const r of runners) await r.stop();
});

function runner(jobs: JobDefinition[], clock = testClock('2026-03-10T00:00:00Z'), more: Partial<RunnerOptions> = {}) {
  const r = createJobRunner({ db, jobs, storage, mailer, publicUrl: 'http://hub.test', clock, tickMs: 3_600_000, ...more });
  runners.push(r);
  return r;
}

let n = 0;
/** A job with a fresh name (the run table is shared by the file's tests) that counts its calls. */
function counting(over: Partial<JobDefinition> = {}, body: (ctx: JobContext) => Promise<void> = async () => {}) {
  const calls: JobContext[] = [];
  const job: JobDefinition = {
    name: `job-${++n}`,
    title: `Job ${n}`,
    description: 'A test job',
    cron: '0 19 * * *',
    ...over,
    async run(ctx) {
      calls.push(ctx);
      await body(ctx);
      return { summary: `run ${calls.length}`, counts: { calls: calls.length } };
    },
  };
  return { job, calls };
}

describe('schedule slots', () => {
  it('runs the newest slot once, however often it ticks, and the next slot when it comes', async () => {
    const { job, calls } = counting();
    const clock = testClock('2026-03-10T19:00:05Z');
    const r = runner([job], clock);
    const [first] = await r.tick();
    expect(first).toMatchObject({ job: job.name, slot: '2026-03-10T19:00:00.000Z', attempt: 1, trigger: 'schedule', status: 'running' });
    await r.idle();
    expect(await r.tick()).toEqual([]);
    clock.advance(3_600_000);
    expect(await r.tick()).toEqual([]);
    await r.idle();
    expect(calls).toHaveLength(1);
    expect(calls[0].now.toISOString()).toBe('2026-03-10T19:00:00.000Z');
    expect(calls[0].attempt).toBe(1);
    const [run] = await r.runsOf(job.name);
    expect(run).toMatchObject({ status: 'succeeded', summary: 'run 1', counts: { calls: 1 }, error: null, serverId: r.serverId });
    expect(run.finished).not.toBeNull();

    clock.set('2026-03-11T19:00:00Z');
    const [second] = await r.tick();
    expect(second.slot).toBe('2026-03-11T19:00:00.000Z');
    await r.idle();
    expect(calls).toHaveLength(2);
  });

  it('catches up a slot missed while no server ran, once', async () => {
    const { job, calls } = counting();
    const r = runner([job], testClock('2026-03-12T08:00:00Z'));
    const [run] = await r.tick();
    expect(run.slot).toBe('2026-03-11T19:00:00.000Z');
    await r.idle();
    await r.tick();
    await r.idle();
    expect(calls).toHaveLength(1);
  });

  it('does not start a job whose configuration disables it', async () => {
    const { job, calls } = counting({ disabledReason: () => 'no feed is configured' });
    const r = runner([job], testClock('2026-03-10T19:00:05Z'));
    expect(await r.tick()).toEqual([]);
    await expect(r.runNow(job.name, 'admin@hub.example')).rejects.toMatchObject({
      status: 409,
      message: runnerMessages.disabled(job.title, 'no feed is configured'),
    });
    const [status] = await r.status();
    expect(status).toMatchObject({ disabledReason: 'no feed is configured', nextRun: null, lastRun: null });
    expect(calls).toHaveLength(0);
  });

  it('refuses an invalid schedule when it starts', () => {
    const { job } = counting({ cron: 'every day' });
    expect(() => runner([job])).toThrow(`Job '${job.name}' has an invalid schedule 'every day'`);
  });
});

describe('several servers', () => {
  it('two runners racing on one slot (separate pools on PostgreSQL) run it once', async () => {
    const other: Db = db.engine === 'postgres' ? await openPostgres(process.env.TEST_DATABASE_URL!, 4) : db;
    try {
      let calls = 0;
      const job: JobDefinition = {
        name: `race-${++n}`,
        title: 'Race',
        description: 'Raced by two servers',
        cron: '*/5 * * * *',
        async run() {
          calls++;
          await new Promise((r) => setTimeout(r, 50));
          return { summary: 'done' };
        },
      };
      const clock = testClock('2026-03-10T10:05:01Z');
      const a = runner([job], clock, { serverId: 'server-a' });
      const b = runner([job], clock, { serverId: 'server-b', db: other });
      for (let i = 0; i < 5; i++) {
        const started = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
        expect(started.flat().length).toBeLessThanOrEqual(1);
        await Promise.all([a.idle(), b.idle()]);
        clock.advance(5 * 60_000);
      }
      expect(calls).toBe(5);
      const runs = await a.runsOf(job.name, 50);
      expect(runs).toHaveLength(5);
      expect(new Set(runs.map((r) => r.slot)).size).toBe(5);
      expect(runs.every((r) => r.status === 'succeeded')).toBe(true);
    } finally {
      if (other !== db) await other.close();
    }
  });

  it('takes over the claim of a server that died mid-run, once it is stale', async () => {
    const { job, calls } = counting({ maxAttempts: 3 });
    const clock = testClock('2026-03-10T19:10:00Z');
    const r = runner([job], clock, { staleAfterMs: 120_000 });
    // A server claimed the slot at 19:00 and was killed at 19:01: its heartbeat stopped.
    await db.query(
      `INSERT INTO job_run (job, slot, attempt, trigger, server_id, started, heartbeat, status)
       VALUES ($1, '2026-03-10 19:00:00', 1, 'schedule', 'dead-server', '2026-03-10 19:00:00', $2, 'running')`,
      [job.name, '2026-03-10 19:09:00'],
    );
    // Fresh heartbeat (60 s ago): still its own.
    expect(await r.tick()).toEqual([]);
    expect(calls).toHaveLength(0);
    clock.advance(90_000);
    const [retry] = await r.tick();
    expect(retry).toMatchObject({ slot: '2026-03-10T19:00:00.000Z', attempt: 2, serverId: r.serverId });
    await r.idle();
    expect(calls).toHaveLength(1);
    const runs = await r.runsOf(job.name);
    expect(runs.find((x) => x.attempt === 1)).toMatchObject({
      status: 'failed',
      error: runnerMessages.stale('dead-server', '2026-03-10 19:09:00'),
    });
    expect(runs.find((x) => x.attempt === 2)).toMatchObject({ status: 'succeeded' });
  });
});

describe('failures and retries', () => {
  it('records the error, retries after a doubling backoff and gives up after maxAttempts', async () => {
    const { job, calls } = counting({ maxAttempts: 3, backoffMs: 60_000 }, async (ctx) => {
      throw new Error(`The feed answered 502 (attempt ${ctx.attempt})`);
    });
    const clock = testClock('2026-03-10T19:00:00Z');
    const r = runner([job], clock);
    await r.tick();
    await r.idle();
    let [last] = await r.runsOf(job.name);
    expect(last).toMatchObject({
      attempt: 1,
      status: 'failed',
      error: 'The feed answered 502 (attempt 1)',
      retryAt: '2026-03-10T19:01:00.000Z',
    });

    clock.advance(59_000);
    expect(await r.tick()).toEqual([]); // not before its backoff
    clock.advance(1_000);
    expect((await r.tick())[0]).toMatchObject({ attempt: 2, slot: '2026-03-10T19:00:00.000Z' });
    await r.idle();
    [last] = await r.runsOf(job.name);
    expect(last).toMatchObject({ attempt: 2, status: 'failed', retryAt: '2026-03-10T19:03:00.000Z' });
    expect(backoffMs(job, 2)).toBe(120_000);

    clock.set('2026-03-10T19:03:00Z');
    await r.tick();
    await r.idle();
    [last] = await r.runsOf(job.name);
    expect(last).toMatchObject({ attempt: 3, status: 'failed', error: 'The feed answered 502 (attempt 3)', retryAt: null });
    clock.advance(3_600_000);
    expect(await r.tick()).toEqual([]);
    expect(calls.map((c) => c.attempt)).toEqual([1, 2, 3]);
    expect(calls.every((c) => c.now.toISOString() === '2026-03-10T19:00:00.000Z')).toBe(true);

    const [status] = await r.status();
    expect(status.recentFailures.map((f) => f.error)).toEqual([3, 2, 1].map((a) => `The feed answered 502 (attempt ${a})`));
    expect(status.lastFinished).toMatchObject({ status: 'failed', attempt: 3 });
    // The next day's slot starts afresh.
    clock.set('2026-03-11T19:00:00Z');
    expect((await r.tick())[0]).toMatchObject({ attempt: 1, slot: '2026-03-11T19:00:00.000Z' });
    await r.idle();
  });

  it('caps the backoff at an hour', () => {
    const { job } = counting({ backoffMs: 60_000 });
    expect(backoffMs(job, 1)).toBe(60_000);
    expect(backoffMs(job, 10)).toBe(3_600_000);
  });
});

describe('run now, start-up and stop', () => {
  it('runs a job now for an administrator, and refuses a second run while it runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { job, calls } = counting({}, () => gate);
    const clock = testClock('2026-03-10T12:34:56.789Z');
    const r = runner([job], clock);
    const run = await r.runNow(job.name, 'admin@hub.example');
    expect(run).toMatchObject({ trigger: 'manual', requestedBy: 'admin@hub.example', slot: '2026-03-10T12:34:56.000Z', status: 'running' });
    await expect(r.runNow(job.name, 'admin@hub.example')).rejects.toMatchObject({
      status: 409,
      message: `${job.title} is already running`,
    });
    const [status] = await r.status();
    expect(status.running).toBe(true);
    release();
    await r.idle();
    expect(calls[0].now.toISOString()).toBe('2026-03-10T12:34:56.789Z');
    await expect(r.runNow('no-such-job', null)).rejects.toMatchObject({ status: 404, message: "There is no job called 'no-such-job'" });
  });

  it('runs the start-up jobs once at start, and a slot that passed since is covered by that run', async () => {
    const startup = counting({ runAtStartup: true });
    const plain = counting();
    const clock = testClock('2026-03-10T08:00:30Z');
    const r = runner([startup.job, plain.job], clock);
    await r.start();
    await r.idle();
    expect(startup.calls).toHaveLength(1);
    expect(plain.calls).toHaveLength(0);
    const [run] = await r.runsOf(startup.job.name);
    expect(run).toMatchObject({ trigger: 'startup', slot: '2026-03-10T08:00:00.000Z', status: 'succeeded' });
    // A second server starting in the same minute does not run it again.
    const other = runner([startup.job], clock, { serverId: 'server-2' });
    await other.start();
    await other.idle();
    expect(startup.calls).toHaveLength(1);
    await r.stop();
    await other.stop();
  });

  it('starts nothing when scheduled work is off, though an administrator may still run a job', async () => {
    const { job, calls } = counting({ runAtStartup: true });
    const r = runner([job], testClock('2026-03-10T19:00:05Z'), { scheduled: false });
    await r.start();
    await r.idle();
    expect(calls).toHaveLength(0);
    const [status] = await r.status();
    expect(status.nextRun).toBeNull();
    await r.runNow(job.name, null);
    await r.idle();
    expect(calls).toHaveLength(1);
  });

  it('stop aborts a running job between batches and records why', async () => {
    let batches = 0;
    const { job } = counting({ maxAttempts: 2 }, async (ctx) => {
      while (!ctx.signal.aborted) {
        batches++;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw ctx.signal.reason;
    });
    const r = runner([job], testClock('2026-03-10T19:00:05Z'));
    await r.tick();
    await new Promise((res) => setTimeout(res, 30));
    await r.stop();
    expect(batches).toBeGreaterThan(0);
    const [run] = await r.runsOf(job.name);
    expect(run).toMatchObject({ status: 'failed', error: runnerMessages.shutDown, retryAt: expect.any(String) });
    expect(await r.tick()).toEqual([]); // a stopped runner starts nothing
  });
});
