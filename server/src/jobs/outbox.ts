import type { FastifyInstance } from 'fastify';
import { guardMessages, requireAdmin } from '../access/guards';
import type { Db } from '../db/client';

/** GET /api/mail/outbox: the newest mail the hub wrote, for administrators (all there is without SMTP). */
export function outboxRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: { to?: string } }>('/api/mail/outbox', { preHandler: requireAdmin(guardMessages.outbox) }, async (req) => {
    const { rows } = await db.query(
      `SELECT id, to_char(created, 'YYYY-MM-DD HH24:MI:SS') AS created, "to", subject, text,
              to_char(sent_at, 'YYYY-MM-DD HH24:MI:SS') AS "sentAt", error
       FROM mail_outbox WHERE ($1::text IS NULL OR lower("to") = lower($1)) ORDER BY created DESC LIMIT 50`,
      [req.query.to ?? null],
    );
    return rows;
  });
}
