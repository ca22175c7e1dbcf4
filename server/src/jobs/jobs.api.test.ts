import { afterAll, beforeAll, expect, it } from 'vitest';
import { guardMessages } from '../access/guards';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, SUPER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { testClock, type JobStatus } from './runner';
import type { JobDefinition } from './types';

/** The jobs page's routes: who may read and run jobs, anti-forgery, what they answer. */
let h: Harness;
let calls = 0;
const clock = testClock('2026-03-10T10:00:00Z');
const jobs: JobDefinition[] = [
  {
    name: 'tally',
    title: 'Tally',
    description: 'Counts its runs',
    cron: '0 19 * * *',
    runAtStartup: true,
    async run() {
      calls++;
      return { summary: `Counted ${calls}`, counts: { calls } };
    },
  },
  {
    name: 'broken',
    title: 'Broken feed',
    description: 'Always fails',
    cron: '*/30 * * * *',
    maxAttempts: 1,
    async run() {
      throw new Error('The feed at http://feed.test answered 502 Bad Gateway');
    },
  },
];

beforeAll(async () => {
  h = await startHarness({ jobs, clock });
});
afterAll(() => h.close());

const get = (as: string | null) => h.app.inject({ url: '/api/jobs', headers: h.headers(as) });
const run = (as: string | null, name: string, headers: Record<string, string> = h.headers(as)) =>
  h.app.inject({ method: 'POST', url: `/api/jobs/${name}/run`, headers });

it('answers visitors 401 and members (of any organisation and role) 403, reading or running', async () => {
  expect((await get(null)).statusCode).toBe(401);
  expect((await run(null, 'tally')).statusCode).toBe(401);
  for (const member of [SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER]) {
    const read = await get(member);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ errors: [{ message: guardMessages.jobs, code: 'FORBIDDEN' }] });
    const ran = await run(member, 'tally');
    expect(ran.statusCode).toBe(403);
    expect(ran.json()).toEqual({ errors: [{ message: guardMessages.runJobs, code: 'FORBIDDEN' }] });
  }
  expect(calls).toBe(0);
});

it('lists each job with its schedule in words and the next run', async () => {
  const res = await get(ADMIN);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { scheduled: boolean; jobs: JobStatus[] };
  expect(body.scheduled).toBe(true);
  expect(body.jobs.map((j) => [j.name, j.title, j.schedule, j.nextRun, j.lastRun, j.runAtStartup])).toEqual([
    ['tally', 'Tally', 'At 19:00 (UTC)', '2026-03-10T19:00:00.000Z', null, true],
    ['broken', 'Broken feed', 'Every 30 minutes (UTC)', '2026-03-10T10:30:00.000Z', null, false],
  ]);
});

it('refuses a run without the anti-forgery header', async () => {
  const { 'x-xsrf-token': _, ...cookieOnly } = h.headers(ADMIN);
  const res = await run(ADMIN, 'tally', cookieOnly);
  expect(res.statusCode).toBe(403);
  expect(calls).toBe(0);
});

it('runs a job now for an administrator and shows the run', async () => {
  const res = await run(SUPER, 'tally');
  expect(res.statusCode).toBe(202);
  expect(res.json()).toMatchObject({ job: 'tally', trigger: 'manual', requestedBy: SUPER, status: 'running', attempt: 1 });
  await h.app.jobRunner.idle();
  expect(calls).toBe(1);
  const tally = ((await get(ADMIN)).json() as { jobs: JobStatus[] }).jobs[0];
  expect(tally.lastRun).toMatchObject({ status: 'succeeded', summary: 'Counted 1', counts: { calls: 1 }, requestedBy: SUPER });
  expect(tally.recentRuns).toHaveLength(1);
});

it('shows a failing job with its error', async () => {
  expect((await run(ADMIN, 'broken')).statusCode).toBe(202);
  await h.app.jobRunner.idle();
  const broken = ((await get(ADMIN)).json() as { jobs: JobStatus[] }).jobs[1];
  expect(broken.lastFinished).toMatchObject({
    status: 'failed',
    error: 'The feed at http://feed.test answered 502 Bad Gateway',
    retryAt: null,
  });
  expect(broken.recentFailures).toHaveLength(1);
});

it('answers 404 for a job that does not exist, whatever the name holds', async () => {
  for (const name of ['nothing', '__proto__', 'constructor', 'a'.repeat(80), 'tally%20now', 'TALLY']) {
    const res = await run(ADMIN, name);
    expect(res.statusCode, name).toBe(404);
    expect(res.json().errors[0].message).toMatch(/^There is no job called '/);
  }
});
