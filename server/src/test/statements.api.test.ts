import { GROUPS, ROLES, getEntity } from '@hub/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCount, compileList, listRecords } from '../crud/list';
import { MAX_PREPARED_PER_CONNECTION, openPostgres } from '../db/client';
import { startHarness, SPARK_MANAGER, SPARK_WORKER, SUPER, VOLT_MANAGER, type Harness } from './harness';

/**
 * Issue 14: a GraphQL read is one statement for all its root fields; on PostgreSQL that same
 * statement confirms the caller's session (the caller last read for it by this process), so a
 * read is one round trip; the statement's text is the same for the same query shape, and is
 * sent as a named prepared statement, a bounded number per connection.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const NESTED = `{ assetEntitys(take: 50, orderBy: [{path: "description"}]) {
  id description memberOrganisation { id name mehubAccounts { id email role { name } } }
  parentAsset { id description memberOrganisation { name } } assetss { id } mehubAccountss { id email } formSubmissionss { id } } }`;
const THREE = `{ a: assetEntitys(take: 5) { id memberOrganisation { name } } n: countAssetEntitys roles: roleEntitys { id name } }`;

/** Statements a request sends: the session read is one more on a first request (or a cold cache). */
async function statementsOf(who: string, query: string): Promise<{ n: number; res: Awaited<ReturnType<Harness['gql']>> }> {
  const before = h.db.stats.statements;
  const res = await h.gql(who, query);
  return { n: h.db.stats.statements - before, res };
}

describe('one statement per GraphQL read', () => {
  it('answers a nested list with one statement, plus the session read when it is not known yet', async () => {
    for (const who of [SUPER, SPARK_MANAGER]) {
      h.uncacheSessions();
      const first = await statementsOf(who, NESTED);
      expect(first.res.errors).toBeUndefined();
      const rows = (first.res.data as { assetEntitys: { memberOrganisation: { mehubAccounts: unknown[] } }[] }).assetEntitys;
      expect(rows.length).toBeGreaterThanOrEqual(4);
      expect(rows[0].memberOrganisation.mehubAccounts.length).toBeGreaterThan(0);
      expect(first.n).toBe(2);
      // Known now: PostgreSQL confirms the session in the read's own statement; PGlite keeps the caller.
      const again = await statementsOf(who, NESTED);
      expect(again.res.data).toEqual(first.res.data);
      expect(again.n).toBe(1);
    }
  });

  it('answers every root field of a request in that one statement', async () => {
    await statementsOf(SUPER, THREE);
    const { n, res } = await statementsOf(SUPER, THREE);
    expect(res.errors).toBeUndefined();
    const data = res.data as { a: unknown[]; n: number; roles: { name: string }[] };
    expect(data.a).toHaveLength(5);
    expect(data.n).toBeGreaterThanOrEqual(5);
    expect(data.roles.map((r) => r.name)).toContain(ROLES.safetyManager);
    expect(n).toBe(1);
  });

  it('keeps each list in its order, and each field its own answer', async () => {
    const q = `{ up: assetEntitys(orderBy: [{path: "description"}]) { description }
      down: assetEntitys(orderBy: [{path: "description", descending: true}]) { description }
      one: assetEntitys(take: 1, skip: 2, orderBy: [{path: "description"}]) { description } }`;
    const res = await h.gql<{ up: { description: string }[]; down: { description: string }[]; one: { description: string }[] }>(SUPER, q);
    expect(res.errors).toBeUndefined();
    const names = res.data!.up.map((r) => r.description);
    expect(names.length).toBeGreaterThan(3);
    expect(res.data!.down.map((r) => r.description)).toEqual([...names].reverse());
    expect(res.data!.one[0].description).toBe(names[2]);
  });

  it('refuses a field with bad arguments alone: the others are answered', async () => {
    const bad = await h.gql(SPARK_MANAGER, `{ a: assetEntitys(orderBy: [{path: "nope"}]) { id } n: countAssetEntitys }`);
    expect(bad.errors?.map((e) => e.message)).toEqual(["Cannot sort AssetEntity by 'nope'"]);
    // A nullable field (a record by id) fails alone; the count beside it is answered.
    const res = await h.gql<{ x: unknown; n: number }>(SPARK_MANAGER, `{ x: assetEntity(id: "nope") { id } n: countAssetEntitys }`);
    expect(res.errors).toHaveLength(1);
    expect(res.data!.x).toBeNull();
    expect(res.data!.n).toBeGreaterThan(0);
  });

  it('reads a record by id in the same statement as the lists', async () => {
    const { rows } = await h.db.query<{ id: string }>(`SELECT id FROM asset WHERE member_organisation_id = $1 LIMIT 1`, [h.org.spark]);
    await statementsOf(SPARK_MANAGER, '{ countAssetEntitys }');
    const { n, res } = await statementsOf(SPARK_MANAGER, `{ x: assetEntity(id: "${rows[0].id}") { id } n: countAssetEntitys }`);
    expect((res.data as { x: { id: string } }).x.id).toBe(rows[0].id);
    expect(n).toBe(1);
  });
});

