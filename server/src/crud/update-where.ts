import { MAX_TAKE, getEntity, validateInput, type EntityDef } from '@hub/model';
import type { Caller } from '../access/caller';
import { assertAllowed } from '../access/rules';
import { assertFieldWrites } from '../access/fields';
import type { Db } from '../db/client';
import type { Filter } from './conditions';
import { translateDbError } from '../db/db-errors';
import { guardEmpty } from './delete';
import { BadInputError, ValidationError } from '../core/errors';
import { whereSql } from './list';
import { Params, ident } from '../db/params';
import { assertStillOwned, assertVisible } from '../access/row-checks';
import { saveRecords } from './save';
import { saveHooksOf } from './hooks';
import { columnValues } from './values';
import type { FileStorage } from '../files/storage';
import { fieldOf, inputKey } from '@hub/model';
import { serverKindOf } from '../kinds';
import { recordTimeline, snapshotRows } from './timeline';

/** Sets `fieldsToUpdate` from `values` on every visible record matching the filter, all or nothing. */
export async function updateWhere(
  env: { db: Db; storage: FileStorage },
  caller: Caller | null,
  entity: EntityDef,
  filter: Filter,
  fieldsToUpdate: string[],
  values: Record<string, unknown>,
): Promise<string[]> {
  assertAllowed(caller, entity, 'update');
  guardEmpty(filter);
  if (!fieldsToUpdate.length) throw new BadInputError('fieldsToUpdate names no field');
  const input: Record<string, unknown> = {};
  for (const name of fieldsToUpdate) {
    // Own fields only: a name such as 'constructor' is no field, whatever Object.prototype holds.
    const own = fieldOf(entity, name);
    const field = own ?? (name.endsWith('Id') ? fieldOf(entity, name.slice(0, -2)) : undefined);
    if (!field || !serverKindOf(field).bulkUpdate || field.readOnly || field.immutable)
      throw new BadInputError(`'${name}' cannot be updated in bulk on ${entity.name}`);
    const key = inputKey(own ? name : name.slice(0, -2), field);
    input[key] = Object.hasOwn(values, key) ? (values[key] ?? null) : null;
  }
  const issues = validateInput(entity, input, 'update');
  if (issues.length) throw new ValidationError(issues);
  if (saveHooksOf(entity.name)) {
    // Entities with workflow rules (submissions) take every record through the one save path.
    const params = new Params();
    const where = whereSql(entity, 't', filter, params, caller, 'write');
    // One save per record: bounded like any save, and refused before any write.
    const { rows } = await env.db.query<{ id: string }>(
      `SELECT t.id FROM ${ident(entity.table)} t ${where} LIMIT ${MAX_TAKE + 1}`,
      params.values,
    );
    if (rows.length > MAX_TAKE) throw new BadInputError(`At most ${MAX_TAKE} records can be updated at once: narrow the conditions`);
    return saveRecords(
      env,
      caller,
      entity,
      rows.map((r) => ({ id: r.id, ...input })),
      'update',
      null,
    );
  }
  try {
    return await env.db.transaction(async (tx) => {
      for (const [name, field] of Object.entries(entity.fields)) {
        const rowOf = serverKindOf(field).rowOf;
        const key = inputKey(name, field);
        if (rowOf && typeof input[key] === 'string') await assertVisible(tx, caller, getEntity(rowOf(field)), [input[key] as string], key);
      }
      const cols = await columnValues({ db: tx, storage: env.storage }, entity, input, 'update');
      const params = new Params();
      const sets = cols.map((c) => `${ident(c.column)} = ${params.add(c.value, c.cast)}`);
      const where = whereSql(entity, 't', filter, params, caller, 'write');
      const matched = `SELECT t.id FROM ${ident(entity.table)} t ${where}`;
      // Timeline entities: the rows are locked and read as they were, set-based, before the one UPDATE.
      let before: Awaited<ReturnType<typeof snapshotRows>> | null = null;
      if (entity.timeline) {
        const own = new Params();
        const locked = await tx.query<{ id: string }>(
          `SELECT t.id FROM ${ident(entity.table)} t ${whereSql(entity, 't', filter, own, caller, 'write')} ORDER BY t.id FOR UPDATE`,
          own.values,
        );
        before = await snapshotRows(
          tx,
          entity,
          locked.rows.map((r) => r.id),
        );
      }
      const { rows } = await tx.query<{ id: string }>(
        `UPDATE ${ident(entity.table)} SET ${[...sets, 'modified = now()'].join(', ')} WHERE id IN (${matched}) RETURNING id`,
        params.values,
      );
      const ids = rows.map((r) => r.id);
      await assertFieldWrites(tx, caller, entity, input, ids);
      await assertStillOwned(tx, caller, entity, ids);
      if (before) {
        const after = await snapshotRows(tx, entity, ids);
        await recordTimeline(
          tx,
          caller,
          entity,
          ids.map((id) => ({ action: 'UPDATED', id, before: before.get(id), after: after.get(id) })),
        );
      }
      return ids;
    });
  } catch (err) {
    throw translateDbError(err, 'save');
  }
}
