/** What GET /api/jobs answers (server/src/jobs/runner.ts), read by the jobs page (web/src/admin/tools/JobsPage.tsx). */

export type RunTrigger = 'schedule' | 'startup' | 'manual';
export type RunStatus = 'running' | 'succeeded' | 'failed';

/** One attempt, as the jobs page and the tests read it (moments in ISO 8601, UTC). */
export interface JobRun {
  id: string;
  job: string;
  slot: string;
  attempt: number;
  trigger: RunTrigger;
  requestedBy: string | null;
  serverId: string;
  started: string;
  finished: string | null;
  status: RunStatus;
  error: string | null;
  summary: string | null;
  counts: Record<string, number> | null;
  retryAt: string | null;
}

export interface JobStatus {
  name: string;
  title: string;
  description: string;
  cron: string;
  /** The schedule in words ('At 19:00, UTC'). */
  schedule: string;
  runAtStartup: boolean;
  maxAttempts: number;
  /** Why the job cannot run with this configuration, or null. */
  disabledReason: string | null;
  /** The next scheduled slot; null when scheduled work is off on this server or the job is disabled. */
  nextRun: string | null;
  /** The newest attempt (running or finished). */
  lastRun: JobRun | null;
  /** The newest finished attempt's outcome. */
  lastFinished: JobRun | null;
  running: boolean;
  recentRuns: JobRun[];
  recentFailures: JobRun[];
}
