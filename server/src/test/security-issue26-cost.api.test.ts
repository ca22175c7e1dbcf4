import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { COST_LIMITS } from '../crud/limits';
import { openPostgres, statementMessages, wrapPglite, type Db } from '../db/client';
import { diskStorage } from '../files/storage';
import { SESSION_COOKIE } from '../auth/session';
import { loadSecret, signer as makeSigner } from '../auth/secret';
import { XSRF_COOKIE, xsrfToken } from '../auth/xsrf';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, startHarness, type Harness } from './harness';

/**
 * Issue 26, item 3: one member's request must not hold the database for every tenant. A search
 * is bounded by the related records it goes through, a save by the rows it writes (both checked
 * before any database work, crud/limits.ts), and a PostgreSQL statement by its timeout.
 */
let h: Harness;
let ids: string[];
const postgres = process.env.TEST_ENGINE === 'postgres';

beforeAll(async () => {
  h = await startHarness();
  // 1,000 assets of Sparkright under two parents: the hostile searches of the report were slow over rows like these.
  const inputs = Array.from({ length: 1000 }, (_, i) => ({ assetType: 'TOOL', description: `bulk ${i}` }));
  const created = await h.gql<{ r: { id: string }[] }>(
    SPARK_MANAGER,
    `mutation($m: [AssetEntityInput!]!) { r: createAssetEntity(assetEntityModels: $m) { id } }`,
    { m: inputs },
  );
  expect(created.errors).toBeUndefined();
  ids = created.data!.r.map((r) => r.id);
  await h.db.query(`UPDATE asset SET parent_asset_id = $1 WHERE id = ANY($2::uuid[])`, [ids[0], ids.slice(2, 500)]);
  await h.db.query(`UPDATE asset SET parent_asset_id = $1 WHERE id = ANY($2::uuid[])`, [ids[1], ids.slice(500)]);
}, 120_000);
afterAll(() => h.close());

/** `n` conditions, each a group of its own, on `description` through `steps` steps of `via`. */
const deep = (n: number, steps: number, via = 'parentAsset') =>
  Array.from({ length: n }, (_, i) => [
    { path: [...Array<string>(steps).fill(via), 'description'].join('.'), comparison: 'contains', value: [`x${i}`] },
  ]);

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - started };
}

const listAndCount = `query($c: [[WhereExpressionGraph!]!]) { a: assetEntitysConditional(conditions: $c, take: 1000) { id } n: countAssetEntitysConditional(conditions: $c) }`;
const tooComplex = /^This search is too complex: it goes through related records \d+ times, at most 16 are allowed/;

