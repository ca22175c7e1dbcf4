import { randomBytes, randomUUID } from 'node:crypto';
import { GROUPS, getEntity, messages, type EntityName } from '@hub/model';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthEnv } from '../auth/env';
import { authMessages as m } from '../auth/env';
import { cookieOptions } from '../auth/cookies';
import { endUserSessions, hashToken } from '../auth/session';
import { consumeToken, issueToken, revokeTokens } from '../auth/tokens';
import { hashPassword } from '../auth/password';
import { mailKeys, mayMail } from '../auth/throttle';
import { BadInputError, NotFoundError, UserError, ValidationError } from '../core/errors';
import { saveRecords } from '../crud/save';
import { clearPassword, findUserByEmail, setAuthState, setPasswordHash } from '../crud/users';
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

/** The cookie of the browser that registered (signed; its hash is kept in the confirmation link's token). */
export const REGISTRATION_COOKIE = 'hub_registration';
/** How long a confirmation link (and the set-password link of a confirmation elsewhere) works: three days. */
const CONFIRM_MINUTES = 60 * 24 * 3;

interface ConfirmData {
  browser?: string;
  passwordHash?: string;
}

const registrationBody = z.object({
  email: z.string().email('This is not a valid email address'),
  password: z.string().max(1024),
  confirmPassword: z.string().max(1024),
  firstname: z.string().max(200).optional(),
  surname: z.string().max(200).optional(),
  mobileNumber: z.string().max(50).optional(),
});
type RegistrationBody = z.infer<typeof registrationBody>;

