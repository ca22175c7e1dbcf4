import { isUuid, type EntityDef } from '@hub/model';
import { ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { Params, ident } from '../db/params';
import type { Db } from '../db/client';
import type { Caller } from './caller';
import { keptSql, scopeSql, writeScopeSql } from './scope';

export const rowCheckMessages = {
  invalidId: 'The value is not a valid id',
  notExist: (target: EntityDef) => `The selected ${target.label.toLowerCase()} does not exist`,
  outside: 'You cannot save a record outside your organisation',
} as const;

/** Checks that every id in `ids` is a row of `target` the caller may see (a reference in an input). */
export async function assertVisible(db: Db, caller: Caller | null, target: EntityDef, ids: string[], path: string): Promise<void> {
  if (!ids.length) return;
  for (const id of ids) if (!isUuid(id)) throw new ValidationError([{ path, code: 'invalid', message: rowCheckMessages.invalidId }]);
  const params = new Params();
  const scope = scopeSql(target, 'x', caller, params);
  const arr = params.add([...new Set(ids)], 'uuid[]');
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${ident(target.table)} x WHERE x.id = ANY(${arr})${scope ? ` AND ${scope}` : ''}`,
    params.values,
  );
  if (Number(rows[0].n) !== new Set(ids).size)
    throw new ValidationError([{ path, code: 'notExist', message: rowCheckMessages.notExist(target) }]);
}

/** Rows the caller owns must stay theirs after any write (no moving a row to another organisation, nor sharing it). */
export async function assertStillOwned(db: Db, caller: Caller | null, entity: EntityDef, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const params = new Params();
  const scope = keptSql(entity, 't', caller, params);
  if (!scope) return;
  // A batch may name one row twice (two updates of it): count each row once.
  const unique = [...new Set(ids)];
  const arr = params.add(unique, 'uuid[]');
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${ident(entity.table)} t WHERE t.id = ANY(${arr}) AND ${scope}`,
    params.values,
  );
  if (Number(rows[0].n) !== unique.length) throw new ForbiddenError(rowCheckMessages.outside);
}

/** Locks the row `id` for an update when the caller may change it; otherwise it does not exist for them (404). */
export async function lockWritable(db: Db, caller: Caller | null, entity: EntityDef, id: string): Promise<void> {
  const params = new Params();
  const scope = writeScopeSql(entity, 't', caller, params);
  const p = params.add(id, 'uuid');
  const { rows } = await db.query(
    `SELECT 1 FROM ${ident(entity.table)} t WHERE t.id = ${p}${scope ? ` AND ${scope}` : ''} FOR UPDATE`,
    params.values,
  );
  if (!rows.length) throw new NotFoundError();
}
