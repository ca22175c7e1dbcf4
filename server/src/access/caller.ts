import { isAdministratorGroups } from '@hub/model';
import type { Db } from '../db/client';

/** Who is asking: resolved once per request from the session, passed to every data access. */
export interface Caller {
  userId: string;
  /** 'token': a request signed with an organisation's API token. */
  kind: 'account' | 'admin' | 'token';
  groups: string[];
  /** Member role name (accounts only). */
  role: string | null;
  roleId: string | null;
  /** The caller's member organisation (accounts only). */
  organisationId: string | null;
  email: string;
  /**
   * An API token's one write beyond the matrix: creating a completed submission for a member
   * of its organisation. Set only by integrationSubmitter (rules.ts), for the integration
   * API's submission route; never by a session or the token hook.
   */
  integrationSubmit?: true;
  /**
   * The registration route's own caller (accounts/register.ts): a visitor's new account, which
   * belongs to no organisation until one takes it in, so the administrators' rule that a new
   * member record names its owner (owner.ts) does not apply. Set nowhere else.
   */
  selfRegistration?: true;
}

/** Administrator groups see every row; everyone else is scoped. */
export function isAdministrator(caller: Caller | null): boolean {
  return !!caller && isAdministratorGroups(caller.groups);
}

/** A session whose caller is still to be confirmed by the request's first statement (crud/batch.ts). */
export interface PendingSession {
  /** The session id (the cookie's hash). */
  hash: string;
  idleMinutes: number;
}

/** A request's session whose caller is still to be confirmed, and how to read it again if it is not. */
export interface UnconfirmedSession {
  db: Db;
  pending: PendingSession;
  /** The caller read again from the session; throws the 'session ended' 401 (cookie cleared) when it ended. */
  reread(): Promise<Caller>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking: set by the session hook (app.ts) before any route or guard runs. */
    caller: Caller | null;
    /**
     * Set when `caller` is the one this process last read for the session (PostgreSQL, GraphQL
     * only) and is still to be confirmed: graphql/http.ts confirms it before answering.
     */
    pendingSession: UnconfirmedSession | null;
  }
}
