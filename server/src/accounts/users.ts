import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { guardMessages, requireAdmin } from '../access/guards';
import type { AuthEnv } from '../auth/env';
import { endUserSessions } from '../auth/session';
import { ACCOUNT_LIMIT, WINDOW_MINUTES } from '../auth/throttle';
import { findUserByEmail, setAuthState } from '../auth/users';
import { ConflictError, NotFoundError } from '../core/errors';
import { parseBody } from '../rest/body';

const usersBody = z.object({
  PaginationOptions: z.object({ PageNo: z.number().int().min(1), PageSize: z.number().int().min(1).max(100) }).optional(),
  SearchConditions: z.array(z.object({ path: z.string(), comparison: z.string(), value: z.array(z.string()).or(z.string()) })).optional(),
  SortConditions: z.array(z.object({ path: z.string(), descending: z.boolean().optional() })).optional(),
});

const SORTABLE: Record<string, string> = {
  id: 'id',
  email: 'email',
  userName: 'user_name',
  discriminator: 'discriminator',
  created: 'created',
};

/** Users administration of back-office 2.11: every account and administrator with their sign-in state. */
export function usersRoutes(app: FastifyInstance, env: AuthEnv): void {
  const { db } = env;

  const adminOnly = { preHandler: requireAdmin(guardMessages.users) };

  app.post('/api/account/users', adminOnly, async (req) => {
    const body = parseBody(usersBody, req.body);
    const params: unknown[] = [];
    const where: string[] = [];
    for (const c of body.SearchConditions ?? []) {
      const value = Array.isArray(c.value) ? c.value[0] : c.value;
      if (value === undefined || value === '') continue;
      params.push(value);
      if (c.path.toLowerCase() === 'id' && c.comparison === 'equal') where.push(`u.id::text = $${params.length}`);
      else if (c.path.toLowerCase() === 'email') where.push(`u.email ILIKE '%' || $${params.length} || '%'`);
      else if (c.path.toLowerCase() === 'discriminator') where.push(`u.discriminator ILIKE '%' || $${params.length} || '%'`);
    }
    // Search conditions are ORed, as the users page searches email and type with one box.
    const filter = where.length ? `WHERE ${where.join(' OR ')}` : '';
    const order = (body.SortConditions ?? [{ path: 'id', descending: true }])
      .filter((s) => Object.hasOwn(SORTABLE, s.path))
      .map((s) => `u.${SORTABLE[s.path]} ${s.descending ? 'DESC' : 'ASC'}`);
    const page = body.PaginationOptions ?? { PageNo: 1, PageSize: 10 };
    params.push(ACCOUNT_LIMIT, WINDOW_MINUTES);
    const limitsAt = params.length - 1;
    const { rows } = await db.query(
      `WITH u AS (
         SELECT id, 'MehubAccountEntity' AS discriminator, email, user_name, created FROM mehub_account
         UNION ALL SELECT id, 'MehubAdminEntity', email, user_name, created FROM mehub_admin)
       SELECT u.id, u.discriminator, u.email, u.user_name AS "userName",
              coalesce(s.email_confirmed, false) AS "emailConfirmed", coalesce(s.active, true) AS activated,
              coalesce(t.failures >= $${limitsAt}::int AND t.window_start > now() - make_interval(mins => $${limitsAt + 1}::int), false) AS "lockedOut",
              s.two_factor_method IS NOT NULL AS "twoFactorEnabled", s.two_factor_method AS "twoFactorMethod",
              count(*) OVER ()::int AS total
       FROM u LEFT JOIN auth_state s ON s.user_id = u.id LEFT JOIN login_throttle t ON t.key = 'email:' || lower(u.email)
       ${filter} ORDER BY ${[...order, 'u.id DESC'].join(', ')} LIMIT ${page.PageSize} OFFSET ${(page.PageNo - 1) * page.PageSize}`,
      params,
    );
    const total = (rows[0] as { total?: number } | undefined)?.total ?? 0;
    return { users: rows.map(({ total: _t, ...r }) => r), countUsers: total };
  });

  for (const action of ['activate', 'deactivate'] as const) {
    app.post(`/api/account/${action}`, adminOnly, async (req) => {
      const { Username } = parseBody(z.object({ Username: z.string() }), req.body);
      const user = await findUserByEmail(db, Username);
      if (!user) throw new NotFoundError(`Unable to ${action} ${Username}`);
      if (action === 'activate' && user.active) throw new ConflictError('Account already activated');
      await setAuthState(db, user, { active: action === 'activate' });
      if (action === 'deactivate') await endUserSessions(db, user.id);
      return { message: `Successfully ${action}d ${user.email}` };
    });
  }
}
