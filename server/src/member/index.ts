import type { FastifyInstance } from 'fastify';
import type { ReminderSettings, SiteSettings } from '../config';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import type { Mailer } from '../mail/mailer';
import { activityRoutes } from './activity-routes';
import { feedbackRoutes } from './feedback-routes';
import { readingRoutes } from './reading-routes';
import { siteRoutes } from './site-routes';

/**
 * The member site's reading API (issue 10, server side; shapes in model/src/site.ts): the
 * site's frame and page views, the global search, safety link sections and libraries, recent
 * activity and the contact form.
 */
export function memberRoutes(
  app: FastifyInstance,
  env: { db: Db; storage: FileStorage },
  services: { site: SiteSettings; reminders: ReminderSettings; mailer: Mailer; log: (msg: string, err?: unknown) => void },
): void {
  siteRoutes(app, env.db, services.site);
  readingRoutes(app, env.db);
  activityRoutes(app, env.db, services.reminders);
  feedbackRoutes(app, env, { mailer: services.mailer, supportEmail: services.site.supportEmail, log: services.log });
}
