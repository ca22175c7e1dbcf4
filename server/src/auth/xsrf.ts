import type {} from '@fastify/cookie';
import type {} from './cookies';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashToken, SESSION_COOKIE } from './session';
import type { Signer } from './secret';
import { routedPath } from './route-path';
import { ForbiddenError } from '../core/errors';
import { authMessages } from './env';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Posted to by the identity provider, protected by its signed assertion instead. */
const EXEMPT = ['/Saml/'];

/** The anti-forgery token of a session (or of no session): a signature only this server can make. */
export function xsrfToken(signer: Signer, sessionToken: string | null | undefined): string {
  return signer.mac(`xsrf:${sessionToken ? hashToken(sessionToken) : 'anonymous'}`);
}

function sessionOf(req: FastifyRequest): string | null | undefined {
  return req.newSessionToken !== undefined ? req.newSessionToken : req.cookies[SESSION_COOKIE];
}

/**
 * Every state-changing request (GraphQL included) must echo the XSRF-TOKEN cookie in the
 * X-XSRF-TOKEN header; requests signed with an API token carry no cookies and are exempt.
 */
export function xsrfProtection(app: FastifyInstance, signer: Signer): void {
  // The token of a session never changes: computed once per session (a bounded memo), not
  // twice per request (the check, then the cookie's).
  const memo = new Map<string, string>();
  const tokenOf = (session: string | null | undefined) => {
    const key = session ?? '';
    let token = memo.get(key);
    if (token === undefined) {
      if (memo.size >= 10_000) memo.clear();
      token = xsrfToken(signer, session);
      memo.set(key, token);
    }
    return token;
  };
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method) || EXEMPT.some((p) => routedPath(req).startsWith(p))) return;
    if (req.headers.authorization?.startsWith('Bearer ')) return;
    const sent = req.headers[XSRF_HEADER];
    const expected = tokenOf(req.cookies[SESSION_COOKIE]);
    if (typeof sent !== 'string' || !signer.equal(sent, expected)) throw new ForbiddenError(authMessages.xsrf);
  });
  app.addHook('onSend', async (req, reply) => {
    const expected = tokenOf(sessionOf(req));
    if (req.cookies[XSRF_COOKIE] !== expected)
      reply.setCookie(XSRF_COOKIE, expected, { path: '/', sameSite: 'lax', secure: req.protocol === 'https', httpOnly: false });
  });
}
