import { MAX_TAKE, fieldOf, isRelation, kinds, isUuid, messages, validateInput, type EntityDef } from '@hub/model';
import { saveRelations } from './relations';
import { COST_LIMITS, costMessages } from './limits';
import type { Caller } from '../access/caller';
import { planWrite } from '../access/write-plan';
import type { Db } from '../db/client';
import { columnOf } from '../db/columns';
import { BadInputError, UserError, ValidationError } from '../core/errors';
import { Params, ident } from '../db/params';
import { translateDbError } from '../db/db-errors';
import { columnValues, type SaveEnv } from './values';
import type { FileStorage } from '../files/storage';
import { recordTimeline, snapshotRows, type TimelineChange } from './timeline';
import { SYSTEM_CALLER, hookServicesOf, saveHooksOf, type HookServices, type SaveHookContext } from './hooks';

type Input = Record<string, unknown>;

async function assertUnique(db: Db, entity: EntityDef, input: Input, id: string | null): Promise<void> {
  const used: { path: string; code: 'exists'; message: string }[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!field.unique || typeof input[name] !== 'string') continue;
    const { rows } = await db.query(
      `SELECT 1 FROM ${ident(entity.table)} WHERE lower(${ident(columnOf(name, field))}) = lower($1)${id ? ' AND id <> $2' : ''} LIMIT 1`,
      id ? [input[name], id] : [input[name]],
    );
    if (rows.length) used.push({ path: name, code: 'exists', message: messages.unique });
  }
  if (used.length) throw new ValidationError(used, messages.couldNotSave);
}

/**
 * Creates or updates records, all or nothing, through the model's checks and the caller's
 * rights and scope. Returns the ids saved, in input order.
 */
export function saveRecords(
  env: { db: Db; storage: FileStorage },
  caller: Caller | null,
  entity: EntityDef,
  inputs: Input[],
  mode: 'create' | 'update',
  mergeReferences: string[] | null | undefined,
): Promise<string[]> {
  return saveThen(env, caller, entity, inputs, mode, mergeReferences, async (_tx, ids) => ids);
}

/** The bounds of one save, checked before any database work. */
function checkBounds(entity: EntityDef, inputs: Input[], merge: Set<string>): void {
  if (inputs.length > MAX_TAKE) throw new BadInputError(`At most ${MAX_TAKE} records can be saved at once`);
  for (const m of merge) {
    const f = fieldOf(entity, m);
    if (!f || !isRelation(f)) throw new BadInputError(`mergeReferences: '${m}' is not a reference list of ${entity.name}`);
  }
  // The rows the save writes: each record, and each id of its reference lists (COST_LIMITS.writeRows).
  let rows = inputs.length;
  for (const input of inputs)
    for (const [name, field] of Object.entries(entity.fields)) {
      if (!isRelation(field)) continue;
      const list = Object.hasOwn(input, name) ? input[name] : null;
      if (Array.isArray(list) && list.length > MAX_TAKE)
        throw new BadInputError(`At most ${MAX_TAKE} records can be given in ${name} at once`);
      if (Array.isArray(list)) rows += list.length;
    }
  if (rows > COST_LIMITS.writeRows) throw new BadInputError(costMessages.tooManyRows(rows));
}

/**
 * saveRecords, then `answer` (the client's read of what was saved) inside the same
 * transaction: if anything fails, the writes included, nothing is committed, so a client
 * is never told of an error for work that was committed.
 */
