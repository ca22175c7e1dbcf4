import { getEntity } from '@hub/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isColleagueOrAdmin, signedInCaller as requireCaller } from '../access/guards';
import { findUserByEmail } from '../crud/users';
import { NotFoundError } from '../core/errors';
import type { HookServices } from '../crud/hooks';
import { listRecords } from '../crud/list';
import type { Db } from '../db/client';
import { parseBody } from '../rest/body';
import { submissionNotificationMail } from './notify';

/** POST /api/account/send-submission-notification-email: tells a colleague about a submission the caller can read. */
export function notifyRoutes(app: FastifyInstance, db: Db, services: HookServices): void {
  app.post('/api/account/send-submission-notification-email', async (req) => {
    const caller = requireCaller(req);
    const body = parseBody(z.object({ userName: z.string().max(320), submissionId: z.string().uuid() }), req.body);
    // The submission must be one the caller may read; the recipient a colleague (or anyone, for administrators).
    const [submission] = (await listRecords(
      db,
      caller,
      getEntity('FormSubmissionsEntity'),
      { ids: [body.submissionId], take: 1 },
      {
        id: true,
        isCompleted: true,
        mehubAccount: { firstname: true, surname: true, email: true, memberOrganisationId: true },
        formVersion: { form: { name: true, formType: true } },
      },
    )) as {
      id: string;
      mehubAccount: { firstname: string | null; surname: string | null; email: string; memberOrganisationId: string | null } | null;
      formVersion: { form: { name: string; formType: string } | null } | null;
    }[];
    if (!submission) throw new NotFoundError('The submission does not exist or you are not allowed to see it');
    const recipient = await findUserByEmail(db, body.userName);
    const colleague = recipient && isColleagueOrAdmin(caller, recipient.organisationId);
    if (!recipient || !colleague) throw new NotFoundError(`No colleague ${body.userName}`);
    const form = submission.formVersion?.form;
    await services.mailer.send(
      submissionNotificationMail({
        to: recipient.email,
        formName: form?.name,
        formType: form?.formType,
        submissionId: submission.id,
        owner: submission.mehubAccount,
        baseUrl: services.publicUrl,
      }),
    );
    return { message: `Notification sent to ${recipient.email}` };
  });
}