describe('a search is bounded by the related records it goes through', () => {
  it.each([
    ['200 conditions through 7 parent references (the report: 34.5 s, then out of memory)', deep(200, 7)],
    ['200 conditions through child assets', deep(200, 1, 'assetss')],
    ['17 conditions through one reference each', deep(17, 1)],
  ])('%s: refused at once with the reason', async (_name, c) => {
    const { value: res, ms } = await timed(() => h.gql(SPARK_MANAGER, listAndCount, { c }));
    expect(res.errors?.[0]?.message).toMatch(tooComplex);
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(ms).toBeLessThan(3000);
  });

  it('refuses it the same way through where, has, sort paths, bulk update and delete, and the CSV export; nothing changes', async () => {
    const where = deep(10, 1).flat();
    const viaWhere = await h.gql(
      SPARK_MANAGER,
      `query($w: [WhereExpressionGraph!]) { assetEntitys(where: $w, conditions: [[{path: "parentAsset.parentAsset.parentAsset.parentAsset.parentAsset.parentAsset.parentAsset.description", comparison: contains, value: ["x"]}]]) { id } }`,
      { w: where },
    );
    expect(viaWhere.errors?.[0]?.message).toMatch(tooComplex);
    const has = Array.from({ length: 6 }, () => ({
      path: 'assetss',
      conditions: [[{ path: 'parentAsset.parentAsset.description', comparison: 'contains', value: ['x'] }]],
    }));
    const viaHas = await h.gql(SPARK_MANAGER, `query($h: [HasConditionGraph!]) { countAssetEntitys(has: $h) }`, { h: has });
    expect(viaHas.errors?.[0]?.message).toMatch(tooComplex);
    const orderBy = Array.from({ length: 3 }, () => ({
      path: 'parentAsset.parentAsset.parentAsset.parentAsset.parentAsset.parentAsset.description',
    }));
    const viaSort = await h.gql(SPARK_MANAGER, `query($o: [OrderByGraph!]) { assetEntitys(orderBy: $o, take: 5) { id } }`, { o: orderBy });
    expect(viaSort.errors?.[0]?.message).toMatch(tooComplex);
    const c = deep(200, 1, 'assetss');
    const update = await h.gql(
      SPARK_MANAGER,
      `mutation($c: [[WhereExpressionGraph!]!]) { updateAssetEntitysConditional(conditions: $c, fieldsToUpdate: ["comments"], values: {comments: "hostile"}) }`,
      { c },
    );
    expect(update.errors?.[0]?.message).toMatch(tooComplex);
    const del = await h.gql(SPARK_MANAGER, `mutation($c: [[WhereExpressionGraph!]!]) { deleteAssetEntitysConditional(conditions: $c) }`, {
      c,
    });
    expect(del.errors?.[0]?.message).toMatch(tooComplex);
    const exported = await h.app.inject({
      url: `/api/entity/AssetEntity/export?stringConditions=${encodeURIComponent(JSON.stringify(deep(17, 1, 'assetss')))}`,
      headers: { cookie: `${SESSION_COOKIE}=${h.users[SPARK_MANAGER].cookie}` },
    });
    expect(exported.statusCode).toBe(400);
    expect(exported.json().errors[0].message).toMatch(tooComplex);
    const { rows } = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM asset WHERE comments = 'hostile'`);
    expect(rows[0].n).toBe(0);
    expect((await h.gql<{ n: number }>(SPARK_MANAGER, `{ n: countAssetEntitys }`)).data!.n).toBeGreaterThanOrEqual(1000);
  });

  it("answers the largest search the hub's own screens send, and the worst one allowed in bounded time while another member is served", async () => {
    // The back-office list: search box over the searchable fields, a filter, the organisation column's sort.
    const screen = await h.gql<{ a: unknown[]; n: number }>(
      ADMIN,
      `query($c: [[WhereExpressionGraph!]!], $o: [OrderByGraph!]) { a: assetEntitys(conditions: $c, orderBy: $o, take: 100) { id } n: countAssetEntitys(conditions: $c) }`,
      {
        c: [
          [
            { path: 'assetID', comparison: 'contains', value: ['bulk'] },
            { path: 'serialNumber', comparison: 'contains', value: ['bulk'] },
            { path: 'description', comparison: 'contains', value: ['bulk'] },
          ],
          [{ path: 'assetType', comparison: 'in', value: ['TOOL', 'LADDER'] }],
          [{ path: 'memberOrganisation.name', comparison: 'contains', value: ['Spark'] }],
          [{ path: 'parentAsset.memberOrganisation.name', comparison: 'contains', value: ['Spark'] }],
        ],
        o: [{ path: 'memberOrganisation.name' }],
      },
    );
    expect(screen.errors).toBeUndefined();
    expect(screen.data!.n).toBe(998);

    for (const [name, c] of [
      ['16 conditions through child assets', deep(COST_LIMITS.searchJoins, 1, 'assetss')],
      ['2 conditions through 8 parent references', deep(2, 7)],
    ] as const) {
      const started = Date.now();
      const other = new Promise<number>((resolve) => {
        setTimeout(() => void h.gql(SPARK_WORKER, `{ n: countAssetEntitys }`).then(() => resolve(Date.now() - started - 20)), 20);
      });
      const { value: res, ms } = await timed(() => h.gql(SPARK_MANAGER, listAndCount, { c }));
      expect(res.errors).toBeUndefined();
      const waited = await other;
      console.log(`worst allowed search (${h.db.engine}): ${name}: ${ms} ms; another member's count meanwhile: ${waited} ms`);
      expect(ms).toBeLessThan(5000);
      expect(waited).toBeLessThan(5000);
    }
  });
});

