import type { EntityDef } from '@hub/model';
import type { Caller } from '../access/caller';
import { assertAllowed } from '../access/rules';
import { isDatabaseUnavailable, isStopped, type Db } from '../db/client';
import { Params } from '../db/params';
import type { Filter } from './conditions';
import type { PendingSession } from '../access/caller';
import { gateValues, sessionGate, touchSession } from './callers';
import { answerListSql, countRecords, countSql, listRecords, listSql, type ListArgs } from './list';
import { MAX_ANSWER_KEYS, literal as quote, type Pick, type Selection } from './select';

/**
 * The reads of one GraphQL request in one statement (issue 14): every root list and count the
 * request asks for is compiled when its resolver runs (graphql-js calls the root fields of a
 * query one after another, synchronously) and queued; at the end of that turn the queue goes to
 * the database as one SELECT with one column per field, sent as a named prepared statement
 * (its text depends only on the query's shape). On PostgreSQL the same statement also checks
 * the caller's session (sessionGate): no row comes back when the session has ended or is no
 * longer this caller's, and nothing is read for it.
 *
 * A field whose arguments are refused fails alone, before anything is sent. If the combined
 * statement fails, each field is run on its own, so each gets its own error.
 */
export interface ReadBatch {
  list(entity: EntityDef, args: ListArgs, sel: Selection): Promise<unknown[]>;
  count(entity: EntityDef, filter: Filter): Promise<number>;
  /** True once a statement confirmed the pending session (or there was none to confirm). */
  readonly confirmed: boolean;
  /** True when the combined statement found the session ended or changed: nothing was read. */
  readonly refused: boolean;
  /** Confirms the pending session by itself (a request that read nothing): false when it ended or changed. */
  confirm(): Promise<boolean>;
}

interface Queued {
  /** This field's part of the combined statement: a scalar subquery. */
  column: string;
  /** The field alone, as a statement of its own (one field, or the combined statement failed). */
  alone(): Promise<unknown>;
  /** From the combined statement's value of the column. */
  read(value: unknown): unknown;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

export class SessionRefusedError extends Error {
  constructor() {
    super('The session could not be confirmed');
  }
}

/** SELECT `columns`; with a pending session, from its session row (sessionGate), with `stale`: no row unless it is still this caller's. */
function gatedSelect(columns: string, pending: PendingSession | null, caller: Caller | null, params: Params): string {
  if (!pending || !caller) return `SELECT ${columns}`;
  const gate = sessionGate(pending, caller, params);
  return `SELECT c.stale, ${columns} FROM ${gate.from} WHERE ${gate.where}`;
}

export function readBatch(db: Db, caller: Caller | null, pending: PendingSession | null): ReadBatch {
  const params = new Params();
  const queue: Queued[] = [];
  const state = { confirmed: !pending, refused: false };

  async function flush(fields: Queued[]): Promise<void> {
    const columns = fields.map((f, i) => `${f.column} AS f${i}`);
    const sql = gatedSelect(columns.join(', '), pending, caller, params);
    let row: Record<string, unknown> | undefined;
    try {
      ({
        rows: [row],
      } = await db.query<Record<string, unknown>>(sql, params.values, { prepare: true }));
    } catch (err) {
      // A statement the database stopped (too long, too large): not sent again field by field.
      if (isStopped(err)) return fields.forEach((f) => f.reject(err));
      // Each field on its own, once the session is confirmed by itself: each gets its own error.
      if (pending && !(await confirm())) return refuse(fields);
      for (const f of fields) settle(f, f.alone());
      return;
    }
    if (!row) return refuse(fields);
    state.confirmed = true;
    if (pending && row.stale) await touchSession(db, pending.hash);
    fields.forEach((f, i) => f.resolve(f.read(row[`f${i}`])));
  }

  function refuse(fields: Queued[]): void {
    state.refused = true;
    for (const f of fields) f.reject(new SessionRefusedError());
  }

  /** The session check alone. */
  async function confirm(): Promise<boolean> {
    if (!pending || !caller) return true;
    const own = new Params();
    const gate = sessionGate(pending, caller, own);
    const { rows } = await db.query<{ stale: boolean }>(`SELECT c.stale FROM ${gate.from} WHERE ${gate.where}`, own.values, {
      prepare: true,
    });
    if (!rows[0]) return false;
    state.confirmed = true;
    if (rows[0].stale) await touchSession(db, pending.hash);
    return true;
  }

  function settle(f: Queued, p: Promise<unknown>): void {
    p.then(f.resolve, f.reject);
  }

  function enqueue<T>(make: (resolve: (v: T) => void, reject: (e: unknown) => void) => Omit<Queued, 'resolve' | 'reject'>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const q = make(resolve, reject);
      if (!queue.length)
        queueMicrotask(() => {
          const fields = queue.splice(0);
          // Whatever fails on the way (the database gone while confirming the session) fails these fields: none is left waiting.
          flush(fields).catch((err: unknown) => fields.forEach((f) => f.reject(err)));
        });
      queue.push({ ...q, resolve: resolve as (v: unknown) => void, reject });
    });
  }

  /** Compiled now, into a copy of the statement's parameters: refused arguments fail this field alone, before anything is sent. */
  function compile(part: (p: Params) => string): string {
    const trial = params.fork();
    const sql = part(trial);
    params.adopt(trial);
    return sql;
  }

  return {
    get confirmed() {
      return state.confirmed;
    },
    get refused() {
      return state.refused;
    },
    confirm,
    list(entity, args, sel) {
      assertAllowed(caller, entity, 'read');
      const sql = compile((p) => listSql(p, caller, entity, args, sel));
      return enqueue<unknown[]>(() => ({
        // The rows come out of the ordered subquery in its order.
        column: `(SELECT coalesce(jsonb_agg(q.r), '[]'::jsonb) FROM (${sql}) q)`,
        alone: () => listRecords(db, caller, entity, args, sel),
        read: (value) => (value ?? []) as unknown[],
      }));
    },
    count(entity, filter) {
      assertAllowed(caller, entity, 'read');
      const sql = compile((p) => countSql(p, caller, entity, filter));
      return enqueue<number>(() => ({
        column: `(${sql})`,
        alone: () => countRecords(db, caller, entity, filter),
        read: (value) => Number(value),
      }));
    },
  };
}

