import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../access/caller';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { SESSION_COOKIE, createSession, hashToken } from './session';

export const PENDING_2FA_COOKIE = 'hub_2fa';
export const REMEMBER_2FA_COOKIE = 'hub_2fa_remember';
export const REMEMBER_ME_DAYS = 30;
export const REMEMBER_2FA_DAYS = 14;

declare module 'fastify' {
  interface FastifyRequest {
    /** The session this response starts (sign-in), for the anti-forgery cookie. */
    newSessionToken?: string | null;
  }
}

export const cookieOptions = (req: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: req.protocol === 'https',
});

/** Starts a session with a new id (never one the browser brought) and sets its cookie. */
export async function startSession(
  db: Db,
  config: Config,
  req: FastifyRequest,
  reply: FastifyReply,
  user: { id: string; kind: Caller['kind'] },
  remember: boolean,
): Promise<void> {
  const old = req.cookies[SESSION_COOKIE];
  if (old) await db.query('DELETE FROM session WHERE id = $1', [hashToken(old)]);
  const hours = remember ? REMEMBER_ME_DAYS * 24 : config.sessionAbsoluteHours;
  const token = await createSession(db, user.id, user.kind, hours, remember);
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(req), ...(remember ? { maxAge: hours * 3600 } : {}) });
  req.newSessionToken = token;
}

export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req));
  reply.clearCookie(PENDING_2FA_COOKIE, cookieOptions(req));
  req.newSessionToken = null;
}
