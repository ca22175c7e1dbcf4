import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { lockDataDir } from './lock';
import { isDatabaseUnavailable, markIfUnavailable } from './unavailable';
import { UserError } from '../core/errors';
import { DEFAULT_STATEMENT_TIMEOUT_SECONDS } from '../config';

/** The one database interface the server uses: the same SQL on PGlite and PostgreSQL. */
export interface Db {
  readonly engine: 'pglite' | 'postgres';
  /**
   * One statement. `prepare`: the text is one the hub sends again and again with other values
   * (a compiled list, a count, the session check): on PostgreSQL it goes as a named prepared
   * statement, planned once per connection (a bounded number per connection).
   */
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: T[]; affectedRows: number }>;
  /** Runs `fn` in one transaction: all of it commits, or none of it. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Statements sent so far (tests count them), and how many of them could write. */
  readonly stats: DbStats;
  /**
   * True when this process is the database's only client (PGlite: one process per data
   * directory), so that anything it has read stays true until it writes.
   */
  readonly exclusive: boolean;
}

export interface QueryOptions {
  prepare?: boolean;
}

export interface DbStats {
  statements: number;
  writes: number;
}

/** Conservative: anything but a plain SELECT may write. */
const READ_ONLY = /^\s*select\b/i;

type Querier = (
  text: string,
  params?: unknown[],
  options?: QueryOptions,
) => Promise<{ rows: unknown[]; affectedRows?: number; rowCount?: number | null }>;

/** What a client is told when a statement of its request was stopped (issue 26). */
export const statementMessages = {
  timeout:
    'The database took too long to answer this request, so it was stopped and nothing was changed: ask for fewer records or conditions at once',
  outOfMemory: 'This request is too large for the database: ask for fewer records or conditions at once',
} as const;

/**
 * A statement the database stopped because of what the request asked: its statement timeout
 * (57014, query_canceled), or out of memory (53200, PGlite's answer to a huge plan). Its
 * transaction is rolled back by whoever opened it; the client gets a clear message, never a 500.
 */
function stopped(err: unknown): unknown {
  const code = (err as { code?: string } | null)?.code;
  if (code === '57014') return new UserError(statementMessages.timeout, 'TIMEOUT', 503);
  if (code === '53200') return new UserError(statementMessages.outOfMemory, 'BAD_USER_INPUT', 400);
  return err;
}

/** True for the error of a statement the database stopped (statementMessages): sending it again would only take as long. */
export const isStopped = (err: unknown): boolean =>
  err instanceof UserError && (err.message === statementMessages.timeout || err.message === statementMessages.outOfMemory);

function wrap(engine: Db['engine'], run: Querier, stats: DbStats, transaction: Db['transaction'], close: () => Promise<void>): Db {
  return {
    engine,
    stats,
    exclusive: engine === 'pglite',
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
      stats.statements++;
      if (!READ_ONLY.test(text)) stats.writes++;
      const r = await run(text, params, options).catch((err: unknown) => Promise.reject(stopped(err)));
      return { rows: r.rows as T[], affectedRows: r.affectedRows ?? r.rowCount ?? 0 };
    },
    transaction,
    close,
  };
}

export { DataDirLockedError } from './lock';
export { databaseMessages, RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './unavailable';

type PgliteLike = {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }>;
  transaction<T>(fn: (tx: { query: PgliteLike['query'] }) => Promise<T>): Promise<T>;
  close(): Promise<void>;
} & Partial<PglitePrepare>;

/** What PGlite offers for statements sent message by message (its public protocol API). */
type PglitePrepare = {
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolStream(message: Uint8Array, options?: { syncToFs?: boolean }): Promise<unknown[]>;
  serializers: Record<number | string, (value: unknown) => string>;
  parsers: Record<number | string, unknown>;
};

const pgliteProtocol = () => import('@electric-sql/pglite');

/**
 * Named prepared statements on PGlite, as on PostgreSQL: the first use parses and describes the
 * statement under its name; later uses only bind and execute it (PGlite's own query() parses,
 * plans and describes every statement every time). At most MAX_PREPARED_PER_CONNECTION, then
 * all are deallocated. Run under PGlite's own locks, as its query() is.
 */
function pglitePrepared(pg: PgliteLike & PglitePrepare): (text: string, params: unknown[], inTx: boolean) => Promise<{ rows: unknown[] }> {
  const prepared = new Map<string, number[]>();
  return async (text, params, inTx) => {
    const { protocol, parse } = await pgliteProtocol();
    const { serialize } = protocol;
    const send = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });
    const run = async () => {
      const name = statementName(text);
      const messages: unknown[] = [];
      try {
        let types = prepared.get(name);
        if (!types) {
          if (prepared.size >= MAX_PREPARED_PER_CONNECTION) {
            await send(serialize.query('DEALLOCATE ALL'));
            prepared.clear();
          }
          await send(serialize.parse({ name, text }));
          try {
            types = parse.parseDescribeStatementResults((await send(serialize.describe({ type: 'S', name }))) as never);
          } catch (err) {
            await send(serialize.sync());
            await send(serialize.query(`DEALLOCATE ${name}`)).catch(() => {});
            throw err;
          }
          prepared.set(name, types);
        }
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = pg.serializers[types![i]];
          return serializer ? serializer(value) : String(value);
        });
        messages.push(
          ...(await send(serialize.bind({ statement: name, values }))),
          ...(await send(serialize.describe({ type: 'P' }))),
          ...(await send(serialize.execute({}))),
        );
      } finally {
        messages.push(...(await send(serialize.sync())));
      }
      return parse.parseResults(messages as never, pg.parsers as never)[0] as { rows: unknown[] };
    };
    return inTx ? pg.runExclusive(run) : pg._runExclusiveTransaction(() => pg.runExclusive(run));
  };
}

