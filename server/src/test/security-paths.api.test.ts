import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SUPER, startHarness, type Harness } from './harness';

/**
 * Paths and strings from a request (issue 8, items 2 and 10): no search, sort, bulk-update or
 * merge path reaches an object's prototype, and hostile strings (NUL bytes, a trailing
 * backslash in a pattern, a path 200 levels deep, huge condition lists) get a clear 4xx
 * error, never 'Unexpected error.' or a 500, and change no row.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

type Res = Awaited<ReturnType<Harness['gql']>>;
const PROTO_NAMES = ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'prototype', 'valueOf'];

async function fingerprint(): Promise<string> {
  const { rows } = await h.db.query<{ f: string }>(
    `SELECT (SELECT count(*) FROM asset)::text || '/' || (SELECT max(modified)::text FROM asset) || '/' ||
            (SELECT count(*) FROM mehub_account)::text || '/' || (SELECT max(modified)::text FROM mehub_account) AS f`,
  );
  return rows[0].f;
}

/** A clear client error: no 5xx, not the generic message, the expected words. */
function expectClear(res: Res, message: RegExp | string): void {
  expect(res.status).toBeLessThan(500);
  expect(res.errors?.length, JSON.stringify(res)).toBeGreaterThan(0);
  const first = res.errors![0];
  expect(first.message).not.toBe('Unexpected error.');
  expect(first.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
  if (typeof message === 'string') expect(first.message).toBe(message);
  else expect(first.message).toMatch(message);
}

const list = (args: string) => `{ r: assetEntitys(${args}) { id description } }`;
const listWhere = (where: unknown[]) =>
  h.gql(SUPER, 'query($w: [WhereExpressionGraph!]) { r: assetEntitys(where: $w) { id } }', { w: where });
const equal = (path: string, value = 'x') => ({ path, comparison: 'equal', value: [value] });

describe('search paths never reach a prototype', () => {
  it.each(PROTO_NAMES)("where path '%s' is an unknown search path", async (name) => {
    expectClear(await listWhere([equal(name)]), `Unknown search path '${name}' on AssetEntity`);
  });
  it.each(PROTO_NAMES)("a dotted path through '%s' is refused", async (name) => {
    expectClear(await listWhere([equal(`parentAsset.${name}`)]), `Unknown search path '${name}' on AssetEntity`);
    expectClear(await listWhere([equal(`${name}.description`)]), /Unknown search path/);
    expectClear(await listWhere([equal(`${name}Id`)]), /Unknown search path/);
  });
  it.each(PROTO_NAMES)("conditions and has with '%s' are refused", async (name) => {
    const q =
      'query($c: [[WhereExpressionGraph!]!], $h: [HasConditionGraph!]) { r: assetEntitysConditional(conditions: $c, has: $h) { id } }';
    expectClear(await h.gql(SUPER, q, { c: [[equal('description'), equal(name)]] }), `Unknown search path '${name}' on AssetEntity`);
    expectClear(await h.gql(SUPER, q, { h: [{ path: name }] }), `Unknown related path '${name}' on AssetEntity`);
    expectClear(
      await h.gql(SUPER, 'query($c: [[WhereExpressionGraph!]!]) { r: countAssetEntitys(conditions: $c) }', { c: [[equal(name)]] }),
      `Unknown search path '${name}' on AssetEntity`,
    );
  });
  it.each(PROTO_NAMES)("sorting by '%s' is refused", async (name) => {
    expectClear(
      await h.gql(SUPER, 'query($o: [OrderByGraph!]) { r: assetEntitys(orderBy: $o) { id } }', { o: [{ path: name }] }),
      `Cannot sort AssetEntity by '${name}'`,
    );
  });
  it('the same through the CSV export', async () => {
    for (const name of PROTO_NAMES) {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/entity/AssetEntity/export?stringConditions=${encodeURIComponent(JSON.stringify([[equal(name)]]))}`,
        headers: h.headers(SUPER),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toBe(`Unknown search path '${name}' on AssetEntity`);
    }
  });
  it('export conditions of the wrong shape are a clear 400', async () => {
    for (const c of [{ path: 42, comparison: 'equal' }, { comparison: 'equal' }, { path: 'description', comparison: 'sounds-like' }, 'x']) {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/entity/AssetEntity/export?stringConditions=${encodeURIComponent(JSON.stringify([[c]]))}`,
        headers: h.headers(SUPER),
      });
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(res.json().errors[0].message).toMatch(/condition|comparison|path/i);
    }
  });
  it('the users page sort refuses prototype names (never an SQL error)', async () => {
    for (const name of PROTO_NAMES) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/account/users',
        headers: { ...h.headers(SUPER), 'content-type': 'application/json' },
        payload: { SortConditions: [{ path: name }] },
      });
      expect(res.statusCode, name).toBeLessThan(500);
    }
  });
});

