import type { JobRun, JobStatus, RunTrigger } from '@hub/model/jobs';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Cron } from 'croner';
import cronstrue from 'cronstrue';
import { ConflictError, NotFoundError } from '../core/errors';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import type { Mailer } from '../mail/mailer';
import type { JobDefinition, JobOutcome } from './types';

/**
 * The hub's job runner, on the hub's own database (architecture.md: no Redis; pg-boss needs
 * Node 22). Each attempt of a job is a row of `job_run`, claimed by inserting it:
 *
 *   INSERT ... ON CONFLICT (job, slot, attempt) DO NOTHING RETURNING
 *
 * so of several servers (or two ticks of one) exactly one wins a schedule slot, on PGlite's one
 * connection and on a PostgreSQL pool alike, without holding a lock or a transaction while the
 * job runs. A failed attempt with attempts left is retried after a backoff (the next attempt's
 * row, claimed the same way, by whichever server comes first). A running attempt beats its
 * heartbeat; one whose heartbeat stopped (its server was killed) is failed as stale by the next
 * server that looks, and retried. Stopping aborts the jobs' signal and waits for them.
 */

/** Where the runner reads the time: the system clock, or a test's. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test sets and moves. */
export function testClock(start: Date | string): Clock & { set(to: Date | string): void; advance(ms: number): void } {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (to) => void (t = new Date(to).getTime()),
    advance: (ms) => void (t += ms),
  };
}

export const DEFAULT_MAX_ATTEMPTS = 3;
/** The first retry's wait; each further retry waits twice as long, up to MAX_BACKOFF_MS. */
export const DEFAULT_BACKOFF_MS = 60_000;
export const MAX_BACKOFF_MS = 60 * 60_000;

export const runnerMessages = {
  unknownJob: (name: string) => `There is no job called '${name}'`,
  alreadyRunning: (title: string) => `${title} is already running`,
  disabled: (title: string, why: string) => `${title} cannot run: ${why}`,
  stale: (serverId: string, since: string) => `The server running it (${serverId}) stopped answering: no heartbeat since ${since} UTC`,
  shutDown: 'Stopped: the server shut down before the run finished',
  scheduleOff: 'Scheduled work is switched off on this server (JOBS_ENABLED)',
} as const;

export type { JobRun, JobStatus, RunStatus, RunTrigger } from '@hub/model/jobs';

export interface RunnerOptions {
  db: Db;
  jobs: readonly JobDefinition[];
  storage: FileStorage;
  mailer: Mailer;
  publicUrl: string;
  /** This process's name in the run records; made from host, pid and a random part when absent. */
  serverId?: string;
  clock?: Clock;
  log?: (msg: string, data?: Record<string, unknown>) => void;
  /** Whether start() runs schedules and start-up runs (JOBS_ENABLED); "Run now" works either way. */
  scheduled?: boolean;
  /** How often the runner looks for due slots and retries. */
  tickMs?: number;
  /** How often a running attempt beats its heartbeat. */
  heartbeatMs?: number;
  /** A running attempt whose heartbeat is older than this is stale (its server died). */
  staleAfterMs?: number;
  /** How long stop() waits for running jobs to finish after aborting them. */
  stopTimeoutMs?: number;
}

export interface JobRunner {
  readonly jobs: readonly JobDefinition[];
  readonly serverId: string;
  readonly scheduled: boolean;
  /** Start-up runs, then a tick every tickMs (only when `scheduled`). */
  start(): Promise<void>;
  /** One pass: fail stale attempts, start due retries and due schedule slots. Returns the attempts it started. */
  tick(): Promise<JobRun[]>;
  /** Claims and starts a run of `name` at once (a manual run); resolves with the claimed attempt, not its end. */
  runNow(name: string, requestedBy: string | null): Promise<JobRun>;
  /** Resolves when the attempts this process started have finished (tests). */
  idle(): Promise<void>;
  status(): Promise<JobStatus[]>;
  runsOf(name: string, limit?: number): Promise<JobRun[]>;
  stop(): Promise<void>;
}

