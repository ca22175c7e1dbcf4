import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { guardMessages, requireAdmin, signedInCaller } from '../access/guards';
import { NotFoundError } from '../core/errors';
import { runnerMessages, type JobRunner } from './runner';

const jobName = z.string().regex(/^[a-z][a-z0-9-]{0,63}$/);

/**
 * The jobs page's routes (the sidebar's Hangfire link), for administrators:
 * GET /api/jobs: each job's schedule, last and next run, recent runs and failures;
 * POST /api/jobs/:name/run: run a job now (answers 202 with the attempt it started).
 */
export function jobRoutes(app: FastifyInstance, runner: JobRunner): void {
  app.get('/api/jobs', { preHandler: requireAdmin(guardMessages.jobs) }, async () => {
    return { scheduled: runner.scheduled, serverId: runner.serverId, jobs: await runner.status() };
  });
  app.post<{ Params: { name: string } }>('/api/jobs/:name/run', { preHandler: requireAdmin(guardMessages.runJobs) }, async (req, reply) => {
    const name = jobName.safeParse(req.params.name);
    if (!name.success) throw new NotFoundError(runnerMessages.unknownJob(req.params.name.slice(0, 64)));
    const run = await runner.runNow(name.data, signedInCaller(req).email);
    return reply.status(202).send(run);
  });
}
