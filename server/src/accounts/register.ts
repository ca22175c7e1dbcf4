import { randomUUID } from 'node:crypto';
import { GROUPS, getEntity, messages, type EntityName } from '@hub/model';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { AuthEnv } from '../auth/env';
import { authMessages as m } from '../auth/env';
import { consumeToken, issueToken } from '../auth/tokens';
import { hashPassword } from '../auth/password';
import { mailKeys, mayMail } from '../auth/throttle';
import { BadInputError, NotFoundError, UserError, ValidationError } from '../core/errors';
import { saveRecords } from '../crud/save';
import { findUserByEmail, setAuthState, setPasswordHash } from '../crud/users';
import type { FileStorage } from '../files/storage';
import type { Caller } from '../access/caller';
import { parseBody } from '../rest/body';
import { checkNewPassword, link } from './account';

/** The user types people may register as, by the kebab-case path of the spec. */
export const REGISTERABLE: Record<string, EntityName> = { 'mehub-account-entity': 'MehubAccountEntity' };
const REGISTRAR: Caller = {
  userId: '00000000-0000-4000-8000-000000000001',
  kind: 'admin',
  groups: [GROUPS.superAdministrators],
  role: null,
  roleId: null,
  organisationId: null,
  email: 'registration',
  selfRegistration: true,
};

/** A save refused because the address (or user name) is already used. */
function isTaken(err: unknown): boolean {
  if (err instanceof ValidationError) return err.issues.some((i) => i.code === 'exists');
  return err instanceof UserError && err.message.includes(messages.unique);
}

export function registerRoutes(app: FastifyInstance, env: AuthEnv, storage: FileStorage): void {
  const { db } = env;

  app.get('/api/register', async () => Object.keys(REGISTERABLE));

  app.post<{ Params: { entity: string } }>('/api/register/:entity', async (req, reply) => {
    if (req.params.entity === 'confirm-email') return reply.callNotFound();
    const entityName = Object.hasOwn(REGISTERABLE, req.params.entity) ? REGISTERABLE[req.params.entity] : undefined;
    if (!entityName) throw new NotFoundError(`Registration is not offered for ${req.params.entity}`);
    const body = parseBody(
      z.object({
        email: z.string().email('This is not a valid email address'),
        password: z.string().max(1024),
        confirmPassword: z.string().max(1024),
        firstname: z.string().max(200).optional(),
        surname: z.string().max(200).optional(),
        mobileNumber: z.string().max(50).optional(),
      }),
      req.body,
    );
    const problem = checkNewPassword(body.password);
    if (problem) throw new BadInputError(problem);
    if (body.password !== body.confirmPassword) throw new BadInputError(m.passwordsDiffer);
    // The answer is the same whether or not the address already has an account (same status,
    // same body, about the same time): only the owner of the address learns, by mail.
    const answer = (id: string) => ({ id, email: body.email, message: 'Please check your email to confirm your address.' });
    const existing = await findUserByEmail(db, body.email);
    if (existing) {
      const passwordHash = await hashPassword(body.password); // also the time a new account's password takes
      // Registered before but never confirmed (the mail was lost or expired): a fresh link,
      // which sets the password chosen now when it is opened, so only the holder of the
      // address decides it. Otherwise the owner is told, and nothing changes.
      if (existing.kind === 'account' && !existing.emailConfirmed) await sendConfirmation(existing, req.ip, passwordHash);
      else await warnOwner(existing, req.ip);
      return answer(randomUUID());
    }
    let id: string;
    try {
      // Registration is open to visitors: it writes through the model's checks as the registrar, fields limited above.
      [id] = await saveRecords({ db, storage }, REGISTRAR, getEntity(entityName), [{ ...body, userName: body.email }], 'create', null);
    } catch (err) {
      // Registered a moment ago by someone else (or the user name is taken): the same answer.
      if (!isTaken(err)) throw err;
      const owner = await findUserByEmail(db, body.email);
      if (owner) await warnOwner(owner, req.ip);
      return answer(randomUUID());
    }
    await db.query(`INSERT INTO user_group (user_id, group_name) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [id, GROUPS.member]);
    await setAuthState(db, { id, kind: 'account' }, { email_confirmed: false });
    await sendConfirmation({ id, email: body.email }, req.ip, null);
    return answer(id);
  });

  /** The confirmation link of a registration (`passwordHash`: the password a repeated registration chose). */
  async function sendConfirmation(account: { id: string; email: string }, client: string, passwordHash: string | null): Promise<void> {
    if (!(await mayMail(db, mailKeys('register', account.email, account.id, client)))) return;
    const token = await issueToken(db, account.id, 'confirm', 60 * 24 * 3, passwordHash ? { passwordHash } : undefined);
    await env.mailer.send({
      to: account.email,
      subject: 'Confirm your Safety Hub email address',
      text: `Welcome to the Safety Hub. To confirm your email address and finish registering, open this link within three days:\n\n${link(env.config, '/confirm-email', { token, username: account.email })}`,
    });
  }

  /** Someone tried to register with the address of an existing account: tell its owner, not the visitor. */
  async function warnOwner(owner: { id: string; email: string }, client: string): Promise<void> {
    if (!(await mayMail(db, mailKeys('register', owner.email, owner.id, client)))) return;
    await env.mailer.send({
      to: owner.email,
      subject: 'Someone tried to register with your Safety Hub address',
      text:
        `Someone tried to register a new Safety Hub account with your address, ${owner.email}, which already has an account.\n\n` +
        `If it was you, sign in:\n\n${link(env.config, '/admin_login', {})}\n\n` +
        `or, if you have forgotten your password, reset it:\n\n${link(env.config, '/reset-password-request', {})}\n\n` +
        'If it was not you, ignore this email: nothing about your account has changed.',
    });
  }

  app.post('/api/register/confirm-email', async (req) => {
    const body = parseBody(z.object({ token: z.string().max(128), email: z.string().max(320) }), req.body);
    const user = await findUserByEmail(db, body.email);
    const token = user ? await consumeToken<{ passwordHash?: string }>(db, body.token, 'confirm') : null;
    if (!user || !token || token.userId !== user.id) throw new BadInputError(m.badConfirmToken);
    // A link of a repeated registration carries the password chosen then.
    const passwordHash = token.data?.passwordHash;
    if (user.kind === 'account' && typeof passwordHash === 'string') await setPasswordHash(db, user, passwordHash);
    await setAuthState(db, user, { email_confirmed: true });
    return { message: 'Your email address is confirmed. You can now sign in.' };
  });
}
