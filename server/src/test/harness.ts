import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { SESSION_COOKIE, createSession } from '../auth/session';
import { loadSecret, signer as makeSigner } from '../auth/secret';
import { XSRF_COOKIE, xsrfToken } from '../auth/xsrf';
import type { Mail, Mailer } from '../mail/mailer';
import { loadConfig } from '../config';
import { openPostgres, type Db } from '../db/client';
import { diskStorage, type FileStorage } from '../files/storage';
import { seedDemo } from '../seed/demo';

export interface Harness {
  app: FastifyInstance;
  db: Db;
  /** Where the hub keeps uploaded files. */
  storage: FileStorage;
  /** Demo users by email, with their ids, organisations and session cookies. */
  users: Record<string, TestUser>;
  org: { spark: string; volt: string };
  /** Cookie and anti-forgery headers of a user's session (null: a visitor). */
  headers(as: string | null): Record<string, string>;
  /** Mail the hub sent, newest last. */
  mail: Mail[];
  gql<T = Record<string, unknown>>(as: string | null, query: string, variables?: Record<string, unknown>): Promise<GqlResult<T>>;
  /** Back to the freshly seeded demo. */
  reset(): Promise<void>;
  /** Makes the next request read its session again (the embedded database caches callers until a write). */
  uncacheSessions(): void;
  close(): Promise<void>;
}

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
  organisationId: string | null;
  role: string | null;
}

export interface GqlResult<T> {
  status: number;
  data: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export async function openTestDb(): Promise<Db> {
  if (process.env.TEST_ENGINE === 'postgres') return openPostgres(process.env.TEST_DATABASE_URL!, 4);
  const template = readFileSync(inject('pgliteTemplate'));
  const pg = new PGlite({ loadDataDir: new Blob([template]) });
  await pg.waitReady;
  const stats = { statements: 0, writes: 0 };
  // The same wrapper as production, without the data-directory lock (in-memory).
  const { wrapPglite } = await import('../db/client');
  return wrapPglite(pg, stats);
}

const ENTITY_TABLES_SQL = `SELECT string_agg(format('%I', tablename), ', ') AS t FROM pg_tables
  WHERE schemaname = 'public' AND tablename NOT IN ('hub_migrations')`;

/** A hub on its own database (PGlite per test file, or TEST_DATABASE_URL), seeded with the demo. */
export async function startHarness(
  options: {
    config?: Partial<import('../config').Config>;
    share?: Harness;
    /** The hub's jobs and the runner's clock (default: the configured jobs, the system clock). */
    jobs?: import('../jobs/types').JobDefinition[];
    clock?: import('../jobs/runner').Clock;
  } = {},
): Promise<Harness> {
  // `share`: another configuration of the hub over the same database and demo users (one
  // PostgreSQL database cannot hold two independently seeded demos).
  const { share } = options;
  const db = share ? share.db : await openTestDb();
  const config = { ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'hub-files-')) }), webDist: '/nonexistent', ...options.config };
  const mail: Mail[] = [];
  const mailer: Mailer = { send: async (m) => void mail.push(m) };
  const storage = diskStorage(join(config.dataDir, 'files'));
  const app = await buildApp({
    config,
    db,
    storage,
    logger: process.env.HUB_TEST_LOG === '1',
    mailer,
    jobs: options.jobs,
    clock: options.clock,
  });
  const signer = makeSigner(await loadSecret(db, undefined));
  const h: Harness = {
    app,
    db,
    storage,
    users: {},
    org: { spark: '', volt: '' },
    mail,
    headers(as) {
      const session = as ? h.users[as].cookie : null;
      const xsrf = xsrfToken(signer, session);
      return { cookie: `${session ? `${SESSION_COOKIE}=${session}; ` : ''}${XSRF_COOKIE}=${xsrf}`, 'x-xsrf-token': xsrf };
    },
    async gql(as, query, variables) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/graphql',
        headers: { 'content-type': 'application/json', ...h.headers(as) },
        payload: JSON.stringify({ query, variables }),
      });
      const body = res.json() as { data?: unknown; errors?: GqlResult<unknown>['errors'] };
      return { status: res.statusCode, data: (body.data ?? null) as never, errors: body.errors };
    },
    async reset() {
      if (share) {
        await share.reset();
        mail.length = 0;
        h.users = share.users;
        h.org = share.org;
        return;
      }
      const { rows } = await db.query<{ t: string }>(ENTITY_TABLES_SQL);
      await db.query(`TRUNCATE ${rows[0].t} CASCADE`);
      await seedDemo(db, { force: true });
      mail.length = 0;
      const users = await db.query<{ id: string; email: string; kind: 'account' | 'admin'; org: string | null; role: string | null }>(
        `SELECT a.id, a.email, 'account' AS kind, a.member_organisation_id AS org, r.name AS role FROM mehub_account a LEFT JOIN role r ON r.id = a.role_id
         UNION ALL SELECT id, email, 'admin', NULL, NULL FROM mehub_admin`,
      );
      h.users = {};
      for (const u of users.rows) {
        const cookie = await createSession(db, u.id, u.kind, 12);
        h.users[u.email] = { id: u.id, email: u.email, cookie, organisationId: u.org, role: u.role };
      }
      const orgs = await db.query<{ id: string; member_code: string }>('SELECT id, member_code FROM member_organisation');
      h.org = {
        spark: orgs.rows.find((o) => o.member_code === 'DEMO1')!.id,
        volt: orgs.rows.find((o) => o.member_code === 'DEMO2')!.id,
      };
    },
    uncacheSessions() {
      db.stats.writes++;
    },
    async close() {
      await app.close();
      if (!share) await db.close();
    },
  };
  await h.reset();
  return h;
}

export const SUPER = 'super@hub.example';
export const ADMIN = 'admin@hub.example';
export const SPARK_MANAGER = 'safetymanager@sparkright.example';
export const SPARK_WORKER = 'worker@sparkright.example';
export const VOLT_MANAGER = 'safetymanager@voltline.example';
