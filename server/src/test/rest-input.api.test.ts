import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session';
import { DEMO_PASSWORD } from '../seed/demo';
import { SPARK_MANAGER, SPARK_WORKER, SUPER, startHarness, type Harness } from './harness';

/**
 * Bad input on the REST routes: a field the route does not know is refused with a 400
 * naming it (never silently dropped), and nothing changes. The fields the web client and
 * the spec send are all still accepted.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const post = (as: string | null, url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') =>
  h.app.inject({ method, url, headers: { 'content-type': 'application/json', ...h.headers(as) }, payload: JSON.stringify(payload) });

async function expectUnknown(res: Awaited<ReturnType<typeof post>>, message: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ errors: [expect.objectContaining({ message })] });
}

const count = async (sql: string, params: unknown[] = []) =>
  (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0].n;

describe('unknown fields on the REST routes', () => {
  it('sign-in: refused and no session started; its own fields still work', async () => {
    const sessions = await count('session');
    const res = await post(null, '/api/authorization/login', {
      username: SUPER,
      password: DEMO_PASSWORD,
      rememberMe: false,
      isAdmin: true,
    });
    await expectUnknown(res, "Unknown field 'isAdmin'");
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(await count('session')).toBe(sessions);
    const ok = await post(null, '/api/authorization/login', { username: SUPER, password: DEMO_PASSWORD, rememberMe: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().type).toBe('signed-in');
  });

  it('names every unknown field, and checks them before the others', async () => {
    const res = await post(null, '/api/authorization/login', { username: SUPER, passwrd: 'x', remember: true });
    await expectUnknown(res, "Unknown fields 'passwrd', 'remember'");
  });

  it('registration: an extra field cannot slip onto the new account', async () => {
    const email = `new-${randomUUID()}@example.com`;
    const payload = { email, firstname: 'Nia', surname: 'Ng', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD };
    await expectUnknown(
      await post(null, '/api/register/mehub-account-entity', { ...payload, memberOrganisationId: h.org.spark }),
      "Unknown field 'memberOrganisationId'",
    );
    expect(await count('mehub_account WHERE email = $1', [email])).toBe(0);
    expect(h.mail).toHaveLength(0);
    // The registration page's own fields still register.
    expect((await post(null, '/api/register/mehub-account-entity', payload)).statusCode).toBe(200);
    expect(await count('mehub_account WHERE email = $1', [email])).toBe(1);
  });

  it('users administration: unknown keys inside nested objects are named with their path', async () => {
    await expectUnknown(
      await post(SUPER, '/api/account/users', { PaginationOptions: { PageNo: 1, PageSize: 10, Limit: 5 } }),
      "Unknown field 'PaginationOptions.Limit'",
    );
    await expectUnknown(
      await post(SUPER, '/api/account/users', { SearchConditions: [{ path: 'email', comparison: 'like', value: ['x'], sql: '1=1' }] }),
      "Unknown field 'SearchConditions.0.sql'",
    );
    // What the users page sends.
    const ok = await post(SUPER, '/api/account/users', {
      PaginationOptions: { PageNo: 1, PageSize: 10 },
      SearchConditions: [{ path: 'email', comparison: 'like', value: ['sparkright'] }],
      SortConditions: [{ path: 'email', descending: false }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().countUsers).toBeGreaterThan(0);
  });

  it('deactivate: refused and the account stays active', async () => {
    await expectUnknown(await post(SUPER, '/api/account/deactivate', { Username: SPARK_WORKER, reason: 'x' }), "Unknown field 'reason'");
    expect((await h.app.inject({ url: '/api/account/me', headers: h.headers(SPARK_WORKER) })).statusCode).toBe(200);
    const users = await post(SUPER, '/api/account/users', {
      SearchConditions: [{ path: 'email', comparison: 'like', value: [SPARK_WORKER] }],
    });
    expect(users.json().users[0].activated).toBe(true);
  });

  it('API tokens: refused and no token made; the Integrations page call still works', async () => {
    const before = await count('apikey');
    await expectUnknown(
      await post(SPARK_MANAGER, '/api/account/generate-key', { name: 'Field app', memberOrganisationId: h.org.volt }),
      "Unknown field 'memberOrganisationId'",
    );
    expect(await count('apikey')).toBe(before);
    const made = await post(SPARK_MANAGER, '/api/account/generate-key', { name: 'Field app' });
    expect(made.statusCode).toBe(200);
    await expectUnknown(await post(SPARK_MANAGER, '/api/account/revoke-key', { id: made.json().id, all: true }), "Unknown field 'all'");
    expect(await count('apikey')).toBe(before + 1);
  });

  it('two-factor setup: refused and nothing switched on', async () => {
    await expectUnknown(
      await post(SUPER, '/api/account/configure-2fa', { method: 'email', userName: SPARK_WORKER, enabled: true }),
      "Unknown field 'enabled'",
    );
    const users = await post(SUPER, '/api/account/users', {
      SearchConditions: [{ path: 'email', comparison: 'like', value: [SPARK_WORKER] }],
    });
    expect(users.json().users[0].twoFactorEnabled).toBe(false);
  });

  it('password reset request: refused and no mail sent', async () => {
    h.mail.length = 0;
    await expectUnknown(
      await post(null, '/api/account/reset-password-request', { username: SPARK_WORKER, to: 'attacker@evil.example' }),
      "Unknown field 'to'",
    );
    expect(h.mail).toHaveLength(0);
  });

  it("the spec's PascalCase PDF payload is accepted; anything else is refused", async () => {
    await expectUnknown(
      await post(SPARK_MANAGER, '/api/entity/FormSubmissionsEntity/pdf', {
        SubmissionId: randomUUID(),
        TimeZoneId: 'UTC',
        submissionId: randomUUID(),
      }),
      "Unknown field 'submissionId'",
    );
    // SubmissionId and TimeZoneId pass the body check: an unknown submission is a 404, not a 400.
    expect(
      (
        await post(SPARK_MANAGER, '/api/entity/FormSubmissionsEntity/pdf', {
          SubmissionId: randomUUID(),
          TimeZoneId: 'Australia/Melbourne',
        })
      ).statusCode,
    ).toBe(404);
    await expectUnknown(
      await post(SUPER, '/api/entity/FormSubmissionsEntity/pdf-zip', {
        conditions: [[{ path: 'id', comparison: 'equal', value: [randomUUID()], limit: 1 }]],
        TimeZoneId: 'UTC',
      }),
      "Unknown field 'conditions.0.0.limit'",
    );
  });

  it('review notifications: refused and the review unchanged', async () => {
    await expectUnknown(
      await post(
        SPARK_MANAGER,
        '/api/entity/FormReviewRequestEntity',
        { id: randomUUID(), showNotification: false, timeReviewed: 'now' },
        'PUT',
      ),
      "Unknown field 'timeReviewed'",
    );
  });

  it('a body that is not an object is still a clear 400', async () => {
    const res = await post(null, '/api/authorization/login', ['username']);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toMatch(/expected object/);
  });
});
