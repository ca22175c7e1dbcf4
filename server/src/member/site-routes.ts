import { PAGE_VIEW_PAGES, type SiteConfig } from '@hub/model/site';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requirePerson, signedInCaller } from '../access/guards';
import type { SiteSettings } from '../config';
import type { Db } from '../db/client';
import { parseBody } from '../rest/body';

export const siteMessages = {
  badPage: `page must be one of ${PAGE_VIEW_PAGES.join(', ')}`,
} as const;

/**
 * The member site's frame: GET /api/site (open to visitors: the frame shows before sign-in)
 * and POST /api/site/page-view (signed-in people; a page of PAGE_VIEW_PAGES).
 */
export function siteRoutes(app: FastifyInstance, db: Db, site: SiteSettings): void {
  const answer: SiteConfig = { links: { ...site.links }, supportPhone: site.supportPhone, testMode: site.testMode };

  app.get('/api/site', async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return answer;
  });

  const pageView = z.object({ page: z.enum(PAGE_VIEW_PAGES, { error: siteMessages.badPage }) });
  app.post('/api/site/page-view', { preHandler: requirePerson }, async (req, reply) => {
    const caller = signedInCaller(req);
    const { page } = parseBody(pageView, req.body);
    await db.query('INSERT INTO page_view (user_id, page) VALUES ($1, $2)', [caller.userId, page]);
    return reply.status(204).send();
  });
}
