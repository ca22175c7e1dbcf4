import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, startHarness, type Harness } from '../test/harness';
import pkg from '../../package.json';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it('answers the version and address to signed-in users only', async () => {
  expect((await h.app.inject({ url: '/api/version' })).statusCode).toBe(401);
  const res = await h.app.inject({ url: '/api/version', headers: h.headers(SPARK_WORKER) });
  expect(res.json()).toEqual({ version: pkg.version, ip: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/) });
});

it('lists the scheduled jobs to administrators only', async () => {
  expect((await h.app.inject({ url: '/api/jobs', headers: h.headers(SPARK_WORKER) })).statusCode).toBe(403);
  const body = (await h.app.inject({ url: '/api/jobs', headers: h.headers(ADMIN) })).json();
  expect(body).toMatchObject({ scheduled: true, serverId: expect.any(String), jobs: expect.any(Array) });
});

it('describes the integration API at /api/integration-swagger, and a token can call what it lists', async () => {
  const doc = (await h.app.inject({ url: '/api/integration-swagger/json' })).json();
  expect(doc.info.title).toBe('Safety Hub integration API');
  expect(doc.components.securitySchemes.token).toMatchObject({ type: 'http', scheme: 'bearer' });
  expect(Object.keys(doc.paths)).toEqual([
    '/api/integration/forms',
    '/api/integration/forms/{id}',
    '/api/integration/users',
    '/api/integration/assets',
    '/api/integration/submissions',
    '/api/graphql',
    '/api/entity/{entity}/export',
    '/api/files/{id}',
    '/api/files/metadata/{id}',
  ]);
  const ui = await h.app.inject({ url: '/api/integration-swagger/' });
  expect(ui.statusCode).toBe(200);
  // The main description stays as it was.
  const main = (await h.app.inject({ url: '/api/swagger/json' })).json();
  expect(main.info.title).toBe('Safety Hub API');
  expect(Object.keys(main.paths)).toContain('/api/version');
  expect(Object.keys(main.paths).some((p) => p.startsWith('/api/integration-swagger'))).toBe(false);

  const made = await h.app.inject({
    method: 'POST',
    url: '/api/account/generate-key',
    headers: h.headers(SPARK_MANAGER),
    payload: { name: 'Docs check' },
  });
  const auth = { authorization: `Bearer ${made.json().key}` };
  const gql = await h.app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { ...auth, 'content-type': 'application/json' },
    payload: { query: '{ countAssetEntitys }' },
  });
  expect(gql.json().data.countAssetEntitys).toBeGreaterThan(0);
  const csv = await h.app.inject({ url: '/api/entity/AssetEntity/export', headers: auth });
  expect(csv.statusCode).toBe(200);
  expect(csv.headers['content-type']).toContain('text/csv');
  expect((await h.app.inject({ url: '/api/entity/AssetEntity/export', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
});
