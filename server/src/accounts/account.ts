import { randomUUID } from 'node:crypto';
import { PASSWORD_MAX, PASSWORD_MIN } from '@hub/model';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertSelfOrAdmin, guardMessages, signedInCaller as requireCaller } from '../access/guards';
import { BadInputError, NotFoundError } from '../core/errors';
import { authMessages as m, type AuthEnv } from '../auth/env';
import { endUserSessions } from '../auth/session';
import { clearFailures, mailKeys, mayMail } from '../auth/throttle';
import { consumeCode, consumeToken, issueToken, revokeTokens } from '../auth/tokens';
import { newTotpSecret, totpSetup, totpStep } from '../auth/totp';
import { findUserByEmail, loadMe, setAuthState, setPassword } from '../crud/users';
import type { FileStorage } from '../files/storage';
import { parseBody } from '../rest/body';
import { sendEmailCode } from './authorization';
import { apiKeyRoutes } from './api-keys';
import { usersRoutes } from './users';

export const TWO_FACTOR_METHODS = ['authenticator', 'email'] as const;

/**
 * A reset or sign-up link to the web app, always on the configured PUBLIC_URL: never
 * built from the request's Host or X-Forwarded-Host, which a client chooses.
 */
export function link(config: { publicUrl: string }, path: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${config.publicUrl}${path}${query ? `?${query}` : ''}`;
}

export function checkNewPassword(password: string): string | null {
  if (password.length < PASSWORD_MIN) return m.passwordLength;
  if (password.length > PASSWORD_MAX) return m.passwordTooLong;
  return null;
}

export function accountRoutes(app: FastifyInstance, env: AuthEnv, storage: FileStorage): void {
  const { db } = env;

  app.get('/api/account/me', async (req) => loadMe(db, requireCaller(req)));

  app.post('/api/account/reset-password-request', async (req, reply) => {
    const { username } = parseBody(z.object({ username: z.string().email('This is not a valid email address') }), req.body);
    const user = await findUserByEmail(db, username);
    // The same answer whether or not the account exists, and whether or not the mail limit is
    // reached, in the same time: the same limits are counted (an unknown address under a key of
    // its own), one token is issued (for an unknown address, to no one) and the mail is started
    // without waiting for the mail server.
    const allowed = await mayMail(db, mailKeys('reset', username, user?.id ?? `unknown:${username.trim().toLowerCase()}`, req.ip));
    const mailed = !!user && user.active && allowed;
    const token = await issueToken(db, mailed ? user.id : randomUUID(), 'reset', 60);
    if (mailed)
      env.mailer
        .send({
          to: user.email,
          subject: 'Reset your Safety Hub password',
          text: `Someone asked to reset the password of ${user.email}. To choose a new password, open this link within an hour:\n\n${link(env.config, '/reset-password', { token, username: user.email })}\n\nIf it was not you, ignore this email: your password stays as it is.`,
        })
        .catch((err: unknown) => req.log.error({ err }, `Sending mail to ${user.email} failed`));
    return reply.send({ message: `Reset Password Email has been sent to ${username}` });
  });

  app.post('/api/account/reset-password', async (req) => {
    const body = parseBody(
      z.object({ token: z.string().max(128), username: z.string().max(320), password: z.string().max(1024) }),
      req.body,
    );
    const problem = checkNewPassword(body.password);
    if (problem) throw new BadInputError(problem);
    const user = await findUserByEmail(db, body.username);
    const token = user ? await consumeToken(db, body.token, 'reset') : null;
    if (!user || !token || token.userId !== user.id) throw new BadInputError(m.badResetToken);
    await setPassword(db, user, body.password);
    // The reset link came by mail: whoever used it holds the address, so it is confirmed too
    // (a member who lost the confirmation mail gets in this way).
    if (user.kind === 'account' && !user.emailConfirmed) await setAuthState(db, user, { email_confirmed: true });
    // A new password ends every session and forgets remembered devices.
    await endUserSessions(db, user.id);
    // Confirmation links still open are spent too: each carries a password chosen at a registration.
    await revokeTokens(db, user.id, ['reset', 'confirm', 'remember2fa', 'login2fa']);
    await clearFailures(db, `email:${user.email.toLowerCase()}`);
    return { message: 'Your password has been reset' };
  });

  /** The user a two-factor call is about: oneself, or anyone for an administrator. */
  async function subject(req: FastifyRequest, userName: string) {
    const { self } = assertSelfOrAdmin(requireCaller(req), userName, guardMessages.ownTwoFactor);
    const user = await findUserByEmail(db, userName);
    if (!user) throw new NotFoundError(`No user ${userName}`);
    return { user, self };
  }

  app.get<{ Querystring: { userName?: string } }>('/api/account/valid-2fa', async (req) => {
    await subject(req, req.query.userName ?? req.caller?.email ?? '');
    return [...TWO_FACTOR_METHODS];
  });

  app.post('/api/account/configure-2fa', async (req) => {
    const body = parseBody(z.object({ method: z.string(), userName: z.string(), token: z.string().optional() }), req.body);
    if (!TWO_FACTOR_METHODS.includes(body.method as never)) throw new BadInputError(m.invalidMethod);
    const { user, self } = await subject(req, body.userName);
    if (body.method === 'authenticator') {
      if (!body.token) {
        // Step one: a new key, kept aside until a code proves the app has it.
        const secret = newTotpSecret();
        await revokeTokens(db, user.id, ['totp-setup']);
        await issueToken(db, user.id, 'totp-setup', 15, { secret });
        if (!self) await setAuthState(db, user, { two_factor_method: 'authenticator', totp_secret: secret, totp_last_step: null });
        return { method: 'authenticator', enabled: !self, ...(await totpSetup(secret, user.email)) };
      }
      const { rows } = await db.query<{ id: string; data: string }>(
        `SELECT id, data FROM auth_token WHERE user_id = $1 AND purpose = 'totp-setup' AND used_at IS NULL AND expires > now() ORDER BY created DESC LIMIT 1`,
        [user.id],
      );
      const secret = rows[0] ? (JSON.parse(rows[0].data) as { secret: string }).secret : null;
      const step = secret ? totpStep(secret, body.token) : null;
      if (!secret || step === null) throw new BadInputError(m.invalidAuthenticatorCode);
      await db.query('UPDATE auth_token SET used_at = now() WHERE id = $1', [rows[0].id]);
      await setAuthState(db, user, { two_factor_method: 'authenticator', totp_secret: secret, totp_last_step: step });
      return { method: 'authenticator', enabled: true, message: 'Successfully enabled two factor authentication' };
    }
    // Email: a code to the address proves it can be read; an administrator may switch it on directly.
    if (!self) {
      await setAuthState(db, user, { two_factor_method: 'email', totp_secret: null });
      return { method: 'email', enabled: true, message: 'Successfully enabled two factor authentication' };
    }
    if (!body.token) {
      await sendEmailCode(env, user);
      return { method: 'email', enabled: false, codeSentTo: user.email };
    }
    if (!(await consumeCode(db, user.id, body.token))) throw new BadInputError(m.invalidEmailCode);
    await setAuthState(db, user, { two_factor_method: 'email', totp_secret: null });
    return { method: 'email', enabled: true, message: 'Successfully enabled two factor authentication' };
  });

  app.post('/api/account/disable-2fa', async (req) => {
    const body = parseBody(z.object({ userName: z.string() }), req.body);
    const s = await subject(req, body.userName);
    await setAuthState(db, s.user, { two_factor_method: null, totp_secret: null, totp_last_step: null });
    await revokeTokens(db, s.user.id, ['remember2fa', 'totp-setup']);
    return { message: 'Two factor authentication disabled' };
  });

  apiKeyRoutes(app, { db, storage });
  usersRoutes(app, env);
}