/** A root field of a direct answer (graphql/direct.ts), with its arguments. */
export type DirectRoot =
  | { key: string; kind: 'typename' }
  | { key: string; kind: 'list'; entity: EntityDef; args: ListArgs; picks: Pick[] }
  | { key: string; kind: 'byId'; entity: EntityDef; id: string; picks: Pick[] }
  | { key: string; kind: 'count'; entity: EntityDef; filter: Filter };

/** A direct answer's body, compiled (compileDirect): the json column's SQL and its parameters, before the session check. */
export interface DirectStatement {
  readonly body: string;
  readonly values: readonly unknown[];
  /**
   * The statement's text with the session check of each caller kind, once built (answerDirect):
   * the same text on every request, so the prepared statement's name is found without hashing
   * a new string of a few kilobytes each time.
   */
  readonly gated: Map<Caller['kind'], string>;
}

/**
 * The whole GraphQL answer of `roots`, `{"data":{...}}`, as one json text column (graphql/direct.ts):
 * the same compiled lists, counts and records by id as readBatch, each root field under its
 * response key. Null when a field is refused (graphql-js's usual execution then answers, with the
 * errors it gives). Pure: the same caller and roots always compile to the same statement, so the
 * caller may keep it (graphql/direct.ts's statement cache).
 */
export function compileDirect(caller: Caller | null, roots: DirectRoot[]): DirectStatement | null {
  const params = new Params();
  let pairs: string[];
  try {
    pairs = roots.map((r) => {
      if (r.kind === 'typename') return `${quote(r.key)}, 'Query'`;
      assertAllowed(caller, r.entity, 'read');
      if (r.kind === 'count') return `${quote(r.key)}, (${countSql(params, caller, r.entity, r.filter)})`;
      if (r.kind === 'byId')
        return `${quote(r.key)}, (SELECT q.r FROM (${answerListSql(params, caller, r.entity, { ids: [r.id], take: 1 }, r.picks)}) q)`;
      // The rows come out of the ordered subquery in its order.
      return `${quote(r.key)}, (SELECT coalesce(json_agg(q.r), '[]'::json) FROM (${answerListSql(params, caller, r.entity, r.args, r.picks)}) q)`;
    });
  } catch {
    return null;
  }
  if (pairs.length > MAX_ANSWER_KEYS) return null;
  return {
    body: `json_build_object('data', json_build_object(${pairs.join(', ')}))::text AS body`,
    values: params.values,
    gated: new Map(),
  };
}

/**
 * Runs a direct answer's statement, with the pending session's check in the same statement.
 * `refused`: the pending session ended or is no longer this caller (nothing was read). Null: the
 * statement failed; graphql-js's usual execution then answers.
 */
export async function answerDirect(
  db: Db,
  caller: Caller | null,
  pending: PendingSession | null,
  statement: DirectStatement,
): Promise<{ body: string } | { refused: true } | null> {
  const params = Params.of(statement.values);
  let sql: string;
  if (!pending || !caller) sql = gatedSelect(statement.body, pending, caller, params);
  else {
    // The gate's text depends on the caller's kind alone (its values follow the statement's).
    const kept = statement.gated.get(caller.kind);
    if (kept === undefined) statement.gated.set(caller.kind, (sql = gatedSelect(statement.body, pending, caller, params)));
    else {
      sql = kept;
      for (const [value] of gateValues(pending, caller)) params.values.push(value);
    }
  }
  let row: { body: string; stale?: boolean } | undefined;
  try {
    ({
      rows: [row],
    } = await db.query<{ body: string; stale?: boolean }>(sql, params.values, { prepare: true }));
  } catch (err) {
    // The database gone, or the statement stopped (too long, too large): the error at once, not another try through graphql-js.
    if (isDatabaseUnavailable(err) || isStopped(err)) throw err;
    return null;
  }
  if (!row) return { refused: true };
  if (pending && row.stale) await touchSession(db, pending.hash);
  return { body: row.body };
}
