import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session';
import { SUPER, startHarness, type Harness } from './harness';

/** Each class of bad input gets a clear error, never a 500, and changes nothing. */
let h: Harness;
let fingerprint: () => Promise<string>;
beforeAll(async () => {
  h = await startHarness();
  fingerprint = async () => {
    const { rows } = await h.db.query<{ f: string }>(
      `SELECT (SELECT count(*) FROM asset)::text || '/' || (SELECT max(modified)::text FROM asset) || '/' || (SELECT count(*) FROM safety_link_section)::text AS f`,
    );
    return rows[0].f;
  };
});
afterAll(() => h.close());

async function expectRefused(query: string, variables: Record<string, unknown>, message: RegExp) {
  const before = await fingerprint();
  const res = await h.gql(SUPER, query, variables);
  expect(res.status).toBeLessThan(500);
  expect(res.errors?.[0]?.message).toMatch(message);
  expect(res.errors?.[0]?.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
  expect(await fingerprint()).toBe(before);
}

const createAsset = 'mutation($m: [AssetEntityInput!]!) { createAssetEntity(assetEntityModels: $m) { id } }';
const asset = { assetType: 'TOOL', description: 'Drill' };

describe('bad input on the GraphQL API', () => {
  it('unknown fields', () => expectRefused(createAsset, { m: [{ ...asset, colour: 'red' }] }, /Field "colour" is not defined/));
  it('wrong types', () => expectRefused(createAsset, { m: [{ ...asset, description: 42 }] }, /String cannot represent a non string value/));
  it('unknown enum values', () =>
    expectRefused(createAsset, { m: [{ ...asset, assetType: 'SPACESHIP' }] }, /Value "SPACESHIP" does not exist in "AssetType"/));
  it('integers outside 32 bits', () =>
    expectRefused(
      'mutation($m: [SafetyLinkSectionEntityInput!]!) { createSafetyLinkSectionEntity(safetyLinkSectionEntityModels: $m) { id } }',
      { m: [{ name: 'Big', order: 2147483648 }] },
      /Int cannot represent non 32-bit signed integer value/,
    ));
  it('malformed ids', () => expectRefused(createAsset, { m: [{ ...asset, parentAssetId: 'not-an-id' }] }, /The value is not a valid id/));
  it('malformed dates', () =>
    expectRefused(createAsset, { m: [{ ...asset, nextInspection: '2026-02-30 10:00:00' }] }, /The value is not a valid date/));
  it('malformed search conditions', async () => {
    await expectRefused(
      '{ assetEntitys(where: [{path: "nextInspection", comparison: equal, value: ["yesterday"]}]) { id } }',
      {},
      /Invalid search term for nextInspection: 'yesterday' is not a valid date/,
    );
    await expectRefused(
      '{ assetEntitys(where: [{path: "colour", comparison: equal, value: ["red"]}]) { id } }',
      {},
      /Unknown search path 'colour'/,
    );
    await expectRefused(
      '{ safetyLinkSectionEntitys(where: [{path: "order", comparison: equal, value: ["99999999999"]}]) { id } }',
      {},
      /not a whole number between -2147483648 and 2147483647/,
    );
    await expectRefused(
      '{ newsEntitys(where: [{path: "showtime", comparison: equal, value: ["yes"]}]) { id } }',
      {},
      /'yes' is not a boolean/,
    );
    await expectRefused('{ assetEntitys(where: [{path: "id", comparison: equal, value: ["123"]}]) { id } }', {}, /'123' is not a valid id/);
    await expectRefused(
      '{ newsEntitys(where: [{path: "showtime", comparison: contains, value: ["true"]}]) { id } }',
      {},
      /cannot be used on showtime/,
    );
    await expectRefused(
      'mutation { deleteAssetEntitysConditional(conditions: [[{path: "id", comparison: in, value: ["x"]}]]) }',
      {},
      /'x' is not a valid id/,
    );
  });
  it('paging outside its bounds', async () => {
    await expectRefused('{ assetEntitys(take: 100000) { id } }', {}, /take must be a whole number from 0 to 1000/);
    await expectRefused('{ assetEntitys(skip: -1) { id } }', {}, /skip must be a whole number of 0 or more/);
  });
});

describe('abusive queries are rejected before any database work', () => {
  const statementsFor = async (query: string) => {
    h.uncacheSessions();
    const before = h.db.stats.statements;
    const res = await h.gql(SUPER, query);
    return { res, statements: h.db.stats.statements - before };
  };
  it('too deep', async () => {
    const deep =
      '{ assetEntitys { parentAsset { parentAsset { parentAsset { parentAsset { parentAsset { parentAsset { parentAsset { parentAsset { id } } } } } } } } } }';
    const { res, statements } = await statementsFor(deep);
    expect(res.errors?.[0]?.message).toMatch(/depth/i);
    expect(statements).toBe(1); // the session lookup only
  });
  it('too many aliases', async () => {
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: countAssetEntitys`).join(' ');
    const { res, statements } = await statementsFor(`{ ${aliases} }`);
    expect(res.errors?.[0]?.message).toMatch(/aliases/i);
    expect(statements).toBe(1);
  });
  it('too costly', async () => {
    const fields =
      'id created modified description comments brand assetID assetModel serialNumber registration status assetType memberOrganisationId parentAssetId';
    const wide = `{ ${Array.from({ length: 14 }, (_, i) => `l${i}: assetEntitys { assetss { assetss { assetss { assetss { assetss { ${fields} } } } } } }`).join(' ')} }`;
    const { res, statements } = await statementsFor(wide);
    expect(res.errors?.[0]?.message).toMatch(/cost|aliases/i);
    expect(statements).toBe(1);
  });
});

describe('bad input on HTTP', () => {
  it('oversized bodies get 413 with a message', async () => {
    const before = await fingerprint();
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/json', ...h.headers(SUPER) },
      payload: JSON.stringify({ query: createAsset, variables: { m: [{ ...asset, comments: 'x'.repeat(1_200_000) }] } }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].message).toMatch(/too large/);
    expect(await fingerprint()).toBe(before);
  });
  it('malformed JSON gets 400', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/json', ...h.headers(null) },
      payload: '{"query": ',
    });
    expect(res.statusCode).toBe(400);
  });
  it('malformed export conditions get 400 with a message', async () => {
    const res = await h.app.inject({
      url: '/api/entity/AssetEntity/export?stringConditions=%7Bnope',
      headers: { cookie: `${SESSION_COOKIE}=${h.users[SUPER].cookie}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe('stringConditions must be a JSON list of condition lists');
  });
  it('unknown API routes get a JSON 404', async () => {
    const res = await h.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].message).toBe('No route GET /api/nothing-here');
  });
});