/** A moment as the `timestamp` columns hold it: UTC, 'YYYY-MM-DD HH:mm:ss.SSS'. */
export const sqlStamp = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');
const iso = (col: string) => `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const RUN_COLUMNS = `id, job, ${iso('slot')} AS slot, attempt, trigger, requested_by AS "requestedBy", server_id AS "serverId",
  ${iso('started')} AS started, ${iso('finished')} AS finished, status, error, summary, counts, ${iso('retry_at')} AS "retryAt"`;

/** The wait before attempt `attempt + 1`, after attempt `attempt` failed. */
export function backoffMs(job: JobDefinition, attempt: number): number {
  const base = job.backoffMs ?? DEFAULT_BACKOFF_MS;
  return Math.min(base * 2 ** (attempt - 1), Math.max(base, MAX_BACKOFF_MS));
}

const maxAttemptsOf = (job: JobDefinition) => Math.max(1, job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);

/** The schedule of a cron pattern in words, evaluated in UTC. */
export function describeSchedule(cron: string): string {
  try {
    return `${cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: false })} (UTC)`;
  } catch {
    return cron;
  }
}

/** Checks the patterns once, so a bad one fails at start-up with the job's name, not at its first slot. */
function cronOf(job: JobDefinition): Cron {
  try {
    return new Cron(job.cron, { timezone: 'UTC', paused: true });
  } catch (err) {
    throw new Error(`Job '${job.name}' has an invalid schedule '${job.cron}': ${(err as Error).message}`);
  }
}

const errorText = (err: unknown): string => {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
};

export function createJobRunner(options: RunnerOptions): JobRunner {
  const { db, jobs, storage, mailer, publicUrl } = options;
  const clock = options.clock ?? systemClock;
  const log = options.log ?? (() => {});
  const serverId = options.serverId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const scheduled = options.scheduled ?? true;
  const tickMs = options.tickMs ?? 15_000;
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const staleAfterMs = options.staleAfterMs ?? 120_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`Two jobs are called '${job.name}'`);
    names.add(job.name);
  }
  const crons = new Map(jobs.map((job) => [job.name, cronOf(job)]));
  const byName = new Map(jobs.map((job) => [job.name, job]));

  const stopper = new AbortController();
  /** Attempts this process runs, by job name. */
  const inFlight = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<JobRun[]> | null = null;
  let stopped = false;

  const latestSlot = (job: JobDefinition, now: Date): Date | null =>
    crons.get(job.name)!.previousRuns(1, new Date(now.getTime() + 1))[0] ?? null;

  /** Inserts the attempt's row; null when another server (or an earlier tick) holds it. */
  async function claim(
    job: JobDefinition,
    slot: Date,
    attempt: number,
    trigger: RunTrigger,
    requestedBy: string | null,
  ): Promise<JobRun | null> {
    const now = sqlStamp(clock.now());
    const { rows } = await db.query<JobRun>(
      `INSERT INTO job_run (job, slot, attempt, trigger, requested_by, server_id, started, heartbeat, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, 'running')
       ON CONFLICT (job, slot, attempt) DO NOTHING RETURNING ${RUN_COLUMNS}`,
      [job.name, sqlStamp(slot), attempt, trigger, requestedBy, serverId, now],
    );
    return rows[0] ?? null;
  }

  /** Runs a claimed attempt to its end and records the outcome; never throws. */
  async function execute(job: JobDefinition, run: JobRun): Promise<void> {
    const beat = setInterval(() => {
      db.query(`UPDATE job_run SET heartbeat = $2 WHERE id = $1 AND status = 'running'`, [run.id, sqlStamp(clock.now())]).catch(
        (err: unknown) => log(`Job ${job.name}: heartbeat failed`, { error: errorText(err) }),
      );
    }, heartbeatMs);
    const started = Date.now();
    const now = run.trigger === 'schedule' ? new Date(run.slot) : clock.now();
    let outcome: JobOutcome | null = null;
    let failure: unknown = null;
    try {
      outcome = await job.run({
        db,
        storage,
        mailer,
        publicUrl,
        now,
        attempt: run.attempt,
        signal: stopper.signal,
        log: (msg, data) => log(`Job ${job.name}: ${msg}`, data),
      });
    } catch (err) {
      failure = stopper.signal.aborted ? new Error(runnerMessages.shutDown) : err;
    } finally {
      clearInterval(beat);
    }
    const finished = sqlStamp(clock.now());
    try {
      if (!failure && outcome) {
        const { affectedRows } = await db.query(
          `UPDATE job_run SET status = 'succeeded', finished = $2, heartbeat = $2, summary = $3, counts = $4::jsonb
           WHERE id = $1 AND status = 'running'`,
          [run.id, finished, outcome.summary, outcome.counts ? JSON.stringify(outcome.counts) : null],
        );
        if (!affectedRows) log(`Job ${job.name}: finished after its attempt was failed as stale`, { id: run.id });
        log(`Job ${job.name} succeeded in ${Date.now() - started} ms: ${outcome.summary}`, outcome.counts);
      } else {
        const left = run.attempt < maxAttemptsOf(job);
        const retryAt = left ? sqlStamp(new Date(clock.now().getTime() + backoffMs(job, run.attempt))) : null;
        await db.query(
          `UPDATE job_run SET status = 'failed', finished = $2, heartbeat = $2, error = $3, retry_at = $4
           WHERE id = $1 AND status = 'running'`,
          [run.id, finished, errorText(failure ?? new Error('The job reported no outcome')), retryAt],
        );
        log(`Job ${job.name} failed (attempt ${run.attempt} of ${maxAttemptsOf(job)})${left ? `, retrying at ${retryAt} UTC` : ''}`, {
          error: errorText(failure),
        });
      }
    } catch (err) {
      // The database went away: the attempt stays 'running' and goes stale, then is retried.
      log(`Job ${job.name}: could not record the end of attempt ${run.attempt}`, { error: errorText(err) });
    }
  }

  function launch(job: JobDefinition, run: JobRun): void {
    const p = execute(job, run).finally(() => {
      if (inFlight.get(job.name) === p) inFlight.delete(job.name);
    });
    inFlight.set(job.name, p);
  }

  async function latestOf(job: JobDefinition): Promise<JobRun | null> {
    const { rows } = await db.query<JobRun>(`SELECT ${RUN_COLUMNS} FROM job_run WHERE job = $1 ORDER BY slot DESC, attempt DESC LIMIT 1`, [
      job.name,
    ]);
    return rows[0] ?? null;
  }

  /** Fails the job's running attempts whose server stopped beating their heartbeat. */
  async function reapStale(job: JobDefinition, now: Date): Promise<void> {
    const { rows } = await db.query<{ id: string; serverId: string; heartbeat: string; attempt: number }>(
      `SELECT id, server_id AS "serverId", to_char(heartbeat, 'YYYY-MM-DD HH24:MI:SS') AS heartbeat, attempt
       FROM job_run WHERE job = $1 AND status = 'running' AND heartbeat < $2`,
      [job.name, sqlStamp(new Date(now.getTime() - staleAfterMs))],
    );
    for (const row of rows) {
      const retryAt = row.attempt < maxAttemptsOf(job) ? sqlStamp(now) : null;
      const { affectedRows } = await db.query(
        `UPDATE job_run SET status = 'failed', finished = $2, error = $3, retry_at = $4 WHERE id = $1 AND status = 'running' AND heartbeat < $5`,
        [
          row.id,
          sqlStamp(now),
          runnerMessages.stale(row.serverId, row.heartbeat),
          retryAt,
          sqlStamp(new Date(now.getTime() - staleAfterMs)),
        ],
      );
      if (affectedRows) log(`Job ${job.name}: attempt ${row.attempt} of server ${row.serverId} was stale`, { id: row.id });
    }
  }

  /** What is due for one job now: its failed attempt's retry, else its newest schedule slot not yet covered by a run. */
  async function due(job: JobDefinition, now: Date): Promise<JobRun | null> {
    if (inFlight.has(job.name) || job.disabledReason?.()) return null;
    await reapStale(job, now);
    const latest = await latestOf(job);
    if (latest?.status === 'running') return null;
    if (latest?.status === 'failed' && latest.retryAt && new Date(latest.retryAt) <= now && latest.attempt < maxAttemptsOf(job))
      return claim(job, new Date(latest.slot), latest.attempt + 1, latest.trigger, latest.requestedBy);
    const slot = latestSlot(job, now);
    // A slot is covered by any run whose slot is at or after it (a start-up or manual run since counts).
    if (!slot || (latest && new Date(latest.slot) >= slot)) return null;
    return claim(job, slot, 1, 'schedule', null);
  }

  async function tickOnce(): Promise<JobRun[]> {
    const started: JobRun[] = [];
    const now = clock.now();
    for (const job of jobs) {
      if (stopped) break;
      try {
        const run = await due(job, now);
        if (run) {
          launch(job, run);
          started.push(run);
        }
      } catch (err) {
        log(`Job ${job.name}: could not check its schedule`, { error: errorText(err) });
      }
    }
    return started;
  }

  const runner: JobRunner = {
    jobs,
    serverId,
    scheduled,

    async start() {
      if (!scheduled || stopped || timer) return;
      // Start-up runs: slot = this minute, so servers starting together run a job once.
      const minute = new Date(Math.floor(clock.now().getTime() / 60_000) * 60_000);
      for (const job of jobs) {
        if (!job.runAtStartup || job.disabledReason?.()) continue;
        try {
          const run = await claim(job, minute, 1, 'startup', null);
          if (run) launch(job, run);
        } catch (err) {
          log(`Job ${job.name}: could not start its start-up run`, { error: errorText(err) });
        }
      }
      timer = setInterval(() => void runner.tick(), tickMs);
    },

    tick() {
      // One pass at a time in this process: an interval firing while a pass waits on the database waits for it.
      if (stopped) return Promise.resolve([]);
      const next = (ticking ?? Promise.resolve([])).then(() => tickOnce());
      ticking = next.finally(() => {
        if (ticking === next) ticking = null;
      });
      return next;
    },

    async runNow(name, requestedBy) {
      const job = byName.get(name);
      if (!job) throw new NotFoundError(runnerMessages.unknownJob(name));
      const why = job.disabledReason?.();
      if (why) throw new ConflictError(runnerMessages.disabled(job.title, why));
      if (inFlight.has(name)) throw new ConflictError(runnerMessages.alreadyRunning(job.title));
      const now = clock.now();
      await reapStale(job, now);
      const latest = await latestOf(job);
      if (latest?.status === 'running') throw new ConflictError(runnerMessages.alreadyRunning(job.title));
      // To the second: a double click (or two servers asked at once) is one run.
      const run = await claim(job, new Date(Math.floor(now.getTime() / 1000) * 1000), 1, 'manual', requestedBy);
      if (!run) throw new ConflictError(runnerMessages.alreadyRunning(job.title));
      launch(job, run);
      return run;
    },

    async idle() {
      while (inFlight.size) await Promise.all([...inFlight.values()]);
    },

    async runsOf(name, limit = 20) {
      const { rows } = await db.query<JobRun>(
        `SELECT ${RUN_COLUMNS} FROM job_run WHERE job = $1 ORDER BY started DESC, attempt DESC LIMIT $2`,
        [name, limit],
      );
      return rows;
    },

    async status() {
      const now = clock.now();
      const out: JobStatus[] = [];
      for (const job of jobs) {
        const disabledReason = job.disabledReason?.() ?? null;
        const recentRuns = await runner.runsOf(job.name, 10);
        const { rows: recentFailures } = await db.query<JobRun>(
          `SELECT ${RUN_COLUMNS} FROM job_run WHERE job = $1 AND status = 'failed' ORDER BY started DESC LIMIT 5`,
          [job.name],
        );
        const { rows: finished } = await db.query<JobRun>(
          `SELECT ${RUN_COLUMNS} FROM job_run WHERE job = $1 AND status <> 'running' ORDER BY finished DESC LIMIT 1`,
          [job.name],
        );
        const next = scheduled && !disabledReason && !stopped ? crons.get(job.name)!.nextRun(now) : null;
        out.push({
          name: job.name,
          title: job.title,
          description: job.description,
          cron: job.cron,
          schedule: describeSchedule(job.cron),
          runAtStartup: !!job.runAtStartup,
          maxAttempts: maxAttemptsOf(job),
          disabledReason,
          nextRun: next ? next.toISOString() : null,
          lastRun: recentRuns[0] ?? null,
          lastFinished: finished[0] ?? null,
          running: recentRuns[0]?.status === 'running',
          recentRuns,
          recentFailures,
        });
      }
      return out;
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      stopper.abort();
      await (ticking ?? Promise.resolve()).catch(() => {});
      const all = Promise.all([...inFlight.values()]);
      let timeout: NodeJS.Timeout | undefined;
      const gaveUp = await Promise.race([
        all.then(() => false),
        new Promise<boolean>((resolve) => (timeout = setTimeout(() => resolve(true), stopTimeoutMs))),
      ]);
      clearTimeout(timeout);
      if (gaveUp) log(`Jobs still running after ${stopTimeoutMs} ms at shutdown: another server retries them once they go stale`);
    },
  };
  return runner;
}