export async function saveThen<T>(
  env: { db: Db; storage: FileStorage },
  caller: Caller | null,
  entity: EntityDef,
  inputs: Input[],
  mode: 'create' | 'update',
  mergeReferences: string[] | null | undefined,
  answer: (tx: Db, ids: string[]) => Promise<T>,
): Promise<T> {
  const plan = planWrite(entity, caller, mode);
  const merge = new Set(mergeReferences ?? []);
  checkBounds(entity, inputs, merge);
  if (!inputs.length) return answer(env.db, []);
  const hooks = saveHooksOf(entity.name);
  const afterCommit: ((services: HookServices | undefined) => Promise<void>)[] = [];
  let saved: T;
  try {
    saved = await env.db.transaction(async (tx) => {
      const txEnv: SaveEnv = { db: tx, storage: env.storage };
      const ids: string[] = [];
      // The timeline's view of the rows before the write: one statement for every row updated.
      const before =
        mode === 'update' && entity.timeline ? await snapshotRows(tx, entity, inputs.map((i) => i.id).filter(isUuid), { caller }) : null;
      const titles = new Map<string, string>();
      const told = new Map<string, string[]>();
      const replays = new Set<string>();
      for (const [index, original] of inputs.entries()) {
        const created = mode === 'create' ? plan.createInput(stripNulls(original)) : null;
        const input: Input = created ? created.input : { ...original };
        const prefixed = (err: unknown) =>
          err instanceof ValidationError && inputs.length > 1
            ? new ValidationError(err.issues.map((i) => ({ ...i, path: `${index}.${i.path}` })))
            : err;
        const hook = hooks
          ? async (phase: 'prepare' | 'beforeWrite' | 'afterWrite', ctx: SaveHookContext) => {
              try {
                await hooks[phase]?.(ctx);
              } catch (err) {
                throw prefixed(err);
              }
            }
          : null;
        const ctx: SaveHookContext = {
          tx,
          env: txEnv,
          caller,
          entity,
          mode,
          index,
          input,
          id: null,
          state: {},
          afterCommit: (fn) => void afterCommit.push(fn),
        };
        // A create replayed with a key this account already used: the first create's row, and nothing else runs.
        const replayed = created ? await plan.replayOf(tx, input) : null;
        if (replayed) {
          replays.add(replayed);
          ids.push(replayed);
          continue;
        }
        await hook?.('prepare', ctx);
        const issues = validateInput(entity, input, mode);
        if (issues.length)
          throw new ValidationError(issues.map((i) => ({ ...i, path: inputs.length > 1 ? `${index}.${i.path}` : i.path })));
        let id: string | null = null;
        if (mode === 'update') {
          if (!isUuid(input.id)) throw new BadInputError('An update needs the id of the record');
          id = input.id;
          await plan.lockRow(tx, id);
        }
        ctx.id = id;
        await plan.checkFields(tx, input, id);
        await hook?.('beforeWrite', ctx);
        await plan.checkReferences(tx, input, id);
        await assertUnique(tx, entity, input, id);
        const values = await columnValues(txEnv, entity, input, mode);
        const params = new Params();
        if (mode === 'create') {
          const cols = values.map((v) => ident(v.column));
          const vals = values.map((v) => params.add(v.value, v.cast));
          const { rows } = await tx.query<{ id: string }>(
            `INSERT INTO ${ident(entity.table)} (${cols.join(', ')}) VALUES (${vals.join(', ')}) RETURNING id`.replace(
              '() VALUES ()',
              'DEFAULT VALUES',
            ),
            params.values,
          );
          id = rows[0].id;
        } else {
          const sets = values.map((v) => `${ident(v.column)} = ${params.add(v.value, v.cast)}`);
          sets.push('modified = now()');
          await tx.query(`UPDATE ${ident(entity.table)} SET ${sets.join(', ')} WHERE id = ${params.add(id, 'uuid')}`, params.values);
        }
        await saveRelations(tx, plan, id!, input, merge);
        if (created?.relations) await saveRelations(tx, planWrite(entity, SYSTEM_CALLER, mode), id!, created.relations, new Set());
        await claimFiles(tx, entity, id!);
        ctx.id = id;
        await hook?.('afterWrite', ctx);
        if (ctx.timelineTitle) titles.set(id!, ctx.timelineTitle);
        if (ctx.timelineLines?.length) told.set(id!, ctx.timelineLines);
        ids.push(id!);
      }
      await plan.checkKept(tx, ids);
      if (entity.timeline) {
        const after = await snapshotRows(tx, entity, ids);
        const changes: TimelineChange[] = [...new Set(ids)]
          .filter((id) => !replays.has(id))
          .map((id) => ({
            action: mode === 'create' ? 'CREATED' : 'UPDATED',
            id,
            before: before?.get(id),
            after: after.get(id),
            title: titles.get(id),
            lines: told.get(id),
          }));
        await recordTimeline(tx, caller, entity, changes);
      }
      return answer(tx, ids);
    });
  } catch (err) {
    throw translateDbError(err, 'save');
  }
  // Effects outside the database (mail) only once the rows are committed; a failure there
  // is logged and does not undo the save.
  const services = hookServicesOf(env.db);
  for (const fn of afterCommit) {
    try {
      await fn(services);
    } catch (err) {
      services?.log(`An after-save effect of ${entity.name} failed`, err);
    }
  }
  return saved;
}

/** Files attached to a row follow that row's access for downloads. */
async function claimFiles(db: Db, entity: EntityDef, id: string): Promise<void> {
  const cols = Object.entries(entity.fields)
    .filter(([, f]) => kinds[f.kind].upload)
    .map(([n, f]) => ident(columnOf(n, f)));
  if (!cols.length) return;
  await db.query(
    `UPDATE file SET owner_entity = $1, owner_id = $2::uuid WHERE owner_id IS NULL AND id IN (SELECT unnest(ARRAY[${cols.join(', ')}]) FROM ${ident(entity.table)} WHERE id = $2::uuid)`,
    [entity.name, id],
  );
}

/** On create, an explicit null means "not given", so defaults still apply. */
function stripNulls(input: Input): Input {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));
}

export { UserError };
