import { z } from 'zod';
import { safePath } from '@hub/model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authMessages as m, type AuthEnv } from '../auth/env';
import {
  PENDING_2FA_COOKIE,
  REMEMBER_2FA_COOKIE,
  REMEMBER_2FA_DAYS,
  clearSessionCookies,
  cookieOptions,
  startSession,
} from '../auth/cookies';
import { hashPassword, verifyPassword } from '../auth/password';
import { SESSION_COOKIE, endSession } from '../auth/session';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT, clearFailures, failuresOf, recordFailure } from '../auth/throttle';
import { consumeCode, consumeToken, issueCode, issueToken, peekToken } from '../auth/tokens';
import { totpStep } from '../auth/totp';
import type { AuthUser } from '../auth/users';
import { callerFromSession } from '../crud/callers';
import { findUserByEmail, findUserById, loadMe, setAuthState } from '../crud/users';
import { BadInputError, UnauthenticatedError, UserError } from '../core/errors';
import { parseBody } from '../rest/body';

const loginBody = z.object({ username: z.string().max(320), password: z.string().max(1024), rememberMe: z.boolean().optional() });
const twoFactorBody = z.object({
  token: z.string().max(64),
  method: z.string().max(32),
  rememberMe: z.boolean().optional(),
  rememberTwoFactor: z.boolean().optional(),
});

/** Verifying against this when the account does not exist keeps failures equally slow. */
let dummyHash: Promise<string> | null = null;

export async function sendEmailCode(env: AuthEnv, user: AuthUser): Promise<void> {
  const code = await issueCode(env.db, user.id, 10);
  await env.mailer.send({
    to: user.email,
    subject: 'Your Safety Hub sign-in code',
    text: `Your sign-in code is ${code}. It expires in 10 minutes. If you did not try to sign in, change your password.`,
  });
}

/** Whether the browser holds a remembered two-factor token for this user. */
async function rememberedTwoFactor(env: AuthEnv, req: FastifyRequest, userId: string): Promise<boolean> {
  const raw = env.signer.unsign(req.cookies[REMEMBER_2FA_COOKIE]);
  if (!raw) return false;
  const token = await peekToken(env.db, raw, 'remember2fa');
  return token?.userId === userId;
}

async function signedIn(env: AuthEnv, req: FastifyRequest, reply: FastifyReply, user: AuthUser, remember: boolean) {
  await startSession(env.db, env.config, req, reply, user, remember);
  const caller = await callerFromSession(env.db, req.newSessionToken!, env.config.sessionIdleMinutes);
  return { type: 'signed-in' as const, user: await loadMe(env.db, caller!) };
}

export function authorizationRoutes(app: FastifyInstance, env: AuthEnv): void {
  const { db } = env;

  app.post('/api/authorization/login', async (req, reply) => {
    const body = parseBody(loginBody, req.body);
    const addressKey = `ip:${req.ip}`;
    const emailKey = `email:${body.username.trim().toLowerCase()}`;
    if ((await failuresOf(db, addressKey)) >= ADDRESS_LIMIT) throw new UserError(m.tooManyAttempts, 'TOO_MANY_REQUESTS', 429);
    if ((await failuresOf(db, emailKey)) >= ACCOUNT_LIMIT) throw new UnauthenticatedError(m.lockedOut);

    const user = await findUserByEmail(db, body.username);
    dummyHash ??= hashPassword('not-a-real-password-for-timing');
    // An account without a password (single sign-on only, or cleared) still pays for a
    // verification, but against the dummy it can never pass.
    const ok = (await verifyPassword(user?.password ?? (await dummyHash), body.password)) && !!user?.password;
    // An account whose address is not confirmed yet answers like a wrong password (see
    // badCredentials), with the same side effects.
    if (!user || !ok || (user.kind === 'account' && !user.emailConfirmed)) {
      await recordFailure(db, addressKey);
      await recordFailure(db, emailKey);
      throw new UnauthenticatedError(m.badCredentials);
    }
    if (!user.active) throw new UnauthenticatedError(m.deactivated);
    await clearFailures(db, emailKey);

    if (user.twoFactorMethod && !(await rememberedTwoFactor(env, req, user.id))) {
      if (user.twoFactorMethod === 'email') await sendEmailCode(env, user);
      const pending = await issueToken(db, user.id, 'login2fa', 10, { rememberMe: !!body.rememberMe, tries: 0 });
      reply.setCookie(PENDING_2FA_COOKIE, env.signer.sign(pending), { ...cookieOptions(req), maxAge: 600 });
      return { type: 'two-factor-required', method: user.twoFactorMethod };
    }
    return signedIn(env, req, reply, user, !!body.rememberMe);
  });

  app.post('/api/authorization/validate-2fa', async (req, reply) => {
    const body = parseBody(twoFactorBody, req.body);
    const raw = env.signer.unsign(req.cookies[PENDING_2FA_COOKIE]);
    const pending = raw ? await peekToken<{ rememberMe: boolean }>(db, raw, 'login2fa') : null;
    const user = pending ? await findUserById(db, pending.userId) : null;
    if (!raw || !pending || !user || !user.twoFactorMethod) throw new UnauthenticatedError(m.twoFactorExpired);
    if (body.method !== user.twoFactorMethod) throw new BadInputError(m.invalidMethod);
    const attemptsKey = `2fa:${user.id}`;
    if ((await failuresOf(db, attemptsKey)) >= ACCOUNT_LIMIT) throw new UnauthenticatedError(m.lockedOut);

    let valid = false;
    if (user.twoFactorMethod === 'authenticator' && user.totpSecret) {
      const step = totpStep(user.totpSecret, body.token);
      // A code works once: its time step must be later than the last one used.
      valid = step !== null && step > (user.totpLastStep ?? 0);
      if (valid) await setAuthState(db, user, { totp_last_step: step });
    } else if (user.twoFactorMethod === 'email') valid = await consumeCode(db, user.id, body.token);
    if (!valid) {
      await recordFailure(db, attemptsKey);
      throw new UnauthenticatedError(user.twoFactorMethod === 'email' ? m.invalidEmailCode : m.invalidAuthenticatorCode);
    }
    await clearFailures(db, attemptsKey);
    if (!(await consumeToken(db, raw, 'login2fa'))) throw new UnauthenticatedError(m.twoFactorExpired);
    reply.clearCookie(PENDING_2FA_COOKIE, cookieOptions(req));
    if (body.rememberTwoFactor) {
      const remember = await issueToken(db, user.id, 'remember2fa', REMEMBER_2FA_DAYS * 24 * 60);
      reply.setCookie(REMEMBER_2FA_COOKIE, env.signer.sign(remember), { ...cookieOptions(req), maxAge: REMEMBER_2FA_DAYS * 86400 });
    }
    return signedIn(env, req, reply, user, body.rememberMe ?? pending.data?.rememberMe ?? false);
  });

  // A page the browser navigates to: a hostile return path (a NUL included) still signs out and lands on '/'.
  app.get<{ Querystring: { redirect?: unknown; clean?: string } }>(
    '/api/authorization/logout',
    { config: { navigation: true } },
    async (req, reply) => {
      const token = req.cookies[SESSION_COOKIE];
      if (token) await endSession(db, token);
      clearSessionCookies(req, reply);
      // Only paths of this site: never an open redirect.
      return reply.redirect(safePath(req.query.redirect));
    },
  );
}