/** Thrown to roll back the rehearsal of an account creation. */
class Rehearsed extends Error {}

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
    const body = parseBody(registrationBody, req.body);
    const problem = checkNewPassword(body.password);
    if (problem) throw new BadInputError(problem);
    if (body.password !== body.confirmPassword) throw new BadInputError(m.passwordsDiffer);
    // The answer is the same whether or not the address already has an account (same status,
    // same body, same cookie, the same work and so the same time): only the owner of the
    // address learns, by mail. Both paths hash the password once, run the same account
    // creation (for a known address, on a throwaway address, rolled back), count the same
    // mail limits, issue one token and start one mail without waiting for the mail server.
    const answer = (id: string) => ({ id, email: body.email, message: 'Please check your email to confirm your address.' });
    const browser = registrationBrowser(req, reply);
    const passwordHash = await hashPassword(body.password);
    const existing = await findUserByEmail(db, body.email);
    let id: string | null;
    try {
      id = await createAccount(entityName, body, passwordHash, !!existing);
    } catch (err) {
      // Registered a moment ago by someone else (or the user name is taken): the same answer.
      if (!isTaken(err)) throw err;
      id = null;
    }
    const owner = existing ?? (id ? null : await findUserByEmail(db, body.email));
    if (id) await sendConfirmation(req, { id, email: body.email }, { browser });
    else if (owner && owner.kind === 'account' && !owner.emailConfirmed)
      // Registered before but never confirmed (the mail was lost or expired): a fresh link. It
      // sets the password chosen now only when opened in this browser (registrationBrowser):
      // the owner of the address opening it elsewhere chooses their own (confirm-email).
      await sendConfirmation(req, owner, { browser, passwordHash });
    else if (owner) await warnOwner(req, owner);
    return answer(id ?? randomUUID());
  });

  /** The registration's cookie: a new random value, of which the confirmation link keeps the hash. */
  function registrationBrowser(req: FastifyRequest, reply: FastifyReply): string {
    const nonce = randomBytes(24).toString('base64url');
    reply.setCookie(REGISTRATION_COOKIE, env.signer.sign(nonce), {
      ...cookieOptions(req),
      path: '/api/register',
      maxAge: CONFIRM_MINUTES * 60,
    });
    return hashToken(nonce);
  }

  /**
   * Creates the account (member, address not confirmed, the password already hashed); for
   * an address that has an account (`rehearsal`), the same work on a throwaway address,
   * rolled back, so that both answers take the same time. Answers the new id, or null.
   */
  async function createAccount(entityName: EntityName, body: RegistrationBody, passwordHash: string, rehearsal: boolean) {
    const { password: _p, confirmPassword: _c, ...fields } = body;
    const email = rehearsal ? `rehearsal-${randomUUID()}@registration.invalid` : body.email;
    try {
      return await db.transaction(async (tx) => {
        // Registration is open to visitors: it writes through the model's checks as the registrar, fields limited above.
        const [id] = await saveRecords(
          { db: tx, storage },
          REGISTRAR,
          getEntity(entityName),
          [{ ...fields, email, userName: email }],
          'create',
          null,
        );
        await setPasswordHash(tx, { id, kind: 'account' }, passwordHash);
        await tx.query(`INSERT INTO user_group (user_id, group_name) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [id, GROUPS.member]);
        await setAuthState(tx, { id, kind: 'account' }, { email_confirmed: false });
        if (rehearsal) throw new Rehearsed();
        return id;
      });
    } catch (err) {
      if (err instanceof Rehearsed) return null;
      throw err;
    }
  }

  /** Starts sending a mail and answers at once: the time the mail server takes must not tell known addresses apart. */
  function startMail(req: FastifyRequest, mail: Parameters<AuthEnv['mailer']['send']>[0]): void {
    env.mailer.send(mail).catch((err: unknown) => req.log.error({ err }, `Sending mail to ${mail.to} failed`));
  }

  /**
   * The confirmation link of a registration. `data.browser`: the hash of the registering
   * browser's cookie; `data.passwordHash`: the password a repeated registration chose.
   */
  async function sendConfirmation(req: FastifyRequest, account: { id: string; email: string }, data: ConfirmData): Promise<void> {
    const allowed = await mayMail(db, mailKeys('register', account.email, account.id, req.ip));
    const token = await issueToken(db, allowed ? account.id : randomUUID(), 'confirm', CONFIRM_MINUTES, data);
    if (!allowed) return;
    startMail(req, {
      to: account.email,
      subject: 'Confirm your Safety Hub email address',
      text: `Welcome to the Safety Hub. To confirm your email address and finish registering, open this link within three days:\n\n${link(env.config, '/confirm-email', { token, username: account.email })}`,
    });
  }

  /** Someone tried to register with the address of an existing account: tell its owner, not the visitor. */
  async function warnOwner(req: FastifyRequest, owner: { id: string; email: string }): Promise<void> {
    const allowed = await mayMail(db, mailKeys('register', owner.email, owner.id, req.ip));
    // The same token work as a confirmation link (a new account's path), never used.
    await issueToken(db, randomUUID(), 'confirm', CONFIRM_MINUTES);
    if (!allowed) return;
    startMail(req, {
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
    const token = user ? await consumeToken<ConfirmData>(db, body.token, 'confirm') : null;
    if (!user || !token || token.userId !== user.id) throw new BadInputError(m.badConfirmToken);
    // The link proves the address; the password was chosen by whoever registered. Only the
    // browser that registered (its cookie matches the link) gets that password: anyone else
    // opening the link holds the address but did not choose the password (a visitor may have
    // registered someone else's address), so the account keeps none and the address's owner
    // chooses one through a link mailed to it.
    const nonce = env.signer.unsign(req.cookies[REGISTRATION_COOKIE]);
    const sameBrowser = !!nonce && typeof token.data?.browser === 'string' && hashToken(nonce) === token.data.browser;
    await setAuthState(db, user, { email_confirmed: true });
    // Every other confirmation link of the account is spent: each carries a registration's password.
    await revokeTokens(db, user.id, ['confirm']);
    if (user.kind !== 'account') return { message: m.emailConfirmed };
    if (sameBrowser) {
      const passwordHash = token.data?.passwordHash;
      if (typeof passwordHash === 'string') await setPasswordHash(db, user, passwordHash);
      return { message: m.emailConfirmed };
    }
    await clearPassword(db, user);
    await endUserSessions(db, user.id);
    const reset = await issueToken(db, user.id, 'reset', CONFIRM_MINUTES);
    startMail(req, {
      to: user.email,
      subject: 'Choose your Safety Hub password',
      text:
        `Your email address, ${user.email}, is confirmed. The password given when it was registered works only when the ` +
        'confirmation link is opened in the browser that registered, so it has been removed and nobody can sign in with it. ' +
        `To choose your password, open this link within three days:\n\n${link(env.config, '/reset-password', { token: reset, username: user.email })}\n\n` +
        'If you did not register on the Safety Hub, someone else entered your address: choosing your password keeps the account yours.',
    });
    return { message: m.emailConfirmedChoosePassword };
  });
}
