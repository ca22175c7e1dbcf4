import { mkdtempSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { SESSION_COOKIE, createSession } from '../auth/session';
import { signer as makeSigner } from '../auth/secret';
import { XSRF_COOKIE, xsrfToken } from '../auth/xsrf';
import { loadConfig } from '../config';
import { openPostgres, type Db } from '../db/client';
import { migrate } from '../db/migrate';
import { markIfUnavailable } from '../db/unavailable';
import { diskStorage } from '../files/storage';
import { seedDemo } from '../seed/demo';
import { openTestDb } from './harness';
import { MIGRATIONS_DIR } from './paths';

/** While the database cannot be reached the hub answers 503 with Retry-After, and recovers by itself. */
const SECRET = 'outage-test-secret';
const signer = makeSigner(Buffer.from(SECRET, 'utf8'));
const MESSAGE = 'The database is unavailable; try again shortly.';
const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of closing.reverse()) await c().catch(() => {});
});

async function appOn(db: Db): Promise<FastifyInstance> {
  const config = { ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'hub-outage-')) }), webDist: '/nonexistent', secretKey: SECRET };
  const app = await buildApp({
    config,
    db,
    storage: diskStorage(join(config.dataDir, 'files')),
    logger: false,
    mailer: { send: async () => {} },
  });
  closing.push(() => app.close());
  return app;
}

function headers(session: string | null) {
  const xsrf = xsrfToken(signer, session);
  return {
    'content-type': 'application/json',
    cookie: `${session ? `${SESSION_COOKIE}=${session}; ` : ''}${XSRF_COOKIE}=${xsrf}`,
    'x-xsrf-token': xsrf,
  };
}

const requests = (session: string | null) => ({
  health: { method: 'GET' as const, url: '/api/health' },
  graphql: {
    method: 'POST' as const,
    url: '/api/graphql',
    headers: headers(session),
    payload: JSON.stringify({ query: '{ assetEntitys { id } }' }),
  },
  signIn: {
    method: 'POST' as const,
    url: '/api/authorization/login',
    headers: headers(null),
    payload: JSON.stringify({ username: 'worker@sparkright.example', password: 'demo-password-12' }),
  },
});

async function expectUnavailable(app: FastifyInstance, request: InjectOptions) {
  const started = Date.now();
  const res = await app.inject(request);
  expect({ status: res.statusCode, retryAfter: res.headers['retry-after'], message: res.json().errors?.[0]?.message }).toEqual({
    status: 503,
    retryAfter: '5',
    message: MESSAGE,
  });
  expect(Date.now() - started).toBeLessThan(10_000);
  return res;
}

describe('a hub whose PostgreSQL cannot be reached', () => {
  it('answers 503 with Retry-After on GraphQL, REST and /api/health', async () => {
    const db = await openPostgres('postgres://postgres@127.0.0.1:1/nothing', 2);
    closing.push(() => db.close());
    const app = await appOn(db);
    const r = requests('a-session-token');
    const health = await expectUnavailable(app, r.health);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: 'postgres' });
    await expectUnavailable(app, r.graphql);
    await expectUnavailable(app, r.signIn);
  });

  it('answers 503 when the database goes away between the session check and the query', async () => {
    // The embedded database's session cache lets the request reach the resolver; then every
    // statement fails the way a lost PostgreSQL connection does.
    const inner = await openTestDb();
    closing.push(() => inner.close());
    let down = false;
    const lost = () => markIfUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    const flaky = (db: Db): Db => ({
      get engine() {
        return db.engine;
      },
      get stats() {
        return db.stats;
      },
      exclusive: db.exclusive,
      query: (t, p) => (down ? Promise.reject(lost()) : db.query(t, p)),
      transaction: (fn) => (down ? Promise.reject(lost()) : db.transaction((tx) => fn(flaky(tx)))),
      close: () => db.close(),
    });
    const db = flaky(inner);
    await seedDemo(inner, { force: true });
    const { rows } = await inner.query<{ id: string }>(`SELECT id FROM mehub_account WHERE email = 'worker@sparkright.example'`);
    const session = await createSession(inner, rows[0].id, 'account', 12);
    const app = await appOn(db);
    const r = requests(session);
    const ok = await app.inject(r.graphql);
    expect(ok.statusCode).toBe(200);
    down = true;
    await expectUnavailable(app, r.graphql);
    down = false;
    expect((await app.inject(r.graphql)).statusCode).toBe(200);
  });
});

const PG = process.env.TEST_DATABASE_URL;
describe.skipIf(!PG)('a hub whose PostgreSQL goes away and comes back', () => {
  it('answers 503 while it is away and serves again when it is back', async () => {
    const target = new URL(PG!);
    const name = `${target.pathname.slice(1)}_outage`;
    const admin = await openPostgres(new URL('/postgres', target).toString(), 1);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.rows.length) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
    await admin.close();

    // A TCP proxy in front of PostgreSQL that the test cuts and restores.
    const sockets = new Set<Socket>();
    let proxy: Server;
    const open = (port = 0) =>
      new Promise<number>((resolve) => {
        proxy = createServer((client) => {
          const upstream = connect(Number(target.port || 5432), target.hostname);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('error', () => {});
            s.on('close', () => sockets.delete(s));
          }
          client.pipe(upstream).pipe(client);
        });
        proxy.listen(port, '127.0.0.1', () => resolve((proxy.address() as { port: number }).port));
      });
    const cut = () =>
      new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    const port = await open();
    closing.push(cut);
    const url = new URL(PG!);
    url.host = `127.0.0.1:${port}`;
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString(), 2);
    closing.push(() => db.close());
    await db.query('DROP SCHEMA IF EXISTS public CASCADE');
    await db.query('CREATE SCHEMA public');
    await migrate(db, MIGRATIONS_DIR);
    await seedDemo(db, { force: true });
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM mehub_account WHERE email = 'worker@sparkright.example'`);
    const app = await appOn(db);
    const r = requests(await createSession(db, rows[0].id, 'account', 12));

    expect((await app.inject(r.graphql)).statusCode).toBe(200);
    expect((await app.inject(r.health)).statusCode).toBe(200);
    expect((await app.inject(r.signIn)).statusCode).toBe(200);
    await cut();
    await expectUnavailable(app, r.health);
    await expectUnavailable(app, r.signIn);
    await expectUnavailable(app, r.graphql);
    await open(port);
    expect((await app.inject(r.health)).statusCode).toBe(200);
    expect((await app.inject(r.signIn)).statusCode).toBe(200);
    expect((await app.inject(r.graphql)).json()).toMatchObject({ data: { assetEntitys: expect.any(Array) } });
  });
});
