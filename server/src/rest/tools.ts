import type { FastifyInstance } from 'fastify';
import { integrationOpenApi } from './integration-openapi';
import { jobRoutes } from './jobs';
import { versionRoutes } from './version';

/** The back-office tools' server side: version, scheduled jobs, the integration API's OpenAPI page. */
export async function toolRoutes(app: FastifyInstance): Promise<void> {
  versionRoutes(app);
  jobRoutes(app);
  await integrationOpenApi(app);
}