describe('direct answers', () => {
  /** The same query through graphql-js: a directive (even a no-op one) takes the usual execution. */
  const viaGraphqlJs = (q: string) => q.replace(/\{/, '{ __typename @include(if: true) ');
  it('equal graphql-js answers, key order included, for aliases, fragments, nesting and counts', async () => {
    const queries = [
      NESTED,
      THREE,
      `query Q($w: [WhereExpressionGraph!]) { first: assetEntitys(where: $w, take: 3) { ...A kind: assetType }
         n: countAssetEntitys(where: $w) }
       fragment A on AssetEntity { __typename id name: description memberOrganisation { __typename id name } parentAsset { id } }`,
      `{ one: assetEntitys(take: 2, skip: 1, orderBy: [{path: "memberOrganisation.name"}, {path: "description", descending: true}]) {
         description created modified assetss { description } mehubAccountss { email } } }`,
    ];
    for (const who of [SUPER, SPARK_MANAGER, SPARK_WORKER]) {
      for (const q of queries) {
        const variables = { w: [{ path: 'status', comparison: 'equal', value: ['IN_SERVICE'] }] };
        const direct = await h.app.inject({
          method: 'POST',
          url: '/api/graphql',
          headers: { 'content-type': 'application/json', ...h.headers(who) },
          payload: { query: q, variables },
        });
        const usual = await h.app.inject({
          method: 'POST',
          url: '/api/graphql',
          headers: { 'content-type': 'application/json', ...h.headers(who) },
          payload: { query: viaGraphqlJs(q), variables },
        });
        expect(direct.statusCode).toBe(200);
        const a = JSON.parse(direct.body) as { data: Record<string, unknown> };
        const b = JSON.parse(usual.body) as { data: Record<string, unknown>; errors?: unknown };
        expect(b.errors).toBeUndefined();
        delete b.data.__typename;
        expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      }
    }
  });
});

describe('kept direct statements', () => {
  const Q = `query($w: [WhereExpressionGraph!]) { a: assetEntitys(where: $w, take: 50) { description memberOrganisation { name } } n: countAssetEntitys(where: $w) }`;
  const ask = (who: string, status: string) =>
    h.gql<{ a: { description: string; memberOrganisation: { name: string } | null }[]; n: number }>(who, Q, {
      w: [{ path: 'status', comparison: 'equal', value: [status] }],
    });
  it('answers each caller and each variables their own rows, however often the same read comes', async () => {
    for (let round = 0; round < 2; round++) {
      for (const [who, org] of [
        [SPARK_MANAGER, 'Sparkright Electrical'],
        [VOLT_MANAGER, 'Voltline Services'],
      ]) {
        const inService = await ask(who, 'IN_SERVICE');
        const out = await ask(who, 'OUT_OF_SERVICE');
        expect(inService.errors).toBeUndefined();
        expect(inService.data!.a.length).toBeGreaterThan(0);
        for (const r of [...inService.data!.a, ...out.data!.a]) expect(r.memberOrganisation?.name).toBe(org);
        expect(inService.data!.n).toBe(inService.data!.a.length);
        expect(out.data!.n).toBe(out.data!.a.length);
        const names = new Set(inService.data!.a.map((r) => r.description));
        for (const r of out.data!.a) expect(names.has(r.description)).toBe(false);
      }
    }
  });

  it('reads the rows afresh each time: a row written between two equal reads is in the second', async () => {
    const before = await ask(SPARK_MANAGER, 'IN_SERVICE');
    const made = await h.gql<{ r: { id: string }[] }>(
      SPARK_MANAGER,
      `mutation($m: [AssetEntityInput!]!) { r: createAssetEntity(assetEntityModels: $m) { id } }`,
      { m: [{ assetType: 'TOOL', description: 'Kept statement probe', status: 'IN_SERVICE' }] },
    );
    expect(made.errors).toBeUndefined();
    const after = await ask(SPARK_MANAGER, 'IN_SERVICE');
    expect(after.data!.n).toBe(before.data!.n + 1);
    expect(after.data!.a.map((r) => r.description)).toContain('Kept statement probe');
    await h.gql(SPARK_MANAGER, `mutation($ids: [ID!]!) { deleteAssetEntity(assetEntityIds: $ids) }`, { ids: [made.data!.r[0].id] });
  });
});

describe('the session is confirmed by the read', () => {
  it('refuses a session ended on the server, with the usual 401, even right after a read', async () => {
    await h.reset();
    expect((await h.gql(SPARK_WORKER, THREE)).status).toBe(200);
    await h.db.query('DELETE FROM session WHERE user_id = $1', [h.users[SPARK_WORKER].id]);
    const res = await h.gql(SPARK_WORKER, THREE);
    expect(res.status).toBe(401);
    expect(res.data).toBeNull();
    expect(res.errors?.[0].message).toBe('Your session has ended. Please sign in again.');
    // Also when nothing is read (the statement that would have confirmed it is never sent).
    expect((await h.gql(SPARK_WORKER, '{ __typename }')).status).toBe(401);
    expect((await h.gql(SPARK_WORKER, '{ nope }')).status).toBe(401);
  });

  it('refuses an expired or idle session', async () => {
    await h.reset();
    for (const expire of [`expires = now() - interval '1 second'`, `last_seen = now() - interval '2 days', remember = false`]) {
      await h.reset();
      expect((await h.gql(SPARK_WORKER, THREE)).status).toBe(200);
      await h.db.query(`UPDATE session SET ${expire} WHERE user_id = $1`, [h.users[SPARK_WORKER].id]);
      expect((await h.gql(SPARK_WORKER, THREE)).status).toBe(401);
    }
  });

  it('answers as the caller the account is now: another organisation, another role', async () => {
    await h.reset();
    const q = '{ memberOrganisationEntitys { id } }';
    const before = await h.gql<{ memberOrganisationEntitys: { id: string }[] }>(SPARK_WORKER, q);
    expect(before.data!.memberOrganisationEntitys.map((o) => o.id)).toEqual([h.org.spark]);
    await h.db.query('UPDATE mehub_account SET member_organisation_id = $2 WHERE id = $1', [h.users[SPARK_WORKER].id, h.org.volt]);
    const moved = await h.gql<{ memberOrganisationEntitys: { id: string }[] }>(SPARK_WORKER, q);
    expect(moved.data!.memberOrganisationEntitys.map((o) => o.id)).toEqual([h.org.volt]);
    // A worker made a SafetyManager: a mutation only a manager may make is now allowed, and the reverse.
    await h.db.query(`UPDATE mehub_account SET role_id = (SELECT id FROM role WHERE name = $2) WHERE id = $1`, [
      h.users[SPARK_WORKER].id,
      ROLES.safetyManager,
    ]);
    const me = await h.app.inject({ method: 'GET', url: '/api/account/me', headers: h.headers(SPARK_WORKER) });
    expect((me.json() as { roleName: string }).roleName).toBe(ROLES.safetyManager);
  });

  it('confirms the session before a mutation', async () => {
    await h.reset();
    expect((await h.gql(SPARK_MANAGER, THREE)).status).toBe(200);
    await h.db.query('DELETE FROM session WHERE user_id = $1', [h.users[SPARK_MANAGER].id]);
    const res = await h.gql(
      SPARK_MANAGER,
      `mutation { createAssetEntity(assetEntityModels: [{assetType: OTHER, description: "after sign-out"}]) { id } }`,
    );
    expect(res.status).toBe(401);
    const { rows } = await h.db.query(`SELECT 1 FROM asset WHERE description = 'after sign-out'`);
    expect(rows).toHaveLength(0);
  });

  it('slides the idle timeout at most once a minute', async () => {
    await h.reset();
    await h.gql(SPARK_WORKER, THREE);
    await h.db.query(`UPDATE session SET last_seen = now() - interval '5 minutes' WHERE user_id = $1`, [h.users[SPARK_WORKER].id]);
    h.uncacheSessions();
    expect((await h.gql(SPARK_WORKER, THREE)).status).toBe(200);
    const { rows } = await h.db.query<{ fresh: boolean }>(
      `SELECT last_seen > now() - interval '1 minute' AS fresh FROM session WHERE user_id = $1`,
      [h.users[SPARK_WORKER].id],
    );
    expect(rows[0].fresh).toBe(true);
  });
});

describe('stable statements', () => {
  it('compiles the same query shape to the same text, whatever the values', () => {
    const asset = getEntity('AssetEntity');
    const caller = (org: string) => ({
      userId: '00000000-0000-4000-8000-000000000001',
      kind: 'account' as const,
      groups: [GROUPS.member],
      role: ROLES.safetyManager,
      roleId: '00000000-0000-4000-8000-000000000002',
      organisationId: org,
      email: 'a@b.example',
    });
    const sel = {
      id: true,
      memberOrganisation: { name: true },
      parentAsset: { description: true, memberOrganisation: { name: true } },
    } as const;
    const a = compileList(
      caller('00000000-0000-4000-8000-00000000000a'),
      asset,
      {
        where: [{ path: 'status', comparison: 'equal', value: ['IN_SERVICE'] }],
        take: 20,
        skip: 0,
        orderBy: [{ path: 'parentAsset.description' }],
      },
      sel,
    );
    const b = compileList(
      caller('00000000-0000-4000-8000-00000000000b'),
      asset,
      {
        where: [{ path: 'status', comparison: 'equal', value: ['OUT_OF_SERVICE'] }],
        take: 10,
        skip: 40,
        orderBy: [{ path: 'parentAsset.description' }],
      },
      sel,
    );
    expect(b.sql).toBe(a.sql);
    expect(b.params).not.toEqual(a.params);
    // To-one references are joined (LATERAL), each with the caller's organisation.
    expect(a.sql).toMatch(/LEFT JOIN LATERAL/);
    expect(a.sql.match(/LEFT JOIN LATERAL/g)).toHaveLength(3);
    const c1 = compileCount(caller('00000000-0000-4000-8000-00000000000a'), asset, {});
    const c2 = compileCount(caller('00000000-0000-4000-8000-00000000000b'), asset, {});
    expect(c2.sql).toBe(c1.sql);
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')('keeps at most the bounded number of prepared statements on a connection', async () => {
    const db = await openPostgres(process.env.TEST_DATABASE_URL!, 1);
    try {
      for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + 30; i++) {
        const { rows } = await db.query<{ n: number }>(`SELECT $1::int + ${i} AS n`, [1], { prepare: true });
        expect(rows[0].n).toBe(1 + i);
      }
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements');
      expect(rows[0].n).toBeLessThanOrEqual(MAX_PREPARED_PER_CONNECTION);
      expect(rows[0].n).toBeGreaterThan(0);
      // Still prepared and answering after the reset.
      const again = await db.query<{ n: number }>(`SELECT $1::int + 3 AS n`, [1], { prepare: true });
      expect(again.rows[0].n).toBe(4);
    } finally {
      await db.close();
    }
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'sends a list as a named prepared statement, the same name for the same shape',
    async () => {
      const db = await openPostgres(process.env.TEST_DATABASE_URL!, 1);
      try {
        const asset = getEntity('AssetEntity');
        const admin = {
          userId: h.users[SUPER].id,
          kind: 'admin' as const,
          groups: [GROUPS.superAdministrators],
          role: null,
          roleId: null,
          organisationId: null,
          email: SUPER,
        };
        await listRecords(db, admin, asset, { take: 5 }, { id: true, memberOrganisation: { name: true } });
        await listRecords(db, admin, asset, { take: 7, skip: 1 }, { id: true, memberOrganisation: { name: true } });
        const { rows } = await db.query<{ name: string }>(
          `SELECT name FROM pg_prepared_statements WHERE statement LIKE '%LEFT JOIN LATERAL%'`,
        );
        expect(rows).toHaveLength(1);
        expect(rows[0].name).toMatch(/^hub_[0-9a-f]{24}$/);
      } finally {
        await db.close();
      }
    },
  );
});
