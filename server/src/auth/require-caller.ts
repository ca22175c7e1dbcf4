import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../access/caller';
import { UserError } from '../core/errors';
import { authMessages as m } from './env';

/**
 * The signed-in caller, or a 401 thrown to the error handler. Guards throw rather than send:
 * a handler that sent a reply and then returned a value made Fastify log 'Reply was already sent'.
 */
export function requireCaller(req: FastifyRequest, _reply?: FastifyReply): Caller {
  if (!req.caller) throw new UserError(m.notSignedIn, 'UNAUTHENTICATED', 401);
  return req.caller;
}
