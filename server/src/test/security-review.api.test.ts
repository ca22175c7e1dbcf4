import { ROLES } from '@hub/model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from './harness';

/**
 * What an outside attack run and a new user on a phone found after issue 8's first fixes:
 * each test failed before its fix.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const post = (as: string | null, url: string, payload: unknown) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...h.headers(as) },
    payload: payload as object,
    remoteAddress: '10.9.8.7',
  });

describe('search conditions reach no rows the caller may not read', () => {
  it("a member cannot read another organisation's saved searches through RoleEntity.searches", async () => {
    // Voltline saves a search (members have create, not read, on SearchesEntity).
    const roles = await h.gql<{ roleEntitys: { id: string; name: string }[] }>(VOLT_MANAGER, '{ roleEntitys { id name } }');
    const roleId = roles.data!.roleEntitys.find((r) => r.name === ROLES.safetyManager)!.id;
    const saved = await h.gql(
      VOLT_MANAGER,
      'mutation($r: ID) { createSearchesEntity(searchesEntityModels: [{ searchTerm: "dismissal of john smith", roleId: $r }]) { id } }',
      { r: roleId },
    );
    expect(saved.errors).toBeUndefined();

    // A Sparkright worker may not read searches at all...
    const direct = await h.gql(SPARK_WORKER, '{ searchesEntitys { searchTerm } }');
    expect(direct.errors?.[0].extensions?.code).toBe('FORBIDDEN');

    // ...but a condition through RoleEntity (shared, readable) answers yes/no about them,
    // so the whole term can be read letter by letter.
    const probe = (pattern: string) =>
      h.gql<{ countRoleEntitys: number }>(
        SPARK_WORKER,
        'query($v: String!) { countRoleEntitys(where: [{ path: "searches.searchTerm", comparison: like, value: [$v] }]) }',
        { v: pattern },
      );
    const hit = await probe('dismissal of john%');
    const miss = await probe('dismissal of jane%');
    // Should: the path is refused (the caller may not read SearchesEntity), or it matches nothing.
    expect({ hit: hit.data?.countRoleEntitys ?? 0, miss: miss.data?.countRoleEntitys ?? 0 }).toEqual({ hit: 0, miss: 0 });
  });

  it("a worker cannot probe the names of their organisation's API tokens (no read right on ApikeyEntity)", async () => {
    await h.db.query(`INSERT INTO apikey (name, private_key, member_organisation_id) VALUES ('payroll-sync', 'x', $1)`, [h.org.spark]);
    const direct = await h.gql(SPARK_WORKER, '{ memberOrganisationEntitys { apiKeys { name } } }');
    expect(direct.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const probe = await h.gql<{ countMemberOrganisationEntitys: number }>(
      SPARK_WORKER,
      '{ countMemberOrganisationEntitys(where: [{ path: "apiKeys.name", comparison: like, value: ["payroll%"] }]) }',
    );
    // Should: refused like the direct read (or nothing matches).
    expect(probe.data?.countMemberOrganisationEntitys ?? 0).toBe(0);
  });
});

describe('registration tells nobody which addresses have accounts, and strands no honest member', () => {
  it('registering, then signing in with the password just chosen, answers the same for an existing address', async () => {
    const password = 'Attacker-pass-123!';
    const signInAfterRegistering = async (email: string) => {
      const reg = await post(null, '/api/register/mehub-account-entity', { email, password, confirmPassword: password });
      expect(reg.statusCode).toBe(200);
      const login = await post(null, '/api/authorization/login', { username: email, password });
      return { status: login.statusCode, message: (login.json() as { errors?: { message: string }[] }).errors?.[0]?.message };
    };
    const existing = await signInAfterRegistering(VOLT_MANAGER);
    const fresh = await signInAfterRegistering('nobody-yet@attack.example');
    expect(existing).toEqual(fresh);
  });

  const confirmLinkTo = (email: string) => {
    const mail = h.mail.filter((m) => m.to === email).at(-1)!;
    expect(mail.subject).toBe('Confirm your Safety Hub email address');
    return new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  };

  it('registering again before confirming mails a fresh link, which sets the password chosen last (opened in that browser)', async () => {
    const email = 'lost.mail@example.org';
    await post(null, '/api/register/mehub-account-entity', {
      email,
      password: 'first-choice-pass-1',
      confirmPassword: 'first-choice-pass-1',
    });
    const again = await post(null, '/api/register/mehub-account-entity', {
      email,
      password: 'second-choice-pass-2',
      confirmPassword: 'second-choice-pass-2',
    });
    expect(again.statusCode).toBe(200);
    const link = confirmLinkTo(email);
    // The browser that registered opens the link (another browser gets no password: security-issue26-accounts).
    const browser = again.cookies.find((c) => c.name === 'hub_registration')!;
    const confirmed = await h.app.inject({
      method: 'POST',
      url: '/api/register/confirm-email',
      headers: { ...h.headers(null), cookie: `${h.headers(null).cookie}; ${browser.name}=${browser.value}` },
      payload: { token: link.searchParams.get('token'), email },
      remoteAddress: '10.9.8.7',
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await post(null, '/api/authorization/login', { username: email, password: 'first-choice-pass-1' })).statusCode).toBe(401);
    expect((await post(null, '/api/authorization/login', { username: email, password: 'second-choice-pass-2' })).statusCode).toBe(200);
  });

  it('registering an address that is confirmed changes nothing: its owner is told instead', async () => {
    const reg = await post(null, '/api/register/mehub-account-entity', {
      email: VOLT_MANAGER,
      password: 'Attacker-pass-123!',
      confirmPassword: 'Attacker-pass-123!',
    });
    expect(reg.statusCode).toBe(200);
    expect(h.mail.at(-1)!.subject).toBe('Someone tried to register with your Safety Hub address');
    expect((await post(null, '/api/authorization/login', { username: VOLT_MANAGER, password: 'demo-password-12' })).statusCode).toBe(200);
  });

  it('a password reset confirms the address of an account that never was', async () => {
    const email = 'never.confirmed@example.org';
    await post(null, '/api/register/mehub-account-entity', {
      email,
      password: 'first-choice-pass-1',
      confirmPassword: 'first-choice-pass-1',
    });
    await post(null, '/api/account/reset-password-request', { username: email });
    const reset = new URL(
      h.mail
        .filter((m) => m.to === email)
        .at(-1)!
        .text.match(/https?:\/\/\S+/)![0],
    );
    expect(reset.pathname).toBe('/reset-password');
    const done = await post(null, '/api/account/reset-password', {
      token: reset.searchParams.get('token'),
      username: email,
      password: 'after-reset-pass-3',
    });
    expect(done.statusCode).toBe(200);
    expect((await post(null, '/api/authorization/login', { username: email, password: 'after-reset-pass-3' })).statusCode).toBe(200);
  });
});

describe('the /api/ guards hold for a percent-encoded /api/ path', () => {
  it('a NUL byte in the sign-in name via /%61pi/ is the 400 the guard gives', async () => {
    const guarded = await post(null, '/api/authorization/login', { username: 'worker@sparkright.example\u0000', password: 'x' });
    expect(guarded.statusCode).toBe(400);
    const encoded = await post(null, '/%61pi/authorization/login', { username: 'worker@sparkright.example\u0000', password: 'x' });
    expect(encoded.statusCode).toBe(400);
  });

  it('a repeated query parameter via /%61pi/ is refused', async () => {
    const url = (prefix: string) => `${prefix}/entity/AssetEntity/export?stringConditions=[]&stringConditions=[]`;
    const guarded = await h.app.inject({ method: 'GET', url: url('/api'), headers: h.headers(SPARK_MANAGER) });
    expect(guarded.statusCode).toBe(400);
    expect(guarded.body).toContain('more than once');
    const encoded = await h.app.inject({ method: 'GET', url: url('/%61pi'), headers: h.headers(SPARK_MANAGER) });
    expect(encoded.body).toContain('more than once');
  });
});

describe('deeply nested JSON in submission data', () => {
  it("is a clear 4xx error, not 'Unexpected error.'", async () => {
    const versions = await h.gql<{ formsEntityFormVersions: { id: string }[] }>(
      SPARK_MANAGER,
      '{ formsEntityFormVersions(take: 1) { id } }',
    );
    const deep = '{"x":' + '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_001);
    const r = await h.gql(
      SPARK_MANAGER,
      'mutation($v: ID!, $d: String) { createFormSubmissionsEntity(formSubmissionsEntityModels: [{ formVersionId: $v, isCompleted: false, submissionData: $d }]) { id } }',
      { v: versions.data!.formsEntityFormVersions[0].id, d: deep },
    );
    expect(r.errors?.[0].message).not.toBe('Unexpected error.');
    expect(r.errors?.[0].extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
  });
});

describe('multipart errors echo what the client sent', () => {
  it('an unknown part name is not echoed whole (80 KB) in the error', async () => {
    const name = 'A'.repeat(80_000);
    const body = `--BB\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n--BB--\r\n`;
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'multipart/form-data; boundary=BB', ...h.headers(SPARK_MANAGER) },
      payload: body,
    });
    expect(r.statusCode).toBe(400);
    expect(r.body.length).toBeLessThan(2_000);
  });
});