describe('a save is bounded by the rows it writes', () => {
  it('refuses records whose reference lists together exceed the limit, before any write', async () => {
    const accounts = Array.from({ length: 1000 }, () => ({ id: h.users[SPARK_WORKER].id }));
    const { value: res, ms } = await timed(() =>
      h.gql(SPARK_MANAGER, `mutation($m: [AssetEntityInput!]!) { createAssetEntity(assetEntityModels: $m) { id } }`, {
        m: Array.from({ length: 3 }, (_, i) => ({ assetType: 'TOOL', description: `linked ${i}`, mehubAccountss: accounts })),
      }),
    );
    expect(res.errors?.[0]?.message).toBe(
      'Too many records in one request: 3003 records and references, at most 2000 can be saved at once. Save them in smaller batches',
    );
    expect(ms).toBeLessThan(3000);
    const update = await h.gql(SPARK_MANAGER, `mutation($m: [AssetEntityInput!]!) { updateAssetEntity(assetEntityModels: $m) { id } }`, {
      m: ids.slice(0, 3).map((id) => ({ id, mehubAccountss: accounts })),
    });
    expect(update.errors?.[0]?.message).toMatch(/^Too many records in one request: 3003 records and references/);
    const { rows } = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM asset WHERE description LIKE 'linked %'`);
    expect(rows[0].n).toBe(0);
  });

  it('still saves 1,000 records at once, and a record with 1,000 references', async () => {
    const { value: res, ms } = await timed(() =>
      h.gql<{ r: { id: string }[] }>(
        SPARK_MANAGER,
        `mutation($m: [AssetEntityInput!]!) { r: updateAssetEntity(assetEntityModels: $m) { id } }`,
        {
          m: ids.map((id, i) => ({ id, comments: `checked ${i}` })),
        },
      ),
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.r).toHaveLength(1000);
    console.log(`1,000-record update (${h.db.engine}): ${ms} ms`);
    const linked = await h.gql(SPARK_MANAGER, `mutation($m: [AssetEntityInput!]!) { createAssetEntity(assetEntityModels: $m) { id } }`, {
      m: [
        {
          assetType: 'TOOL',
          description: 'one linked',
          mehubAccountss: Array.from({ length: 1000 }, () => ({ id: h.users[SPARK_WORKER].id })),
        },
      ],
    });
    expect(linked.errors).toBeUndefined();
  });
});

describe('a statement that runs too long is stopped with a clear message', () => {
  it('translates a stopped statement (timeout, out of memory) into a message, on the embedded engine too', async () => {
    const failing = (code: string) =>
      wrapPglite({
        query: async () => {
          throw Object.assign(new Error('stopped'), { code });
        },
        transaction: async (fn) => fn({ query: async () => ({ rows: [] }) }),
        close: async () => {},
      });
    await expect(failing('57014').query('SELECT 1')).rejects.toMatchObject({ message: statementMessages.timeout, status: 503 });
    await expect(failing('53200').query('SELECT 1')).rejects.toMatchObject({ message: statementMessages.outOfMemory, status: 400 });
  });

  it.runIf(postgres)(
    'PostgreSQL: a request held past STATEMENT_TIMEOUT_SECONDS is answered 503 with the message, rolled back, and the next works',
    async () => {
      const db: Db = await openPostgres(process.env.TEST_DATABASE_URL!, 2, { statementTimeoutMs: 500 });
      const config = {
        ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'hub-files-')) }),
        webDist: '/nonexistent',
        statementTimeoutMs: 500,
      };
      const app = await buildApp({
        config,
        db,
        storage: diskStorage(join(config.dataDir, 'files')),
        logger: false,
        mailer: { send: async () => {} },
      });
      try {
        // This app's anti-forgery token (the harness's reset made the database a new secret).
        const session = h.users[SPARK_MANAGER].cookie;
        const xsrf = xsrfToken(makeSigner(await loadSecret(db, undefined)), session);
        const headers = { cookie: `${SESSION_COOKIE}=${session}; ${XSRF_COOKIE}=${xsrf}`, 'x-xsrf-token': xsrf };
        const gql = async (query: string, variables?: Record<string, unknown>) => {
          const res = await app.inject({
            method: 'POST',
            url: '/api/graphql',
            headers: { 'content-type': 'application/json', ...headers },
            payload: JSON.stringify({ query, variables }),
          });
          return { status: res.statusCode, body: res.json() as { data?: Record<string, unknown>; errors?: { message: string }[] } };
        };
        const save = `mutation($m: [AssetEntityInput!]!) { updateAssetEntity(assetEntityModels: $m) { id comments } }`;
        // Another connection holds the table: the read and the save wait past the timeout.
        let read: Awaited<ReturnType<typeof gql>> | undefined;
        let saved: Awaited<ReturnType<typeof gql>> | undefined;
        let readMs = 0;
        await h.db.transaction(async (tx) => {
          await tx.query('LOCK TABLE asset IN ACCESS EXCLUSIVE MODE');
          const started = Date.now();
          read = await gql(`{ assetEntitys(take: 5) { id } }`);
          readMs = Date.now() - started;
          saved = await gql(save, { m: [{ id: ids[5], comments: 'held' }] });
        });
        expect(read!.status).toBe(503);
        expect(read!.body.errors![0].message).toBe(statementMessages.timeout);
        // Stopped once, not sent again field by field or through graphql-js.
        expect(readMs).toBeLessThan(1400);
        expect(saved!.body.errors![0].message).toBe(statementMessages.timeout);
        const { rows: open } = await h.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
        );
        expect(open[0].n).toBe(0);
        const { rows } = await h.db.query<{ comments: string | null }>('SELECT comments FROM asset WHERE id = $1', [ids[5]]);
        expect(rows[0].comments).not.toBe('held');
        const again = await gql(save, { m: [{ id: ids[5], comments: 'saved' }] });
        expect(again.body.errors).toBeUndefined();
        expect(again.body.data!.updateAssetEntity).toEqual([{ id: ids[5], comments: 'saved' }]);
      } finally {
        await app.close();
        await db.close();
      }
    },
  );

  it.runIf(postgres)('PostgreSQL: every connection has the timeout, and migrations lift it for their own transaction', async () => {
    const { rows } = await h.db.query<{ statement_timeout: string }>('SHOW statement_timeout');
    expect(rows[0].statement_timeout).toBe('15s');
    const lifted = await h.db.transaction(async (tx) => {
      await tx.query('SET LOCAL statement_timeout = 0');
      return (await tx.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0].statement_timeout;
    });
    expect(lifted).toBe('0');
    expect((await h.db.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0].statement_timeout).toBe('15s');
  });
});
