import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { guardMessages, requireAdmin } from '../access/guards';
import type { AuthEnv } from '../auth/env';
import { endUserSessions } from '../auth/session';
import { findUserByEmail, listUsers, setAuthState } from '../crud/users';
import { ConflictError, NotFoundError } from '../core/errors';
import { parseBody } from '../rest/body';

const usersBody = z.object({
  PaginationOptions: z.object({ PageNo: z.number().int().min(1), PageSize: z.number().int().min(1).max(100) }).optional(),
  SearchConditions: z.array(z.object({ path: z.string(), comparison: z.string(), value: z.array(z.string()).or(z.string()) })).optional(),
  SortConditions: z.array(z.object({ path: z.string(), descending: z.boolean().optional() })).optional(),
});

/** Users administration of back-office 2.11: every account and administrator with their sign-in state. */
export function usersRoutes(app: FastifyInstance, env: AuthEnv): void {
  const { db } = env;

  const adminOnly = { preHandler: requireAdmin(guardMessages.users) };

  app.post('/api/account/users', adminOnly, async (req) => {
    const body = parseBody(usersBody, req.body);
    const page = body.PaginationOptions ?? { PageNo: 1, PageSize: 10 };
    return listUsers(db, {
      search: (body.SearchConditions ?? []).flatMap((c) => {
        const value = Array.isArray(c.value) ? c.value[0] : c.value;
        return value === undefined ? [] : [{ path: c.path, comparison: c.comparison, value }];
      }),
      sort: body.SortConditions ?? [{ path: 'id', descending: true }],
      page: { no: page.PageNo, size: page.PageSize },
    });
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
