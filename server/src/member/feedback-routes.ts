import { FeedbackCategory, getEntity } from '@hub/model';
import { FEEDBACK_MAX_LENGTH } from '@hub/model/site';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requirePerson, signedInCaller } from '../access/guards';
import { saveRecords } from '../crud/save';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import type { Mailer } from '../mail/mailer';
import { parseBody } from '../rest/body';

export const feedbackMessages = {
  category: 'category must be HELP or FEEDBACK',
  informationRequired: 'Information is required',
  informationTooLong: `Information must be at most ${FEEDBACK_MAX_LENGTH} characters`,
  email: 'email must be text',
  subject: (category: string, email: string) => `Safety Hub ${category.toLowerCase()} from ${email}`,
  mailFailed: 'Mailing a help or feedback message to SUPPORT_EMAIL failed (it is saved)',
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
