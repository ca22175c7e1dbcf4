import { FeedbackCategory, getEntity } from '@hub/model';
import { FEEDBACK_MAX_LENGTH } from '@hub/model/site';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requirePerson, signedInCaller } from '../access/guards';
import { UserError } from '../core/errors';
import { SYSTEM_CALLER } from '../crud/hooks';
import { countRecords } from '../crud/list';
import { saveRecords } from '../crud/save';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import type { Mailer } from '../mail/mailer';
import { parseBody } from '../rest/body';

/** Messages one person may send in an hour: a flood never reaches SUPPORT_EMAIL. */
export const FEEDBACK_PER_HOUR = 10;

export const feedbackMessages = {
  category: 'category must be HELP or FEEDBACK',
  informationRequired: 'Information is required',
  informationTooLong: `Information must be at most ${FEEDBACK_MAX_LENGTH} characters`,
  email: 'email must be text',
  subject: (category: string, email: string) => `Safety Hub ${category.toLowerCase()} from ${email}`,
  mailFailed: 'Mailing a help or feedback message to SUPPORT_EMAIL failed (it is saved)',
  tooMany: `You have sent ${FEEDBACK_PER_HOUR} messages in the last hour. Please try again later, or call us.`,
} as const;

const body = z.object({
  category: z.enum(['HELP', 'FEEDBACK'], { error: feedbackMessages.category }),
  // The sender is the signed-in user: a different address from the client is ignored.
  email: z.string({ error: feedbackMessages.email }).max(1000, feedbackMessages.email).nullish(),
  information: z
    .string({ error: feedbackMessages.informationRequired })
    .max(FEEDBACK_MAX_LENGTH, feedbackMessages.informationTooLong)
    .refine((s) => s.trim().length > 0, feedbackMessages.informationRequired),
});

/**
 * POST /api/entity/FeedbackAndHelpEntity (the Contact Us page): saved through the crud with
 * the caller (the matrix lets members and administrators create), with the caller's own email;
 * mailed to SUPPORT_EMAIL when configured (the mailer keeps it in the outbox too). 201 {id}.
 */
export function feedbackRoutes(
  app: FastifyInstance,
  env: { db: Db; storage: FileStorage },
  services: { mailer: Mailer; supportEmail: string | null; log: (msg: string, err?: unknown) => void },
): void {
  app.post('/api/entity/FeedbackAndHelpEntity', { preHandler: requirePerson }, async (req, reply) => {
    const caller = signedInCaller(req);
    const { category, information } = parseBody(body, req.body);
    const since = new Date(Date.now() - 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const recent = await countRecords(env.db, SYSTEM_CALLER, getEntity('FeedbackAndHelpEntity'), {
      where: [
        { path: 'email', comparison: 'equal', value: [caller.email] },
        { path: 'created', comparison: 'greaterThanOrEqual', value: [since] },
      ],
    });
    if (recent >= FEEDBACK_PER_HOUR) throw new UserError(feedbackMessages.tooMany, 'TOO_MANY_REQUESTS', 429);
    const [id] = await saveRecords(
      env,
      caller,
      getEntity('FeedbackAndHelpEntity'),
      [{ category, email: caller.email, information }],
      'create',
      null,
    );
    if (services.supportEmail) {
      const label = FeedbackCategory.values[category];
      try {
        await services.mailer.send({
          to: services.supportEmail,
          subject: feedbackMessages.subject(label, caller.email),
          text: `${label} from ${caller.email}:\n\n${information}\n`,
        });
      } catch (err) {
        services.log(feedbackMessages.mailFailed, err);
      }
    }
    return reply.status(201).send({ id });
  });
}
