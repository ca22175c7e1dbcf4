import { idempotencyKeyIssue, isUuid, messages, type EntityDef } from '@hub/model';
import { ValidationError } from '../core/errors';
import type { Db } from '../db/client';
import { columnOf } from '../db/columns';
import { ident } from '../db/params';
import { isAdministrator, type Caller } from './caller';
import { assertVisible } from './row-checks';

type Input = Record<string, unknown>;

/**
 * The account an idempotency key belongs to: a member's own (whatever the input names: their
 * create is theirs, access/forms.ts), the account an administrator or an API token names as
 * the row's owner (`per`), or null when none is named (an administrator's bare record).
 * Undefined: the named owner is not an id, so there is nothing to look up (the save's own
 * checks refuse it).
 */
function keyAccount(entity: EntityDef, caller: Caller | null, input: Input): string | null | undefined {
  if (caller?.kind === 'account' && !isAdministrator(caller)) return caller.userId.toLowerCase();
  const named = input[`${entity.idempotentCreate!.per}Id`];
  if (named === undefined || named === null || named === '') return null;
  return isUuid(named) ? named.toLowerCase() : undefined;
}

/**
 * An idempotent create (EntityDef.idempotentCreate) whose key the same account already used:
 * the id of the row that create made, else null (the create goes on and stores the key,
 * lower-cased). The key's shape is checked first. A transaction lock on (table, account, key)
 * makes a concurrent replay wait for the first to commit and then find its row; the unique
 * index on the pair is the database's own guard. The row found must be one the caller may
 * read: an API token naming another organisation's account gets the usual refusal, never
 * that account's row.
 */
export async function replayOf(db: Db, caller: Caller | null, entity: EntityDef, input: Input): Promise<string | null> {
  const spec = entity.idempotentCreate;
  if (!spec || input[spec.key] === undefined || input[spec.key] === null) return null;
  const issue = idempotencyKeyIssue(entity, input, 'create');
  if (issue) throw new ValidationError([issue], messages.couldNotSave);
  const key = (input[spec.key] as string).toLowerCase();
  input[spec.key] = key;
  const account = keyAccount(entity, caller, input);
  if (account === undefined) return null;
  await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${entity.table}:${account ?? ''}:${key}`]);
  const perColumn = ident(columnOf(spec.per, entity.fields[spec.per]));
  const keyColumn = ident(columnOf(spec.key, entity.fields[spec.key]));
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM ${ident(entity.table)} WHERE ${perColumn} IS NOT DISTINCT FROM $1::uuid AND ${keyColumn} = $2 LIMIT 1`,
    [account, key],
  );
  const id = rows[0]?.id ?? null;
  if (id) await assertVisible(db, caller, entity, [id], spec.key);
  return id;
}
