import type { FastifyInstance } from 'fastify';
import { isAdministrator } from '../access/caller';

export interface ScheduledJob {
  name: string;
  /** When it runs, in words or as a cron expression. */
  schedule: string;
  description: string;
}

/**
 * Background jobs the server runs on a schedule. There are none yet: mail is written to
 * the outbox and sent at once, so the jobs page lists the outbox and this empty list.
 */
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [];

/** GET /api/jobs: the scheduled jobs, for administrators (the sidebar's Hangfire page). */
export function jobRoutes(app: FastifyInstance): void {
  app.get('/api/jobs', async (req, reply) => {
    if (!isAdministrator(req.caller))
      return reply
        .status(req.caller ? 403 : 401)
        .send({ errors: [{ message: req.caller ? 'Only administrators can read the jobs' : 'You are not signed in' }] });
    return { scheduled: SCHEDULED_JOBS };
  });
}
