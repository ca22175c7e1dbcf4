import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, SUPER, startHarness, type Harness } from '../test/harness';
import { guardMessages } from './guards';

/**
 * The REST guards of access/guards.ts: every administrator route refuses a visitor with 401
 * and a member with 403 and the route's own message, in the REST error shape, before the
 * handler reads anything; administrators pass.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Method = 'GET' | 'POST';
const ADMIN_ROUTES: [Method, string, Record<string, unknown> | undefined, string][] = [
  ['POST', '/api/account/users', {}, guardMessages.users],
  ['POST', '/api/account/activate', { Username: SPARK_WORKER }, guardMessages.users],
  ['POST', '/api/account/deactivate', { Username: SPARK_WORKER }, guardMessages.users],
  ['GET', '/api/mail/outbox', undefined, guardMessages.outbox],
  ['GET', '/api/jobs', undefined, guardMessages.jobs],
  ['POST', '/api/jobs/reminders/run', {}, guardMessages.runJobs],
];

const call = (method: Method, url: string, as: string | null, payload?: Record<string, unknown>) =>
  h.app.inject({ method, url, headers: h.headers(as), ...(payload ? { payload } : {}) });

describe('requireAdmin', () => {
  for (const [method, url, payload, message] of ADMIN_ROUTES) {
    it(`${method} ${url}: 401 to visitors, 403 to members, open to administrators`, async () => {
      const visitor = await call(method, url, null, payload);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({ errors: [{ message: 'You are not signed in', code: 'UNAUTHENTICATED' }] });
      for (const member of [SPARK_MANAGER, SPARK_WORKER]) {
        const res = await call(method, url, member, payload);
        expect(res.statusCode, member).toBe(403);
        expect(res.json()).toEqual({ errors: [{ message, code: 'FORBIDDEN' }] });
      }
      // Reading routes only for administrators, so that the member account stays active.
      // (Running a job is tested with its jobs in jobs/jobs.api.test.ts.)
      if (!url.endsWith('activate') && !url.startsWith('/api/jobs/'))
        for (const admin of [ADMIN, SUPER]) expect((await call(method, url, admin, payload)).statusCode).toBe(200);
    });
  }
});

describe('requireRoleFact', () => {
  const TOKEN_ROUTES: [Method, string, Record<string, unknown> | undefined][] = [
    ['GET', '/api/account/has-keys', undefined],
    ['POST', '/api/account/generate-key', { name: 'Guard check' }],
    ['POST', '/api/account/revoke-key', { id: '00000000-0000-4000-8000-000000000009' }],
  ];
  for (const [method, url, payload] of TOKEN_ROUTES)
    it(`${method} ${url}: managers of a member organisation only`, async () => {
      expect((await call(method, url, null, payload)).statusCode).toBe(401);
      for (const other of [SPARK_WORKER, ADMIN]) {
        const res = await call(method, url, other, payload);
        expect(res.statusCode, other).toBe(403);
        expect(res.json().errors[0].message).toBe(guardMessages.apiTokens);
      }
      expect((await call(method, url, SPARK_MANAGER, payload)).statusCode).not.toBe(403);
    });
});

describe('requirePerson', () => {
  it('GET /api/version: signed-in people, not visitors nor API tokens', async () => {
    const made = await call('POST', '/api/account/generate-key', SPARK_MANAGER, { name: 'Version check' });
    const token = await h.app.inject({ url: '/api/version', headers: { authorization: `Bearer ${made.json().key}` } });
    expect(token.statusCode).toBe(401);
    expect(token.json()).toEqual({ errors: [{ message: 'You are not signed in', code: 'UNAUTHENTICATED' }] });
    expect((await call('GET', '/api/version', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/version', SPARK_WORKER)).statusCode).toBe(200);
  });
});
