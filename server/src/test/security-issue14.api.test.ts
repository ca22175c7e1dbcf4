import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getNamedType, isLeafType, isObjectType, type GraphQLObjectType, type GraphQLOutputType } from 'graphql';
import { GROUPS, ROLES, allEntities, opNames } from '@hub/model';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { SESSION_COOKIE, createSession, hashToken } from '../auth/session';
import { loadSecret, signer as makeSigner } from '../auth/secret';
import { XSRF_COOKIE, xsrfToken } from '../auth/xsrf';
import { loadConfig } from '../config';
import { openPostgres, type Db } from '../db/client';
import { diskStorage } from '../files/storage';
import { buildSchema } from '../graphql/schema';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, SUPER, VOLT_MANAGER, startHarness, type Harness } from './harness';

/**
 * Issue 14 attack review: the new GraphQL read path (every root field in one statement, plain
 * reads answered by the database itself, the session confirmed inside that statement on
 * PostgreSQL, named prepared statements), attacked as an outsider would. Runs on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const POSTGRES = process.env.TEST_ENGINE === 'postgres';

interface Raw {
  status: number;
  body: string;
  /** Answered by the database itself (graphql/direct.ts): json_build_object's own spacing. */
  direct: boolean;
  json: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

async function post(as: string | null, payload: unknown, headers: Record<string, string> = {}, app: FastifyInstance = h.app): Promise<Raw> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { 'content-type': 'application/json', ...h.headers(as), ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  let json: Raw['json'] = {};
  try {
    json = JSON.parse(res.body) as Raw['json'];
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, body: res.body, direct: res.body.startsWith('{"data" : '), json };
}

const gql = (as: string | null, query: string, variables?: unknown, operationName?: unknown) =>
  post(as, { query, variables, operationName });

