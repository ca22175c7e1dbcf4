import type { Config } from '../config';
import { membershipSyncJob } from './membership-sync';
import { photoCleanupJob } from './photo-cleanup';
import { remindersJob } from './reminders';
import type { JobDefinition } from './types';

/**
 * The hub's scheduled jobs, from its configuration: the one list the runner (jobs/runner.ts)
 * and the jobs page read. A job is a JobDefinition (jobs/types.ts) exported by a module of this
 * folder (its data access in crud/, like every entity read and write); add it here.
 */
export function hubJobs(config: Config): JobDefinition[] {
  return [remindersJob(config.reminders), membershipSyncJob(config.membershipFeed), photoCleanupJob()];
}
