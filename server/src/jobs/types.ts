import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import type { Mailer } from '../mail/mailer';

/**
 * The contract between the job runner (jobs/runner.ts) and the jobs it runs (reminders,
 * membership sync, ...). A job is a plain object; the runner owns schedules, slots, locks,
 * retries and the record of each run.
 */
export interface JobContext {
  db: Db;
  storage: FileStorage;
  mailer: Mailer;
  /** The address people reach the hub at, for links in mail. */
  publicUrl: string;
  /** The moment this run stands for: the schedule slot's time, or the clock's now for "run now". Jobs never read Date.now() themselves. */
  now: Date;
  /** Which attempt of this slot this is, from 1. */
  attempt: number;
  log: (msg: string, data?: Record<string, unknown>) => void;
  /** Aborted when the server shuts down: stop between batches. */
  signal: AbortSignal;
}

/** What a finished run reports: a line for the jobs page, and counts for tests and monitoring. */
export interface JobOutcome {
  summary: string;
  counts?: Record<string, number>;
}

export interface JobDefinition {
  /** Stable key (stored in the run records): 'reminders', 'membership-sync'. */
  name: string;
  /** What the jobs page calls it. */
  title: string;
  description: string;
  /** A croner pattern, evaluated in UTC. */
  cron: string;
  /** Also run once when a server starts (still at most once per slot across servers). */
  runAtStartup?: boolean;
  /** Attempts per slot before the slot is recorded as failed (retries back off). */
  maxAttempts?: number;
  /** The wait before the first retry (default one minute); each further retry waits twice as long, at most an hour. */
  backoffMs?: number;
  /** Whether the job can run at all with this configuration (e.g. no feed configured): shown on the jobs page instead of running. */
  disabledReason?: () => string | null;
  /** Throws to fail the attempt (the runner records the error and retries). */
  run(ctx: JobContext): Promise<JobOutcome>;
}