/** The Db interface over a PGlite instance; `onClose` runs after it is checkpointed and closed. */
export function wrapPglite(
  pg: PgliteLike,
  stats: DbStats = { statements: 0, writes: 0 },
  onClose: () => void | Promise<void> = () => {},
): Db {
  const named =
    pg.execProtocolStream && pg.runExclusive && pg._runExclusiveTransaction ? pglitePrepared(pg as PgliteLike & PglitePrepare) : null;
  const make = (run: Querier, inTx: boolean): Db =>
    wrap(
      'pglite',
      named ? (t, p, o) => (o?.prepare ? named(t, p ?? [], inTx) : run(t, p)) : run,
      stats,
      inTx ? (fn) => fn(make(run, true)) : (fn) => pg.transaction((tx) => fn(make((t, p) => tx.query(t, p), true))),
      async () => {
        if (inTx) return;
        try {
          await pg.query('CHECKPOINT');
        } finally {
          await pg.close();
          await onClose();
        }
      },
    );
  return make((t, p) => pg.query(t, p), false);
}

export async function openPglite(dataDir: string | undefined): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const unlock = dataDir ? await lockDataDir(dataDir) : async () => {};
  try {
    const pg = dataDir ? new PGlite(join(dataDir, 'pgdata')) : new PGlite();
    await pg.waitReady;
    return wrapPglite(pg, { statements: 0, writes: 0 }, unlock);
  } catch (err) {
    await unlock();
    throw err;
  }
}

/** Named prepared statements one PostgreSQL connection keeps at most: then they are all deallocated and prepared again as used. */
export const MAX_PREPARED_PER_CONNECTION = 200;

type PgClient = import('pg').PoolClient;
/** node-postgres's own record of the statements a connection has parsed (it skips Parse for those). */
type PgConnection = { parsedStatements?: Record<string, string>; submittedNamedStatements?: Record<string, string> };

/** Statement names by text: the same text always gets the same name (a hash), in every process. */
const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    if (names.size >= 5_000) names.clear();
    name = `hub_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a statement on `client`, as a named prepared statement when asked. A connection keeps at
 * most MAX_PREPARED_PER_CONNECTION of them: past that, DEALLOCATE ALL and start again (rare:
 * the hub's query shapes are few, each client's shape a handful).
 */
async function runOn(client: PgClient | import('pg').Pool, text: string, params: unknown[], options?: QueryOptions) {
  const connection = (client as { connection?: PgConnection }).connection;
  if (!options?.prepare || !connection?.parsedStatements) return client.query(text, params);
  const name = statementName(text);
  if (!(name in connection.parsedStatements) && Object.keys(connection.parsedStatements).length >= MAX_PREPARED_PER_CONNECTION) {
    await client.query('DEALLOCATE ALL');
    connection.parsedStatements = {};
    if (connection.submittedNamedStatements) connection.submittedNamedStatements = {};
  }
  return client.query({ name, text, values: params });
}

/** How long a request waits for a connection to PostgreSQL before it is told the database is unavailable. */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * `statementTimeoutMs`: how long one statement may run on each connection (PostgreSQL's
 * statement_timeout, set when the connection opens; 0: no limit). Work that legitimately runs
 * longer lifts it for its own transaction (`SET LOCAL statement_timeout = 0`, as migrations do).
 */
export async function openPostgres(
  url: string,
  max = 10,
  { statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_SECONDS * 1000 }: { statementTimeoutMs?: number } = {},
): Promise<Db> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  pool.on('error', () => {
    /* a dropped idle client: the next query reconnects */
  });
  const stats: DbStats = { statements: 0, writes: 0 };
  // Every error of a database call is marked when it means PostgreSQL could not be reached
  // (isDatabaseUnavailable), so the app can answer 503 rather than 500.
  const marked = <T>(p: Promise<T>): Promise<T> =>
    p.catch((err: unknown) => {
      throw markIfUnavailable(err);
    });
  /** A statement outside a transaction: on a pooled connection, named when asked. */
  const pooled = async (text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!options?.prepare) return pool.query(text, params);
    const client = await pool.connect();
    let broken = false;
    try {
      return await runOn(client, text, params, options);
    } catch (err) {
      broken = isDatabaseUnavailable(markIfUnavailable(err));
      throw err;
    } finally {
      client.release(broken);
    }
  };
  const db = wrap(
    'postgres',
    (t, p, o) => marked(pooled(t, p, o)),
    stats,
    async (fn) => {
      const client = await marked(pool.connect());
      let broken = false;
      try {
        await marked(client.query('BEGIN'));
        const tx = wrap(
          'postgres',
          (t, p, o) => marked(runOn(client, t, p ?? [], o)),
          stats,
          (inner) => inner(tx),
          async () => {},
        );
        const result = await fn(tx);
        await marked(client.query('COMMIT'));
        return result;
      } catch (err) {
        broken = isDatabaseUnavailable(err);
        if (!broken) await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release(broken); // a client whose connection was lost is discarded, not pooled
      }
    },
    () => pool.end(),
  );
  return db;
}
