import { randomBytes } from 'node:crypto';
import { getEntity, isUuid } from '@hub/model';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { guardMessages, requireRoleFact, signedInCaller as requireCaller } from '../access/guards';
import { hashToken } from '../auth/session';
import { NotFoundError } from '../core/errors';
import { deleteWhere } from '../crud/delete';
import { listRecords } from '../crud/list';
import { saveThen } from '../crud/save';
import { SYSTEM_CALLER } from '../crud/system';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { parseBody } from '../rest/body';

const keys = getEntity('ApikeyEntity');

/** The fields of a token a client sees (never its key): `createdAt` as 'YYYY-MM-DD HH:mm:ss'. */
const shown = { id: true, name: true, created: true } as const;
const asToken = (r: unknown) => {
  const { id, name, created } = r as { id: string; name: string; created: string };
  return { id, name, createdAt: created };
};

/** Only the tokens of the caller's own organisation. */
const ofOrganisation = (organisationId: string) => [
  { path: 'memberOrganisationId', comparison: 'equal' as const, value: [organisationId] },
];

/**
 * API tokens of the caller's organisation: managers of a member organisation only (the
 * matrix gives members no right on the entity, so the guard decides and the rows are read
 * and written as the system, always within the caller's organisation).
 */
export function apiKeyRoutes(app: FastifyInstance, env: { db: Db; storage: FileStorage }): void {
  const { db } = env;
  const tokenOwners = { preHandler: requireRoleFact('apiTokens', guardMessages.apiTokens) };
  const organisationOf = (caller: { organisationId: string | null }) => caller.organisationId!; // the guard requires one

  app.get('/api/account/has-keys', tokenOwners, async (req) => {
    const org = organisationOf(requireCaller(req));
    const rows = await listRecords(
      db,
      SYSTEM_CALLER,
      keys,
      { where: ofOrganisation(org), orderBy: [{ path: 'created', descending: true }] },
      shown,
    );
    return rows.map(asToken);
  });

  app.post('/api/account/generate-key', tokenOwners, async (req) => {
    const org = organisationOf(requireCaller(req));
    const { name } = parseBody(z.object({ name: z.string().trim().min(1).max(200).optional() }), req.body);
    const key = `hub_${randomBytes(30).toString('base64url')}`;
    const input = { name: name ?? `Token ${new Date().toISOString().slice(0, 10)}`, privateKey: hashToken(key), memberOrganisationId: org };
    const [made] = await saveThen(env, SYSTEM_CALLER, keys, [input], 'create', null, (tx, ids) =>
      listRecords(tx, SYSTEM_CALLER, keys, { ids }, shown, true),
    );
    return { key, ...asToken(made), message: 'API Token generated successfully' };
  });

  app.post('/api/account/revoke-key', tokenOwners, async (req) => {
    const org = organisationOf(requireCaller(req));
    const { id } = parseBody(z.object({ id: z.string().uuid() }), req.body);
    // Ids are made version 4; any other uuid names no token (the filter would call it invalid).
    const removed = isUuid(id) ? await deleteWhere(db, SYSTEM_CALLER, keys, { ids: [id], where: ofOrganisation(org) }) : [];
    if (!removed.length) throw new NotFoundError('No such API token');
    return { message: 'API Token revoked successfully' };
  });
}
