import type { FastifyInstance } from 'fastify';
import { guardMessages, requireAdmin } from '../access/guards';

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
  app.get('/api/jobs', { preHandler: requireAdmin(guardMessages.jobs) }, async () => {
    return { scheduled: SCHEDULED_JOBS };
  });
}
