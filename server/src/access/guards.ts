import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasRoleFact, type roleFacts } from '@hub/model';
import { ForbiddenError, UnauthenticatedError } from '../core/errors';
import { isAdministrator, type Caller } from './caller';

/**
 * The REST routes' guards, as Fastify pre-handlers (`app.get(path, { preHandler: requireAdmin(...) }, handler)`):
 * who may call a route is decided here, before its handler runs, never inside it.
 */
export type Guard = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export const guardMessages = {
  notSignedIn: 'You are not signed in',
  users: 'Only administrators can manage users',
  outbox: 'Only administrators can read the outbox',
  jobs: 'Only administrators can read the jobs',
  runJobs: 'Only administrators can run jobs',
  apiTokens: 'Only managers of a member organisation can manage API tokens',
  ownTwoFactor: 'You may only change your own two-factor settings',
} as const;

/**
 * The signed-in caller, or a 401 thrown to the error handler. Guards throw rather than send:
 * a handler that sent a reply and then returned a value made Fastify log 'Reply was already sent'.
 */
export function signedInCaller(req: FastifyRequest, _reply?: FastifyReply): Caller {
  if (!req.caller) throw new UnauthenticatedError(guardMessages.notSignedIn);
  return req.caller;
}

/** Pre-handler: any signed-in caller (else 401 'You are not signed in'). */
export const requireSignedIn: Guard = async (req) => {
  signedInCaller(req);
};

/** Pre-handler: a signed-in person, not an API token (else 401 'You are not signed in'). */
export const requirePerson: Guard = async (req) => {
  if (!req.caller || req.caller.kind === 'token') throw new UnauthenticatedError(guardMessages.notSignedIn);
};

/**
 * Pre-handler: administrator groups only. A visitor gets 401 'You are not signed in', anyone
 * else 403 with `message` (what the route is for).
 */
export function requireAdmin(message: string): Guard {
  return async (req) => {
    if (isAdministrator(req.caller)) return;
    if (!req.caller) throw new UnauthenticatedError(guardMessages.notSignedIn);
    throw new ForbiddenError(message);
  };
}

/**
 * Pre-handler: a member of an organisation whose role has `fact` (model/src/roles.ts); a
 * visitor gets 401, anyone else (administrators included: they belong to no organisation) 403
 * with `message`.
 */
export function requireRoleFact(fact: keyof typeof roleFacts, message: string): Guard {
  return async (req) => {
    const caller = signedInCaller(req);
    if (!caller.organisationId || !hasRoleFact(fact, caller.role)) throw new ForbiddenError(message);
  };
}

/** Whether `caller` may reach a user of organisation `organisationId`: a colleague, or anyone for an administrator. */
export function isColleagueOrAdmin(caller: Caller, organisationId: string | null | undefined): boolean {
  return isAdministrator(caller) || (!!organisationId && organisationId === caller.organisationId);
}

/** Whether `caller` may act on the account `email`: their own, or anyone's for an administrator. */
export function assertSelfOrAdmin(caller: Caller, email: string, message: string): { self: boolean } {
  const self = email.toLowerCase() === caller.email.toLowerCase();
  if (!self && !isAdministrator(caller)) throw new ForbiddenError(message);
  return { self };
}