describe('names in a URL never reach a prototype', () => {
  it.each(PROTO_NAMES)("registration for '%s' is not offered (a 404, not a 500)", async (name) => {
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/register/${name}`,
      headers: { ...h.headers(null), 'content-type': 'application/json' },
      payload: { email: 'new@example.com', password: 'long-enough-password', confirmPassword: 'long-enough-password' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].message).toBe(`Registration is not offered for ${name}`);
  });
  it.each(PROTO_NAMES)("the export of entity '%s' is a 404", async (name) => {
    const res = await h.app.inject({ method: 'GET', url: `/api/entity/${name}/export`, headers: h.headers(SUPER) });
    expect(res.statusCode).toBe(404);
  });
});

describe('bulk update and merge paths never reach a prototype', () => {
  it.each(PROTO_NAMES)("fieldsToUpdate '%s' is refused and no row changes", async (name) => {
    const before = await fingerprint();
    const res = await h.gql(
      SUPER,
      'mutation($f: [String!]!, $v: AssetEntityInput!) { r: updateAssetEntitysConditional(conditions: [[{path: "description", comparison: contains, value: [""]}]], fieldsToUpdate: $f, values: $v) }',
      { f: [name], v: { description: 'x' } },
    );
    expectClear(res, `'${name}' cannot be updated in bulk on AssetEntity`);
    expect(await fingerprint()).toBe(before);
  });
  it.each(PROTO_NAMES)("mergeReferences '%s' is refused and nothing is saved", async (name) => {
    const before = await fingerprint();
    const res = await h.gql(
      SUPER,
      'mutation($m: [AssetEntityInput!]!, $r: [String!]) { r: createAssetEntity(assetEntityModels: $m, mergeReferences: $r) { id } }',
      { m: [{ assetType: 'TOOL', description: 'Drill', memberOrganisationId: h.org.spark }], r: [name] },
    );
    expectClear(res, `mergeReferences: '${name}' is not a reference list of AssetEntity`);
    expect(await fingerprint()).toBe(before);
  });
  it('a REST body with __proto__ or constructor keys is refused and pollutes nothing', async () => {
    for (const payload of [
      '{"__proto__": {"polluted": "yes"}, "username": "a@b.example", "password": "x"}',
      '{"constructor": {"prototype": {"polluted": "yes"}}, "username": "a@b.example", "password": "x"}',
    ]) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/authorization/login',
        headers: { ...h.headers(null), 'content-type': 'application/json' },
        payload,
      });
      // Fastify's JSON parser refuses such bodies itself (a 400); parseBody would name the key.
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toMatch(/Unknown field '(__proto__|constructor)'|not valid JSON/);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });
});

describe('hostile strings are clear client errors', () => {
  const NUL = 'a\u0000b';
  it('a NUL byte in sign-in fields', async () => {
    for (const payload of [
      { username: `x${NUL}@example.com`, password: 'long-enough-password' },
      { username: 'x@example.com', password: `long-enough${NUL}` },
    ]) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/authorization/login',
        headers: { ...h.headers(null), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toMatch(/NUL character/);
    }
  });
  it('a NUL byte in GraphQL variables, inline literals and filter values', async () => {
    const before = await fingerprint();
    expectClear(await listWhere([{ path: 'description', comparison: 'contains', value: [NUL] }]), /NUL character/);
    expectClear(await h.gql(SUPER, list('where: [{path: "description", comparison: equal, value: ["a\\u0000b"]}]')), /NUL character/);
    expectClear(
      await h.gql(SUPER, 'mutation($m: [AssetEntityInput!]!) { r: createAssetEntity(assetEntityModels: $m) { id } }', {
        m: [{ assetType: 'TOOL', description: NUL, memberOrganisationId: h.org.spark }],
      }),
      /NUL character/,
    );
    expectClear(
      await h.gql(
        SUPER,
        `mutation { r: createAssetEntity(assetEntityModels: [{assetType: TOOL, description: "a\\u0000b", memberOrganisationId: "${h.org.spark}"}]) { id } }`,
      ),
      /NUL character/,
    );
    expect(await fingerprint()).toBe(before);
  });
  it('a NUL byte in a query string or a REST body', async () => {
    const exp = await h.app.inject({
      method: 'GET',
      url: `/api/entity/AssetEntity/export?stringConditions=${encodeURIComponent(JSON.stringify([[equal('description', NUL)]]))}`,
      headers: h.headers(SUPER),
    });
    expect(exp.statusCode).toBe(400);
    expect(exp.json().errors[0].message).toMatch(/NUL character/);
    // Query strings come from Node's querystring parser (objects without Object.prototype): checked too.
    for (const url of ['/api/mail/outbox?to=a%00b', '/api/account/valid-2fa?userName=a%00', '/api/jobs?x=%00']) {
      const res = await h.app.inject({ method: 'GET', url, headers: h.headers(SUPER) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].message, url).toMatch(/NUL character/);
    }
    const reset = await h.app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      headers: { ...h.headers(null), 'content-type': 'application/json' },
      payload: { token: `t${NUL}`, username: `x${NUL}@example.com`, password: 'long-enough-password' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().errors[0].message).toMatch(/NUL character/);
  });
  it("a 'like' or 'contains' value ending in a backslash matches literally", async () => {
    await h.db.query(`UPDATE asset SET description = 'Back\\slash\\' WHERE id = (SELECT id FROM asset ORDER BY id LIMIT 1)`);
    for (const [comparison, value] of [
      ['like', 'Back\\slash\\'],
      ['like', '%slash\\'],
      ['contains', 'slash\\'],
      ['like', '\\'],
    ] as const) {
      const res = await listWhere([{ path: 'description', comparison, value: [value] }]);
      expect(res.errors, `${comparison} ${value}`).toBeUndefined();
      expect((res.data as { r: unknown[] }).r.length, `${comparison} ${value}`).toBe(value === '\\' ? 0 : 1);
    }
  });
  it('a search path 200 levels deep is refused, naming the limit', async () => {
    const deep = `${Array(200).fill('parentAsset').join('.')}.description`;
    expectClear(await listWhere([equal(deep)]), /at most 8 levels/);
    // Within the limit, paths still work.
    const ok = await listWhere([equal(`${Array(7).fill('parentAsset').join('.')}.description`)]);
    expect(ok.errors).toBeUndefined();
  });
  it('a huge or many-valued condition list is refused before any database work', async () => {
    const many = Array.from({ length: 70_000 }, () => ({ path: 'description', comparison: 'equal', value: ['x'] }));
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { ...h.headers(SUPER), 'content-type': 'application/json' },
      payload: JSON.stringify({
        query: 'query($w: [WhereExpressionGraph!]) { r: assetEntitys(where: $w) { id } }',
        variables: { w: many },
      }),
    });
    expect(res.statusCode).toBeLessThan(500);
    expectClear({ status: res.statusCode, data: null, errors: res.json().errors }, /(At most \d+ search conditions|too large)/);
    expectClear(
      await listWhere(Array.from({ length: 201 }, () => equal('description'))),
      'At most 200 search conditions can be given at once',
    );
    expectClear(
      await listWhere([{ path: 'description', comparison: 'in', value: Array.from({ length: 1001 }, (_, i) => `v${i}`) }]),
      'At most 1000 values can be given to one search condition',
    );
    expectClear(
      await h.gql(SUPER, 'query($c: [[WhereExpressionGraph!]!]) { r: assetEntitysConditional(conditions: $c) { id } }', {
        c: Array.from({ length: 201 }, () => [equal('description')]),
      }),
      'At most 200 search conditions can be given at once',
    );
    // 'in' with many values within the limit still works.
    const ok = await listWhere([{ path: 'description', comparison: 'in', value: Array.from({ length: 1000 }, (_, i) => `v${i}`) }]);
    expect(ok.errors).toBeUndefined();
  });
});

describe('requests the HTTP parser refuses', () => {
  it('headers over 16 kB get 431 in the error shape of every other answer', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/version HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', (err) => (data ? resolve(data) : reject(err)));
    });
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ errors: [{ message: 'The request headers are too large' }] });
  });
});