/** The same query with its first root field under `@include(if: true)`: graphql-js's usual execution. */
function usualOf(query: string): string {
  const m = /^\s*(query\b[^{]*)?\{\s*([_A-Za-z][_0-9A-Za-z]*\s*:\s*)?([_A-Za-z][_0-9A-Za-z]*)(\s*\([^)]*\))?/.exec(query);
  if (!m) throw new Error(`cannot force the usual path of ${query}`);
  return `${query.slice(0, m.index + m[0].length)} @include(if: true)${query.slice(m.index + m[0].length)}`;
}

/** The answer as the client reads it, keys in their order (error locations aside: the directive moves them). */
const text = (r: Raw) =>
  JSON.stringify({
    status: r.status,
    ...r.json,
    ...(r.json.errors ? { errors: r.json.errors.map((e) => ({ ...e, locations: undefined })) } : {}),
  });

/** Runs a query both ways: the same status and answer, key order included; returns the direct one. */
async function sameBothWays(as: string | null, query: string, variables?: unknown, expectDirect = true): Promise<Raw> {
  const direct = await gql(as, query, variables);
  const usual = await gql(as, usualOf(query), variables);
  expect(usual.direct, 'the @include variant takes the usual path').toBe(false);
  if (expectDirect) expect(direct.direct, `answered directly: ${query} ${direct.body.slice(0, 300)}`).toBe(true);
  expect(text(direct), query).toBe(text(usual));
  return direct;
}

const schema = buildSchema();
const entityNames = new Set<string>(allEntities().map((e) => e.name));

/** The leaf fields of a type, and its object fields each with `{ id __typename }` (files: all four fields). */
function fieldsOf(type: GraphQLObjectType): { leaves: string[]; objects: string[] } {
  const leaves: string[] = [];
  const objects: string[] = [];
  for (const f of Object.values(type.getFields())) {
    const named = getNamedType(f.type as GraphQLOutputType);
    if (isLeafType(named)) leaves.push(f.name);
    else if (isObjectType(named) && named.name === 'File') objects.push(`${f.name} { __typename id fileName contentType size }`);
    // A derived object ('Owner') is never a direct answer (tested on its own below).
    else if (isObjectType(named) && entityNames.has(named.name)) objects.push(`${f.name} { __typename id created }`);
  }
  return { leaves, objects };
}

describe('a direct answer is the answer graphql-js gives, key for key and in the same order', () => {
  beforeAll(async () => {
    await h.reset();
    // Values whose JSON spelling differs between json and jsonb, or that need escaping.
    await h.db.query(`UPDATE asset SET description = $1, comments = $2 WHERE id = (SELECT id FROM asset ORDER BY id LIMIT 1)`, [
      `quote " back \\ slash \u0001 ctl \u2028 sep \u00e9 😀 </script>`,
      '',
    ]);
    await h.db.query(`UPDATE safety_link SET "order" = CASE WHEN "order" IS NULL THEN 0.30000000000000004 ELSE "order" + 0.1 END`);
    await h.db.query(`UPDATE safety_link SET "order" = 1e21 WHERE id = (SELECT id FROM safety_link ORDER BY id LIMIT 1)`);
    await h.db.query(`UPDATE safety_link SET "order" = -0.0 WHERE id = (SELECT id FROM safety_link ORDER BY id DESC LIMIT 1)`);
    // A file on a document, so file fields have values.
    const { rows } = await h.db.query<{ id: string }>(
      `INSERT INTO file (file_name, content_type, size, storage_key) VALUES ('a "b".pdf', 'application/pdf', 2147483647, 'k') RETURNING id`,
    );
    await h.db.query(`UPDATE document SET document_upload_id = $1 WHERE member_organisation_id = $2`, [rows[0].id, h.org.spark]);
  });

  for (const who of [SUPER, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, null]) {
    it(`for every entity and every field, as ${who ?? 'a visitor'}`, async () => {
      const failures: string[] = [];
      let direct = 0;
      for (const entity of allEntities()) {
        const n = opNames(entity.name);
        const { leaves, objects } = fieldsOf(schema.getType(entity.name) as GraphQLObjectType);
        // The object fields this caller may read at all (the others fail the whole field, both ways).
        const readable: string[] = [];
        for (const o of objects) {
          const probe = await gql(who, `{ ${n.list}(take: 1) { id ${o} } }`);
          if (!probe.json.errors) readable.push(o);
        }
        const query = `{ rows: ${n.list}(take: 7) { __typename ${leaves.join(' ')} ${readable.join(' ')} } n: ${n.count} t: __typename }`;
        const a = await gql(who, query);
        const b = await gql(who, usualOf(query));
        if (a.direct) direct++;
        if (text(a) !== text(b)) failures.push(`${entity.name}:\n  direct ${text(a).slice(0, 800)}\n  usual  ${text(b).slice(0, 800)}`);
      }
      expect(failures).toEqual([]);
      if (who) expect(direct).toBeGreaterThan(10);
    });
  }

  it('aliases, fragments, __typename and nested aliases of the same field', async () => {
    const q = `query Q { z: countAssetEntitys __typename a: assetEntitys(take: 3, orderBy: [{path: "description"}]) { ...F x: id __typename
        p1: memberOrganisation { n: name __typename } p2: memberOrganisation { id ... on MemberOrganisationEntity { memberCode } }
        kids: assetss { id } parentAsset { ...G } }
      b: assetEntitys(take: 2, skip: 1) { ... { description } } }
      fragment F on AssetEntity { description status }
      fragment G on AssetEntity { id description memberOrganisation { name } }`;
    await sameBothWays(SPARK_MANAGER, q);
    await sameBothWays(SUPER, q);
  });

  it('aliases named like JavaScript internals or SQL', async () => {
    const q = `{ __proto__: assetEntitys(take: 2) { constructor: id toString: description hasOwnProperty: __typename
        prototype: memberOrganisation { valueOf: name } }
      select: countAssetEntitys drop_table: countAssetEntitys or1eq1: assetEntitys(take: 1) { __proto__: id } }`;
    const r = await sameBothWays(SPARK_MANAGER, q);
    expect(Object.keys(r.json.data!)).toEqual(['__proto__', 'select', 'drop_table', 'or1eq1']);
  });

  it('a response key repeated with different selections is merged as graphql-js merges it', async () => {
    const q = `{ a: assetEntitys(take: 3) { id memberOrganisation { id } memberOrganisation { name } id parentAsset { id } }
      a: assetEntitys(take: 3) { description parentAsset { description } } }`;
    const r = await sameBothWays(SPARK_MANAGER, q, undefined, false);
    const row = (r.json.data!.a as Record<string, unknown>[])[0];
    expect(Object.keys(row)).toEqual(['id', 'memberOrganisation', 'parentAsset', 'description']);
    expect(Object.keys(row.memberOrganisation as object)).toEqual(['id', 'name']);
  });

  it('@skip and @include fall back and are obeyed', async () => {
    for (const [q, keys] of [
      [`{ a: assetEntitys(take: 2) { id description @skip(if: true) } n: countAssetEntitys @include(if: false) }`, ['a']],
      [`query($no: Boolean!) { a: assetEntitys(take: 2) @skip(if: $no) { id } n: countAssetEntitys }`, ['n']],
      [`{ a: assetEntitys(take: 2) { ... @include(if: false) { description } id } }`, ['a']],
      [`{ a: assetEntitys(take: 2) { ...F @skip(if: true) id } } fragment F on AssetEntity { description }`, ['a']],
    ] as const) {
      const r = await gql(SPARK_MANAGER, q, { no: true });
      expect(r.direct, q).toBe(false);
      expect(r.json.errors, q).toBeUndefined();
      expect(Object.keys(r.json.data!), q).toEqual(keys);
      expect(JSON.stringify(r.json)).not.toContain('description');
    }
  });

  it('a derived object field (not a direct answer) and a field with a refused argument beside good ones', async () => {
    await sameBothWays(SUPER, `{ s: formSubmissionsEntitys(take: 3) { id owner { __typename } } n: countAssetEntitys }`, undefined, false);
    await sameBothWays(
      SPARK_MANAGER,
      `{ n: countAssetEntitys bad: assetEntity(id: "not-a-uuid") { id } worse: assetEntitys(orderBy: [{path: "nope"}]) { id } m: countDocumentEntitys }`,
      undefined,
      false,
    );
    await sameBothWays(SPARK_MANAGER, `{ n: countAssetEntitys ids: assetEntitys(ids: ["not-a-uuid"]) { id } }`, undefined, false);
  });
});

describe('operationName tricks', () => {
  it('an empty operationName is refused as graphql-js refuses it (not a 500), whatever was asked before', async () => {
    const q = `query Q { assetEntitys(take: 1) { id } n: countAssetEntitys }`;
    expect((await gql(SPARK_MANAGER, q)).direct).toBe(true);
    const usual = await gql(SPARK_MANAGER, usualOf(q), undefined, '');
    expect(usual.json.errors?.[0].message).toBe('Unknown operation named "".');
    const empty = await gql(SPARK_MANAGER, q, undefined, '');
    expect(text(empty)).toBe(text(usual));
  });

  it('an empty operationName does not turn the direct answer off for everyone sending the same query', async () => {
    const q = `query Q2 { assetEntitys(take: 1) { id } }`;
    expect((await gql(SPARK_MANAGER, q, undefined, '')).json.errors?.[0].message).toBe('Unknown operation named "".');
    const next = await gql(SPARK_WORKER, q);
    expect(next.json.errors).toBeUndefined();
    expect(next.direct).toBe(true);
  });

  it('picks the named operation; a mutation named like a query runs as a mutation; two operations without a name run nothing', async () => {
    const doc = `query assetEntitys { a: assetEntitys(take: 1) { id } }
      mutation countAssetEntitys { createAssetEntity(assetEntityModels: [{assetType: OTHER, description: "op-name-trick"}]) { id } }`;
    const asQuery = await gql(SPARK_MANAGER, doc, undefined, 'assetEntitys');
    expect(asQuery.direct).toBe(true);
    expect(Object.keys(asQuery.json.data!)).toEqual(['a']);
    const none = await gql(SPARK_MANAGER, doc);
    expect(none.json.errors?.[0].message).toBe('Must provide operation name if query contains multiple operations.');
    for (const name of [123, { toString: 'countAssetEntitys' }, ['countAssetEntitys'], 'COUNTASSETENTITYS', 'countAssetEntitys ']) {
      const r = await post(SPARK_MANAGER, { query: doc, operationName: name });
      expect(r.status).toBeLessThan(500);
      expect(r.json.data ?? null).toBeNull();
    }
    const { rows } = await h.db.query(`SELECT 1 FROM asset WHERE description = 'op-name-trick'`);
    expect(rows).toHaveLength(0);
    const asMutation = await gql(SPARK_MANAGER, doc, undefined, 'countAssetEntitys');
    expect(asMutation.json.errors).toBeUndefined();
    const { rows: made } = await h.db.query<{ org: string }>(
      `SELECT member_organisation_id AS org FROM asset WHERE description = 'op-name-trick'`,
    );
    expect(made).toEqual([{ org: h.org.spark }]);
  });
});

/** An asset of each organisation, and the numbers a Spark manager may see. */
async function assets() {
  const { rows } = await h.db.query<{ id: string; org: string; description: string }>(
    `SELECT id, member_organisation_id AS org, description FROM asset ORDER BY id`,
  );
  const spark = rows.filter((r) => r.org === h.org.spark);
  const volt = rows.filter((r) => r.org === h.org.volt);
  expect(spark.length).toBeGreaterThan(1);
  expect(volt.length).toBeGreaterThan(1);
  return { spark, volt };
}

describe("no other organisation's rows through the direct answer", () => {
  beforeEach(() => h.reset());

  it('by id, by ids, counted, aliased fifteen times, through fragments', async () => {
    const { spark, volt } = await assets();
    const v = volt[0].id;
    const byId = Array.from({ length: 13 }, (_, i) => `v${i}: assetEntity(id: "${volt[i % volt.length].id}") { ...F }`).join(' ');
    const q = `{ ${byId} l: assetEntitys(ids: ${JSON.stringify(volt.map((r) => r.id))}) { ...F }
      n: countAssetEntitys(ids: ${JSON.stringify(volt.map((r) => r.id))}) }
      fragment F on AssetEntity { id description memberOrganisation { id name } }`;
    const r = await sameBothWays(SPARK_MANAGER, q);
    const data = r.json.data!;
    for (let i = 0; i < 13; i++) expect(data[`v${i}`]).toBeNull();
    expect(data.l).toEqual([]);
    expect(data.n).toBe(0);
    expect(r.body).not.toContain(v);
    // The Volt manager reads the same query: their own rows.
    const own = await sameBothWays(VOLT_MANAGER, q);
    expect((own.json.data!.l as unknown[]).length).toBe(volt.length);
    // And a Spark record by id stays readable to Spark only.
    const mine = await sameBothWays(SPARK_MANAGER, `{ x: assetEntity(id: "${spark[0].id}") { id } }`);
    expect(mine.json.data!.x).toEqual({ id: spark[0].id });
  });

  it('references, children and links that point into the other organisation read as nothing', async () => {
    const { spark, volt } = await assets();
    // Rows no save would make (saves check every referenced id): a Spark asset whose parent is
    // Volt's, a Volt asset whose parent is Spark's, a Spark asset linked to a Volt account.
    await h.db.query('UPDATE asset SET parent_asset_id = $2 WHERE id = $1', [spark[0].id, volt[0].id]);
    await h.db.query('UPDATE asset SET parent_asset_id = $2 WHERE id = $1', [volt[1].id, spark[0].id]);
    await h.db.query('INSERT INTO link_assets_mehub_accounts (assets_id, mehub_accounts_id) VALUES ($1, $2)', [
      spark[0].id,
      h.users[VOLT_MANAGER].id,
    ]);
    h.uncacheSessions();
    const q = `{ a: assetEntity(id: "${spark[0].id}") { id parentAssetId parentAsset { id description memberOrganisation { name } }
        kids: assetss { id description } people: mehubAccountss { id email } }
      l: assetEntitys(where: [{path: "id", comparison: equal, value: ["${spark[0].id}"]}]) {
        p: parentAsset { id } ... on AssetEntity { assetss { id } } } }`;
    const r = await sameBothWays(SPARK_MANAGER, q);
    const a = r.json.data!.a as { parentAsset: unknown; kids: unknown[]; people: { email: string }[] };
    expect(a.parentAsset).toBeNull();
    expect(a.kids).toEqual([]);
    expect(a.people.map((p) => p.email)).not.toContain(VOLT_MANAGER);
    expect(r.body).not.toContain(volt[0].description);
    expect(r.body).not.toContain(volt[1].id);
    expect(r.body).not.toContain(h.users[VOLT_MANAGER].id);
  });

  it('a filter or a sort through a reference into the other organisation tells nothing', async () => {
    const { spark, volt } = await assets();
    await h.db.query('UPDATE asset SET parent_asset_id = $2 WHERE id = $1', [spark[0].id, volt[0].id]);
    await h.db.query(`UPDATE asset SET description = 'volt-secret-description' WHERE id = $1`, [volt[0].id]);
    h.uncacheSessions();
    const where = (value: string) => `[{path: "parentAsset.description", comparison: equal, value: ["${value}"]}]`;
    const q = `{ hit: countAssetEntitys(where: ${where('volt-secret-description')}) miss: countAssetEntitys(where: ${where('no such')})
      rows: assetEntitys(where: ${where('volt-secret-description')}) { id } }`;
    const r = await sameBothWays(SPARK_MANAGER, q);
    expect(r.json.data).toEqual({ hit: 0, miss: 0, rows: [] });
  });

  it('an API token reads its own organisation only, whatever session cookie comes with it', async () => {
    const { spark, volt } = await assets();
    const token = `attack-token-${Date.now()}`;
    await h.db.query(`INSERT INTO apikey (name, private_key, member_organisation_id) VALUES ('t', $1, $2)`, [
      hashToken(token),
      h.org.spark,
    ]);
    const q = `{ a: assetEntitys { id memberOrganisationId } v: assetEntity(id: "${volt[0].id}") { id } n: countAssetEntitys }`;
    for (const cookieOf of [null, VOLT_MANAGER, SUPER]) {
      const headers = { authorization: `Bearer ${token}`, ...(cookieOf ? { cookie: h.headers(cookieOf).cookie } : {}) };
      const r = await post(null, { query: q }, headers);
      expect(r.status, String(cookieOf)).toBe(200);
      expect(r.direct).toBe(true);
      const data = r.json.data as { a: { memberOrganisationId: string }[]; v: unknown; n: number };
      expect(new Set(data.a.map((x) => x.memberOrganisationId))).toEqual(new Set([h.org.spark]));
      expect(data.a).toHaveLength(spark.length);
      expect(data.n).toBe(spark.length);
      expect(data.v).toBeNull();
    }
  });

  it('visitors: __typename only; no introspection, directly or not; no records', async () => {
    const t = await gql(null, '{ a: __typename b: __typename }');
    expect(t.direct).toBe(true);
    expect(t.json).toEqual({ data: { a: 'Query', b: 'Query' } });
    for (const q of [
      '{ __schema { types { name } } }',
      '{ a: __typename b: __type(name: "AssetEntity") { name fields { name } } }',
      '{ __typename ...F } fragment F on Query { __schema { queryType { name } } }',
      '{ countAssetEntitys __type(name: "Query") { name } }',
    ]) {
      const r = await gql(null, q);
      expect(r.status, q).toBe(400);
      expect(r.body, q).not.toContain('AssetEntity"');
      expect(r.json.data ?? null).toBeNull();
    }
    const rows = await sameBothWays(null, '{ a: assetEntitys { id } n: countAssetEntitys }', undefined, false);
    expect(rows.json.data ?? null).toBeNull();
  });
});

const ENDED = 'Your session has ended. Please sign in again.';

describe('the session is confirmed before anything is answered (a caller read on an earlier request)', () => {
  beforeEach(() => h.reset());

  const READS = [
    `{ a: assetEntitys(take: 2) { id } n: countAssetEntitys }`,
    `{ a: assetEntitys(take: 2) @include(if: true) { id } n: countAssetEntitys }`,
    `{ __typename }`,
    `{ __schema { queryType { name } } }`,
    `{ nope }`,
    `{ a: assetEntity(id: "not-a-uuid") { id } }`,
    `{ a: assetEntitys(take: 100000) { id } }`,
  ];

  it('a session ended, expired or idle on the server: the usual 401 for every kind of request', async () => {
    const mutation = `mutation { createAssetEntity(assetEntityModels: [{assetType: OTHER, description: "after the end"}]) { id } }`;
    const ends: [string, string][] = [
      ['signed out', 'DELETE FROM session WHERE id = $1'],
      ['expired', `UPDATE session SET expires = now() - interval '1 second' WHERE id = $1`],
      ['idle', `UPDATE session SET last_seen = now() - interval '30 days', remember = false WHERE id = $1`],
    ];
    const me = h.users[SPARK_MANAGER];
    for (const [how, sql] of ends) {
      for (const q of [...READS, mutation]) {
        // A session of its own, read (and so remembered by this process) by a first request.
        me.cookie = await createSession(h.db, me.id, 'account', 12);
        expect((await gql(SPARK_MANAGER, READS[0])).status).toBe(200);
        await h.db.query(sql, [hashToken(me.cookie)]);
        const r = await gql(SPARK_MANAGER, q);
        expect({ how, q, status: r.status, message: r.json.errors?.[0]?.message, data: r.json.data ?? null }).toEqual({
          how,
          q,
          status: 401,
          message: ENDED,
          data: null,
        });
      }
    }
    // The account itself deleted.
    for (const q of [READS[0], READS[1], mutation]) {
      await h.reset();
      expect((await gql(SPARK_WORKER, READS[0])).status).toBe(200);
      await h.db.query('DELETE FROM mehub_account WHERE id = $1', [h.users[SPARK_WORKER].id]);
      expect((await gql(SPARK_WORKER, q)).status, q).toBe(401);
    }
    const { rows } = await h.db.query(`SELECT 1 FROM asset WHERE description = 'after the end'`);
    expect(rows).toHaveLength(0);
  });

  it('an account moved to another organisation is answered, and writes, as it is now', async () => {
    const { spark, volt } = await assets();
    const q = `{ a: assetEntitys { id } s: assetEntity(id: "${spark[0].id}") { id } n: countAssetEntitys o: memberOrganisationEntitys { id } }`;
    for (const query of [q, usualOf(q)]) {
      await h.reset();
      const before = await gql(SPARK_MANAGER, query);
      expect((before.json.data!.o as { id: string }[]).map((o) => o.id)).toEqual([h.org.spark]);
      await h.db.query('UPDATE mehub_account SET member_organisation_id = $2 WHERE id = $1', [h.users[SPARK_MANAGER].id, h.org.volt]);
      const after = await gql(SPARK_MANAGER, query);
      expect(after.status).toBe(200);
      expect(after.json.data).toEqual({
        a: expect.any(Array),
        s: null,
        n: volt.length,
        o: [{ id: h.org.volt }],
      });
      expect(after.body).not.toContain(spark[0].id);
    }
    const made = await gql(
      SPARK_MANAGER,
      `mutation { createAssetEntity(assetEntityModels: [{assetType: OTHER, description: "made after the move"}]) { id memberOrganisationId } }`,
    );
    expect(made.json.errors).toBeUndefined();
    const { rows } = await h.db.query<{ org: string }>(
      `SELECT member_organisation_id AS org FROM asset WHERE description = 'made after the move'`,
    );
    expect(rows).toEqual([{ org: h.org.volt }]);
  });

  it('a role or a group taken away (or given) shows on the very next request', async () => {
    const q = `{ o: memberOrganisationEntitys { id } n: countMehubAdminEntitys }`;
    // A Spark manager made a super administrator: sees every organisation at once...
    await gql(SPARK_MANAGER, q);
    await h.db.query('INSERT INTO user_group (user_id, group_name) VALUES ($1, $2)', [
      h.users[SPARK_MANAGER].id,
      GROUPS.superAdministrators,
    ]);
    const up = await gql(SPARK_MANAGER, q);
    expect((up.json.data?.o as unknown[] | undefined)?.length).toBeGreaterThan(1);
    // ...and no longer once it is taken away.
    await h.db.query('DELETE FROM user_group WHERE user_id = $1 AND group_name = $2', [
      h.users[SPARK_MANAGER].id,
      GROUPS.superAdministrators,
    ]);
    const down = await gql(SPARK_MANAGER, q);
    expect(down.json.data ?? null).toBeNull();
    const mine = await gql(SPARK_MANAGER, `{ o: memberOrganisationEntitys { id } }`);
    expect(mine.json.data).toEqual({ o: [{ id: h.org.spark }] });
    // A super administrator taken out of the group reads nothing of the others' either.
    await gql(SUPER, q);
    await h.db.query('DELETE FROM user_group WHERE user_id = $1', [h.users[SUPER].id]);
    const former = await gql(SUPER, `{ o: memberOrganisationEntitys { id } a: countAssetEntitys }`);
    expect(former.body).not.toContain(h.org.volt);
    // A worker made a safety manager and back: each request as the role is now.
    await gql(SPARK_WORKER, `{ n: countAssetEntitys }`);
    const setRole = (role: string) =>
      h.db.query(`UPDATE mehub_account SET role_id = (SELECT id FROM role WHERE name = $2) WHERE id = $1`, [
        h.users[SPARK_WORKER].id,
        role,
      ]);
    const me = async () =>
      (await h.app.inject({ method: 'GET', url: '/api/account/me', headers: h.headers(SPARK_WORKER) })).json() as { roleName: string };
    await setRole(ROLES.safetyManager);
    expect((await me()).roleName).toBe(ROLES.safetyManager);
    await setRole(ROLES.worker);
    expect((await gql(SPARK_WORKER, `{ n: countAssetEntitys }`)).status).toBe(200);
    expect((await me()).roleName).toBe(ROLES.worker);
  });

  it('a session handed to another user is answered as that user', async () => {
    await gql(SPARK_MANAGER, `{ n: countAssetEntitys }`);
    await h.db.query('UPDATE session SET user_id = $2 WHERE user_id = $1', [h.users[SPARK_MANAGER].id, h.users[VOLT_MANAGER].id]);
    const r = await gql(SPARK_MANAGER, `{ o: memberOrganisationEntitys { id } }`);
    expect(r.json.data).toEqual({ o: [{ id: h.org.volt }] });
  });
});

describe('hostile queries', () => {
  beforeAll(() => h.reset());

  it('fifteen aliases of one field are one direct answer; a sixteenth is refused before any database work', async () => {
    const aliases = (n: number) =>
      Array.from({ length: n }, (_, i) => `a${i}: assetEntitys(take: ${i}, skip: ${i}) { id description }`).join(' ');
    const r = await sameBothWays(SPARK_MANAGER, `{ ${aliases(15)} }`);
    expect(Object.keys(r.json.data!)).toHaveLength(15);
    const before = h.db.stats.statements;
    const refused = await gql(SPARK_MANAGER, `{ ${aliases(16)} }`);
    expect(refused.status).toBe(400);
    expect(h.db.stats.statements - before).toBeLessThanOrEqual(POSTGRES ? 1 : 0);
  });

  it('take and skip at and past their bounds, inline and as variables', async () => {
    for (const [take, skip] of [
      [0, 0],
      [1000, 0],
      [1001, 0],
      [-1, 0],
      [2147483647, 0],
      [1, 2147483647],
      [1, -1],
    ]) {
      const r = await sameBothWays(
        SPARK_MANAGER,
        `{ n: countAssetEntitys a: assetEntitys(take: ${take}, skip: ${skip}) { id } }`,
        undefined,
        false,
      );
      expect(r.status, `${take} ${skip}`).toBe(200);
      const v = await sameBothWays(
        SPARK_MANAGER,
        `query($t: Int, $s: Int) { n: countAssetEntitys a: assetEntitys(take: $t, skip: $s) { id } }`,
        { t: take, s: skip },
        false,
      );
      expect(v.status).toBe(200);
    }
    for (const bad of [2147483648, 1e100, 1.5, '1', null, true, [1], { a: 1 }]) {
      const r = await gql(SPARK_MANAGER, `query($t: Int) { a: assetEntitys(take: $t) { id } }`, { t: bad });
      expect(r.status, JSON.stringify(bad)).toBeLessThan(500);
    }
    const big = await gql(SPARK_MANAGER, `{ a: assetEntitys(take: 2147483648) { id } }`);
    expect(big.status).toBe(400);
  });

  it('NUL characters in variables, escapes, names and the operation name', async () => {
    const where = (v: string) => `[{path: "description", comparison: contains, value: ["${v}"]}]`;
    const escaped = await sameBothWays(
      SPARK_MANAGER,
      `{ n: countAssetEntitys a: assetEntitys(where: ${where('\\u0000')}) { id } }`,
      undefined,
      false,
    );
    expect(escaped.json.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(escaped.json.data ?? null).toBeNull();
    for (const payload of [
      {
        query: `query($w: [WhereExpressionGraph!]) { a: assetEntitys(where: $w) { id } }`,
        variables: { w: [{ path: 'description', comparison: 'contains', value: ['\u0000'] }] },
      },
      { query: `{ a: assetEntitys { id } }`, operationName: 'x\u0000' },
      { query: `{ a: assetEntitys { id } }\u0000` },
      { query: `query($i: ID!) { a: assetEntity(id: $i) { id } }`, variables: { i: '\u0000' } },
    ]) {
      const r = await post(SPARK_MANAGER, payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
    }
    const id = await sameBothWays(SPARK_MANAGER, `{ a: assetEntity(id: "\\u0000") { id } n: countAssetEntitys }`, undefined, false);
    expect(id.json.data?.a ?? null).toBeNull();
  });

  it('__proto__ and constructor keys in the body or the variables pollute nothing', async () => {
    for (const body of [
      `{"query":"{ a: assetEntitys(take: 1) { id } }","variables":{"__proto__":{"polluted":1}}}`,
      `{"query":"{ a: assetEntitys(take: 1) { id } }","__proto__":{"polluted":1}}`,
      `{"query":"{ a: assetEntitys(take: 1) { id } }","variables":{"constructor":{"prototype":{"polluted":1}}}}`,
      `{"query":"query($__proto__: Int) { a: assetEntitys(take: $__proto__) { id } }","variables":{"x":1}}`,
      `{"query":"query($constructor: Int) { a: assetEntitys(take: $constructor) { id } }","variables":{"constructor":1}}`,
    ]) {
      const r = await post(SPARK_MANAGER, body);
      expect(r.status, body).toBeLessThan(500);
      expect(({} as Record<string, unknown>).polluted, body).toBeUndefined();
    }
  });

  it('nesting to the depth limit is the same both ways; past it, refused', async () => {
    let sel = 'name';
    for (let i = 0; i < 6; i++) sel = i % 2 ? `mehubAccounts { id ${sel} }` : `memberOrganisation { id ${sel} }`;
    const deep = `{ a: memberOrganisationEntitys { id ${sel} } }`;
    const r = await sameBothWays(SUPER, deep);
    expect(r.status).toBe(200);
    const deeper = await gql(
      SUPER,
      `{ a: memberOrganisationEntitys { mehubAccounts { memberOrganisation { mehubAccounts { memberOrganisation { mehubAccounts { memberOrganisation { mehubAccounts { memberOrganisation { id } } } } } } } } } }`,
    );
    expect(deeper.status).toBe(400);
  });

  it('fragment cycles, unknown fragments, fragments on the wrong type are refused before any database work', async () => {
    for (const q of [
      `{ a: assetEntitys { ...F } } fragment F on AssetEntity { parentAsset { ...G } } fragment G on AssetEntity { parentAsset { ...F } }`,
      `{ a: assetEntitys { ...F } } fragment F on AssetEntity { ...F }`,
      `{ a: assetEntitys { ...Nope } }`,
      `{ a: assetEntitys { ... on MemberOrganisationEntity { name } } }`,
      `{ ...Q } fragment Q on Query { ...Q }`,
    ]) {
      const r = await gql(SPARK_MANAGER, q);
      expect(r.status, q).toBe(400);
      expect(r.json.data ?? null).toBeNull();
    }
  });

  it('many distinct query shapes: past the prepared statements a connection keeps, answers stay right', async () => {
    const { rows } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM asset WHERE member_organisation_id = $1', [
      h.org.spark,
    ]);
    const n = rows[0].n;
    for (let i = 0; i < 260; i++) {
      // Each alias set is a statement text of its own.
      const r = await gql(SPARK_MANAGER, `{ c${i}: countAssetEntitys a${i}: assetEntitys(take: 1) { id } }`);
      expect(r.json.data?.[`c${i}`], String(i)).toBe(n);
    }
    for (let i = 0; i < 5; i++) {
      const r = await gql(SPARK_MANAGER, `{ c${i}: countAssetEntitys a${i}: assetEntitys(take: 1) { id } }`);
      expect(r.json.data?.[`c${i}`]).toBe(n);
      const u = await gql(SPARK_MANAGER, usualOf(`{ c${i}: countAssetEntitys a${i}: assetEntitys(take: 1) { id } }`));
      expect(u.json.data?.[`c${i}`]).toBe(n);
    }
  });
});

describe('the database changing under prepared statements', () => {
  afterAll(async () => {
    await h.db.query('ALTER TABLE mehub_account ALTER COLUMN email TYPE text');
    await h.db.query('ALTER TABLE asset ALTER COLUMN description TYPE text');
  });

  it('a column type changed by a migration (another server upgraded first) does not break reads or sign-ins', async () => {
    await h.reset();
    const q = `{ a: assetEntitys(take: 2) { id description } n: countAssetEntitys }`;
    expect((await gql(SPARK_MANAGER, q)).status).toBe(200);
    expect((await gql(SPARK_MANAGER, usualOf(q))).status).toBe(200);
    await h.db.query('ALTER TABLE mehub_account ALTER COLUMN email TYPE varchar(320)');
    await h.db.query('ALTER TABLE asset ALTER COLUMN description TYPE varchar(2000)');
    h.uncacheSessions();
    for (const query of [q, usualOf(q)]) {
      // Several times: each of the pool's connections has its own prepared statements.
      for (let i = 0; i < 6; i++) {
        const r = await gql(SPARK_MANAGER, query);
        if (r.status !== 200) console.log(r.body);
        expect({ i, status: r.status, errors: r.json.errors }).toEqual({ i, status: 200, errors: undefined });
      }
    }
    const me = await h.app.inject({ method: 'GET', url: '/api/account/me', headers: h.headers(SPARK_MANAGER) });
    expect(me.statusCode).toBe(200);
  });
});

describe('PostgreSQL: other servers and a failing database', () => {
  const URL = process.env.TEST_DATABASE_URL!;

  /** A second hub on its own connections to the same database, as another server behind the load balancer. */
  async function otherServer(): Promise<{
    app: FastifyInstance;
    db: Db;
    headers(as: string): Record<string, string>;
    close(): Promise<void>;
  }> {
    const db = await openPostgres(URL, 2);
    const config = { ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'hub-files-')) }), webDist: '/nonexistent' };
    const app = await buildApp({
      config,
      db,
      storage: diskStorage(join(config.dataDir, 'files')),
      logger: false,
      mailer: { send: async () => {} },
    });
    // The demo's reset clears the stored secret: this server signs with the one it stored.
    const sign = makeSigner(await loadSecret(db, undefined));
    const headers = (as: string): Record<string, string> => {
      const xsrf = xsrfToken(sign, h.users[as].cookie);
      return { cookie: `${SESSION_COOKIE}=${h.users[as].cookie}; ${XSRF_COOKIE}=${xsrf}`, 'x-xsrf-token': xsrf };
    };
    return { app, db, headers, close: async () => (await app.close(), await db.close()) };
  }

  it.runIf(POSTGRES)('signed out on another server: this one answers 401 to every request, and writes nothing', async () => {
    await h.reset();
    const other = await otherServer();
    try {
      const q = `{ a: assetEntitys(take: 2) { id } n: countAssetEntitys }`;
      // Both servers have read the caller of the session.
      expect((await gql(SPARK_MANAGER, q)).status).toBe(200);
      expect((await post(SPARK_MANAGER, { query: q }, other.headers(SPARK_MANAGER), other.app)).status).toBe(200);
      const out = await other.app.inject({
        method: 'GET',
        url: '/api/authorization/logout?clean=true',
        headers: other.headers(SPARK_MANAGER),
      });
      expect(out.statusCode).toBeLessThan(400);
      for (const query of [
        q,
        usualOf(q),
        '{ __typename }',
        `mutation { createAssetEntity(assetEntityModels: [{assetType: OTHER, description: "after sign-out elsewhere"}]) { id } }`,
      ]) {
        const r = await gql(SPARK_MANAGER, query);
        expect({ query, status: r.status, data: r.json.data ?? null }).toEqual({ query, status: 401, data: null });
      }
      const { rows } = await h.db.query(`SELECT 1 FROM asset WHERE description = 'after sign-out elsewhere'`);
      expect(rows).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it.runIf(POSTGRES)('moved to another organisation on another server: this one answers as the account is now', async () => {
    await h.reset();
    const other = await otherServer();
    try {
      const q = `{ o: memberOrganisationEntitys { id } }`;
      expect((await gql(SPARK_WORKER, q)).json.data).toEqual({ o: [{ id: h.org.spark }] });
      const moved = await post(
        ADMIN,
        {
          query: `mutation($m: [MehubAccountEntityInput!]!) { updateMehubAccountEntity(mehubAccountEntityModels: $m) { id } }`,
          variables: { m: [{ id: h.users[SPARK_WORKER].id, memberOrganisationId: h.org.volt }] },
        },
        other.headers(ADMIN),
        other.app,
      );
      expect(moved.json.errors).toBeUndefined();
      expect((await gql(SPARK_WORKER, q)).json.data).toEqual({ o: [{ id: h.org.volt }] });
    } finally {
      await other.close();
    }
  });

  it.runIf(POSTGRES)('a connection killed in the middle of a read or a write: 503, never a 500', async () => {
    await h.reset();
    const admin = await openPostgres(URL, 1);
    const killer = await openPostgres(URL, 1);
    try {
      for (const query of [
        `{ a: assetEntitys(take: 2) { id } n: countAssetEntitys }`,
        `{ a: assetEntitys(take: 2) @include(if: true) { id } n: countAssetEntitys }`,
        `mutation { createAssetEntity(assetEntityModels: [{assetType: OTHER, description: "killed"}]) { id } }`,
      ]) {
        expect((await gql(SPARK_MANAGER, `{ n: countAssetEntitys }`)).status).toBe(200);
        const status = await admin.transaction(async (tx) => {
          // The request waits on the lock; every backend that waits is killed until it is answered.
          await tx.query('LOCK TABLE asset IN ACCESS EXCLUSIVE MODE');
          let answered: Raw | null = null;
          const pending = gql(SPARK_MANAGER, query).then((r) => (answered = r));
          const end = Date.now() + 20_000;
          while (!answered && Date.now() < end) {
            // From another connection: a transaction sees one snapshot of pg_stat_activity.
            await killer.query(
              `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
               WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
            );
            await new Promise((r) => setTimeout(r, 20));
          }
          return (await pending).status;
        });
        expect({ query, status }).toEqual({ query, status: 503 });
        // And the next request is served.
        expect((await gql(SPARK_MANAGER, query)).status).toBe(200);
      }
    } finally {
      await admin.close();
      await killer.close();
    }
  });
});

describe('a refusal before the GraphQL handler runs is answered only to a confirmed session', () => {
  it('an ended session sending a broken body gets the 401, not the refusal of its body', async () => {
    await h.reset();
    const me = h.users[SPARK_MANAGER];
    for (const [what, payload, headers] of [
      ['not JSON', '{"query": ', {}],
      ['a NUL', JSON.stringify({ query: '{ __typename }', variables: { x: '\u0000' } }), {}],
      ['__proto__', '{"query":"{ __typename }","__proto__":{"x":1}}', {}],
      ['not a known type', 'query={__typename}', { 'content-type': 'text/plain' }],
      ['too large', JSON.stringify({ query: `{ __typename }`, pad: 'x'.repeat(2_000_000) }), {}],
    ] as [string, string, Record<string, string>][]) {
      me.cookie = await createSession(h.db, me.id, 'account', 12);
      expect((await gql(SPARK_MANAGER, '{ n: countAssetEntitys }')).status).toBe(200);
      await h.db.query('DELETE FROM session WHERE id = $1', [hashToken(me.cookie)]);
      const r = await post(SPARK_MANAGER, payload, headers);
      expect({ what, status: r.status, message: r.json.errors?.[0]?.message }).toEqual({ what, status: 401, message: ENDED });
    }
  });
});
