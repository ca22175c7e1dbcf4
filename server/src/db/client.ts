import { join } from 'node:path';
import { lockDataDir } from './lock';
import { isDatabaseUnavailable, markIfUnavailable } from './unavailable';

/** The one database interface the server uses: the same SQL on PGlite and PostgreSQL. */
export interface Db {
  readonly engine: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows: number }>;
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

export interface DbStats {
  statements: number;
  writes: number;
}

/** Conservative: anything but a plain SELECT may write. */
const READ_ONLY = /^\s*select\b/i;

type Querier = (text: string, params?: unknown[]) => Promise<{ rows: unknown[]; affectedRows?: number; rowCount?: number | null }>;

function wrap(engine: Db['engine'], run: Querier, stats: DbStats, transaction: Db['transaction'], close: () => Promise<void>): Db {
  return {
    engine,
    stats,
    exclusive: engine === 'pglite',
    async query<T>(text: string, params: unknown[] = []) {
      stats.statements++;
      if (!READ_ONLY.test(text)) stats.writes++;
      const r = await run(text, params);
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
};

/** The Db interface over a PGlite instance; `onClose` runs after it is checkpointed and closed. */
export function wrapPglite(
  pg: PgliteLike,
  stats: DbStats = { statements: 0, writes: 0 },
  onClose: () => void | Promise<void> = () => {},
): Db {
  const make = (run: Querier, inTx: boolean): Db =>
    wrap(
      'pglite',
      run,
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

/** How long a request waits for a connection to PostgreSQL before it is told the database is unavailable. */
export const CONNECT_TIMEOUT_MS = 5_000;

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
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
  const db = wrap(
    'postgres',
    (t, p) => marked(pool.query(t, p as unknown[])),
    stats,
    async (fn) => {
      const client = await marked(pool.connect());
      let broken = false;
      try {
        await marked(client.query('BEGIN'));
        const tx = wrap(
          'postgres',
          (t, p) => marked(client.query(t, p as unknown[])),
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
