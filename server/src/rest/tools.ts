import type { FastifyInstance } from 'fastify';
import { integrationOpenApi } from './integration-openapi';
import { versionRoutes } from './version';

/** The back-office tools' generic server side: version and the integration API's OpenAPI page (the jobs page is jobs/). */
export async function toolRoutes(app: FastifyInstance): Promise<void> {
  versionRoutes(app);
  await integrationOpenApi(app);
}
