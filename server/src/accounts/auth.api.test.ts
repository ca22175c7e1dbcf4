import { GROUPS, ROLES } from '@hub/model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { totpNow } from '../auth/totp';
import { SESSION_COOKIE } from '../auth/session';
import { XSRF_COOKIE } from '../auth/xsrf';
import { SPARK_MANAGER, SPARK_WORKER, SUPER, startHarness, type Harness } from '../test/harness';

const PASSWORD = 'demo-password-12';
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

/** A browser: keeps cookies between calls and echoes the anti-forgery cookie. */
function browser(ip = '10.0.0.1') {
  const jar = new Map<string, string>();
  const keep = (res: LightMyRequestResponse) => {
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  };
  const headers = () => ({
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    ...(jar.has(XSRF_COOKIE) ? { 'x-xsrf-token': jar.get(XSRF_COOKIE)! } : {}),
  });
  return {
    jar,
    get: async (url: string) => keep(await h.app.inject({ method: 'GET', url, headers: headers(), remoteAddress: ip })),
    post: async (url: string, body: unknown) =>
      keep(await h.app.inject({ method: 'POST', url, payload: body as object, headers: headers(), remoteAddress: ip })),
    async open() {
      await this.get('/api/health');
      return this;
    },
  };
}

const login = async (b: ReturnType<typeof browser>, username: string, password = PASSWORD, extra = {}) =>
  b.post('/api/authorization/login', { username, password, ...extra });

describe('sign-in', () => {
  it('signs in, returns the logged-in user and starts a fresh HttpOnly session', async () => {
    const b = await browser().open();
    b.jar.set(SESSION_COOKIE, 'planted-by-an-attacker');
    await b.get('/api/health');
    const res = await login(b, SPARK_MANAGER.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'signed-in',
      user: {
        email: SPARK_MANAGER,
        givenName: 'Sam',
        surname: 'Safety',
        roleName: ROLES.safetyManager,
        isDuplicate: false,
        // The demo's safety manager is also in Member Back-office, the group with back-end access.
        groups: [
          { name: GROUPS.member, hasBackendAccess: false },
          { name: GROUPS.memberBackoffice, hasBackendAccess: true },
        ],
      },
    });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value).not.toBe('planted-by-an-attacker');
    expect(cookie.maxAge).toBeUndefined();
    const me = await b.get('/api/account/me');
    expect(me.json().email).toBe(SPARK_MANAGER);
  });

  it('answers the same for a wrong password and an unknown account', async () => {
    const b = await browser().open();
    const wrong = await login(b, SPARK_MANAGER, 'wrong-password-123');
    const unknown = await login(b, 'nobody@nowhere.example', 'wrong-password-123');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().errors[0].message).toBe('The email or password is incorrect, or the email address is not confirmed yet.');
  });

  it('locks an account after repeated failures, existing or not, and shows it as lockedOut', async () => {
    const b = await browser('10.0.0.2').open();
    for (let i = 0; i < 5; i++) await login(b, SPARK_WORKER, 'wrong-password-123');
    const locked = await login(b, SPARK_WORKER);
    expect(locked.json().errors[0].message).toBe('This account is locked after too many failed sign-ins. Please try again in 15 minutes.');
    for (let i = 0; i < 5; i++) await login(b, 'ghost@nowhere.example', 'wrong-password-123');
    expect((await login(b, 'ghost@nowhere.example')).json()).toEqual(locked.json());
    const users = await h.app.inject({
      method: 'POST',
      url: '/api/account/users',
      headers: h.headers(SUPER),
      payload: { SearchConditions: [{ path: 'email', comparison: 'like', value: [SPARK_WORKER] }] },
    });
    const row = users.json().users.find((u: { email: string }) => u.email === SPARK_WORKER);
    expect(row).toMatchObject({ email: SPARK_WORKER, lockedOut: true, discriminator: 'MehubAccountEntity' });
  });

  it('throttles failures per address with 429', async () => {
    const b = await browser('10.0.0.3').open();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 31; i++) last = await login(b, `user${i}@nowhere.example`, 'wrong-password-123');
    expect(last!.statusCode).toBe(429);
    expect(last!.json().errors[0].message).toBe('Too many sign-in attempts from this address. Please wait 15 minutes and try again.');
    expect((await login(await browser('10.0.0.4').open(), SPARK_MANAGER)).statusCode).toBe(200);
  });

  it('remember me makes a lasting cookie', async () => {
    const b = await browser().open();
    const res = await login(b, SPARK_MANAGER, PASSWORD, { rememberMe: true });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)!.maxAge).toBe(30 * 86400);
  });

  it('sign-out ends the session on the server; a stale cookie then gets 401', async () => {
    const b = await browser().open();
    await login(b, SPARK_MANAGER);
    const session = b.jar.get(SESSION_COOKIE)!;
    const out = await b.get('/api/authorization/logout?redirect=/home&clean=true');
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/home');
    const replay = await h.app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie: `${SESSION_COOKIE}=${session}` } });
    expect(replay.statusCode).toBe(401);
    expect((await b.get('/api/authorization/logout?redirect=https://evil.example')).headers.location).toBe('/');
  });
});

describe('anti-forgery', () => {
  it('refuses state-changing requests without the token, GraphQL mutations included', async () => {
    const b = await browser().open();
    await login(b, SPARK_MANAGER);
    const forged = await h.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { cookie: `${SESSION_COOKIE}=${b.jar.get(SESSION_COOKIE)}`, 'content-type': 'application/json' },
      payload: {
        query: 'mutation { deleteAssetEntitysConditional(conditions: [[{path: "assetType", comparison: equal, value: ["TOOL"]}]]) }',
      },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().errors[0].message).toBe('The anti-forgery token is missing or out of date. Reload the page and try again.');
    const ok = await b.post('/api/graphql', { query: '{ countAssetEntitys }' });
    expect(ok.json().data.countAssetEntitys).toBeGreaterThan(0);
  });

  it('changes the token with the session', async () => {
    const b = await browser().open();
    const before = b.jar.get(XSRF_COOKIE);
    await login(b, SPARK_MANAGER);
    expect(b.jar.get(XSRF_COOKIE)).not.toBe(before);
  });
});

describe('two-factor', () => {
  async function enableAuthenticator(b: ReturnType<typeof browser>, email: string) {
    await login(b, email);
    const setup = await b.post('/api/account/configure-2fa', { method: 'authenticator', userName: email });
    const { key, qrCode } = setup.json();
    expect(key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const secret = key.replace(/ /g, '');
    const confirm = await b.post('/api/account/configure-2fa', { method: 'authenticator', userName: email, token: totpNow(secret) });
    expect(confirm.json().message).toBe('Successfully enabled two factor authentication');
    await b.get('/api/authorization/logout');
    return secret;
  }

  it('asks for an authenticator code, accepts it once, with spaces and a new session id', async () => {
    const b = await browser().open();
    const secret = await enableAuthenticator(b, SPARK_MANAGER);
    const first = await login(b, SPARK_MANAGER);
    expect(first.json()).toEqual({ type: 'two-factor-required', method: 'authenticator' });
    expect(b.jar.has(SESSION_COOKIE)).toBe(false);
    const wrongMethod = await b.post('/api/authorization/validate-2fa', { token: '000000', method: 'email' });
    expect(wrongMethod.json().errors[0].message).toBe('Invalid 2 factor method');
    // Codes of the enabling step are used up: wait for the next time step's code.
    const later = Date.now() + 30_000;
    const code = totpNow(secret, later);
    const bad = await b.post('/api/authorization/validate-2fa', { token: '12345', method: 'authenticator' });
    expect(bad.json().errors[0].message).toBe('Invalid authentication code. Please try again.');
    const reused = await b.post('/api/authorization/validate-2fa', { token: totpNow(secret), method: 'authenticator' });
    expect(reused.json().errors[0].message).toBe('Invalid authentication code. Please try again.');
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    const ok = await b.post('/api/authorization/validate-2fa', { token: spaced, method: 'authenticator' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().type).toBe('signed-in');
    expect(b.jar.has(SESSION_COOKIE)).toBe(true);
  });

  it('sends email codes and remembers the device for 14 days when asked', async () => {
    const b = await browser().open();
    await login(b, SPARK_MANAGER);
    await b.post('/api/account/configure-2fa', { method: 'email', userName: SPARK_MANAGER });
    const enableCode = h.mail.at(-1)!.text.match(/code is (\d{6})/)![1];
    expect(
      (await b.post('/api/account/configure-2fa', { method: 'email', userName: SPARK_MANAGER, token: enableCode })).json().enabled,
    ).toBe(true);
    await b.get('/api/authorization/logout');

    expect((await login(b, SPARK_MANAGER)).json()).toEqual({ type: 'two-factor-required', method: 'email' });
    const code = h.mail.at(-1)!.text.match(/code is (\d{6})/)![1];
    expect(
      (await b.post('/api/authorization/validate-2fa', { token: '999999' === code ? '000000' : '999999', method: 'email' })).json()
        .errors[0].message,
    ).toBe('Invalid two factor code');
    const ok = await b.post('/api/authorization/validate-2fa', { token: code, method: 'email', rememberTwoFactor: true });
    expect(ok.json().type).toBe('signed-in');
    expect(ok.cookies.find((c) => c.name === 'hub_2fa_remember')!.maxAge).toBe(14 * 86400);
    await b.get('/api/authorization/logout');
    expect((await login(b, SPARK_MANAGER)).json().type).toBe('signed-in');
  });

  it('lets an administrator switch it on for another user, and off', async () => {
    const b = await browser().open();
    await login(b, SUPER);
    const setup = await b.post('/api/account/configure-2fa', { method: 'authenticator', userName: SPARK_WORKER });
    expect(setup.json()).toMatchObject({ enabled: true, method: 'authenticator' });
    expect((await b.get(`/api/account/valid-2fa?userName=${SPARK_WORKER}`)).json()).toEqual(['authenticator', 'email']);
    const w = await browser('10.0.0.9').open();
    expect((await login(w, SPARK_WORKER)).json().type).toBe('two-factor-required');
    expect((await b.post('/api/account/disable-2fa', { userName: SPARK_WORKER })).statusCode).toBe(200);
    expect((await login(w, SPARK_WORKER)).json().type).toBe('signed-in');
    const worker = await browser('10.0.0.10').open();
    await login(worker, SPARK_WORKER);
    expect((await worker.post('/api/account/disable-2fa', { userName: SPARK_MANAGER })).statusCode).toBe(403);
  });
});

describe('password reset and registration', () => {
  it('resets a password with a single-use emailed token and ends old sessions', async () => {
    const old = await browser().open();
    await login(old, SPARK_WORKER);
    const b = await browser('10.0.0.5').open();
    const request = await b.post('/api/account/reset-password-request', { username: SPARK_WORKER });
    expect(request.json().message).toBe(`Reset Password Email has been sent to ${SPARK_WORKER}`);
    const unknown = await b.post('/api/account/reset-password-request', { username: 'nobody@nowhere.example' });
    expect(unknown.statusCode).toBe(200);
    expect(h.mail).toHaveLength(1);
    const url = new URL(h.mail[0].text.match(/https?:\/\/\S+/)![0]);
    expect(url.pathname).toBe('/reset-password');
    const token = url.searchParams.get('token')!;
    const short = await b.post('/api/account/reset-password', { token, username: SPARK_WORKER, password: 'short' });
    expect(short.json().errors[0].message).toBe('The minimum length of password is 12');
    const done = await b.post('/api/account/reset-password', { token, username: SPARK_WORKER, password: 'a-brand-new-password' });
    expect(done.json().message).toBe('Your password has been reset');
    const again = await b.post('/api/account/reset-password', { token, username: SPARK_WORKER, password: 'another-new-password' });
    expect(again.json().errors[0].message).toBe('This password reset link is invalid or has expired. Please request a new one.');
    expect((await old.get('/api/account/me')).statusCode).toBe(401);
    expect((await login(b, SPARK_WORKER, 'a-brand-new-password')).statusCode).toBe(200);
  });

  it('registers an account that can sign in only after confirming its email', async () => {
    const b = await browser().open();
    const reg = await b.post('/api/register/mehub-account-entity', {
      email: 'new.sparky@example.org',
      password: 'registration-pass-1',
      confirmPassword: 'registration-pass-1',
      firstname: 'Nia',
    });
    expect(reg.statusCode).toBe(200);
    expect((await login(b, 'new.sparky@example.org', 'registration-pass-1')).json().errors[0].message).toBe(
      'The email or password is incorrect, or the email address is not confirmed yet.',
    );
    const url = new URL(h.mail.at(-1)!.text.match(/https?:\/\/\S+/)![0]);
    const confirm = await b.post('/api/register/confirm-email', { token: url.searchParams.get('token'), email: 'new.sparky@example.org' });
    expect(confirm.statusCode).toBe(200);
    expect((await login(b, 'new.sparky@example.org', 'registration-pass-1')).json().type).toBe('signed-in');
    const mismatch = await b.post('/api/register/mehub-account-entity', {
      email: 'x@example.org',
      password: 'registration-pass-1',
      confirmPassword: 'registration-pass-2',
    });
    expect(mismatch.json().errors[0].message).toBe('Password and confirm password does not match');
  });
});

describe('users administration', () => {
  it('lists users with paging and search, deactivates and activates them', async () => {
    const b = await browser().open();
    await login(b, SUPER);
    const page = await b.post('/api/account/users', { PaginationOptions: { PageNo: 1, PageSize: 10 } });
    expect(page.json().countUsers).toBe(10);
    expect(page.json().users).toHaveLength(10);
    const found = await b.post('/api/account/users', {
      SearchConditions: [{ path: 'discriminator', comparison: 'like', value: ['Admin'] }],
    });
    expect(
      found
        .json()
        .users.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['admin@hub.example', 'super@hub.example']);
    expect((await b.post('/api/account/deactivate', { Username: SPARK_WORKER })).json().message).toBe(
      `Successfully deactivated ${SPARK_WORKER}`,
    );
    const w = await browser('10.0.0.7').open();
    expect((await login(w, SPARK_WORKER)).json().errors[0].message).toBe(
      'This account has been deactivated. Please contact your administrator.',
    );
    expect((await b.post('/api/account/activate', { Username: SPARK_WORKER })).json().message).toBe(
      `Successfully activated ${SPARK_WORKER}`,
    );
    expect((await b.post('/api/account/activate', { Username: SPARK_WORKER })).json().errors[0].message).toBe('Account already activated');
    const member = await browser('10.0.0.8').open();
    await login(member, SPARK_MANAGER);
    expect((await member.post('/api/account/users', {})).statusCode).toBe(403);
  });
});

describe('API tokens', () => {
  it('shows a key once, stores it hashed, acts for its organisation only, and revokes it', async () => {
    const b = await browser().open();
    await login(b, SPARK_MANAGER);
    const made = await b.post('/api/account/generate-key', { name: 'Field app' });
    const { key, id, createdAt } = made.json();
    expect(key).toMatch(/^hub_/);
    expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const listed = await b.get('/api/account/has-keys');
    expect(listed.json()).toEqual([{ id, name: 'Field app', createdAt }]);
    const { rows } = await h.db.query<{ private_key: string }>('SELECT private_key FROM apikey WHERE id = $1', [id]);
    expect(rows[0].private_key).not.toContain(key);
    const asToken = (query: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/graphql',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: { query },
      });
    const assets = await asToken('{ assetEntitys { memberOrganisationId } }');
    const orgs = new Set(assets.json().data.assetEntitys.map((a: { memberOrganisationId: string }) => a.memberOrganisationId));
    expect([...orgs]).toEqual([h.org.spark]);
    expect((await b.post('/api/account/revoke-key', { id })).json().message).toBe('API Token revoked successfully');
    expect((await asToken('{ countAssetEntitys }')).statusCode).toBe(401);
    const worker = await browser('10.0.0.6').open();
    await login(worker, SPARK_WORKER);
    expect((await worker.post('/api/account/generate-key', {})).statusCode).toBe(403);
  });
});

describe('submission notification email', () => {
  it('emails a colleague about a submission the caller can see, and nobody outside the organisation', async () => {
    const { rows } = await h.db.query<{ id: string }>(
      `INSERT INTO form_submissions (is_completed, mehub_account_id, form_version_id)
       SELECT true, $1, published_version_id FROM forms WHERE form_type = 'RISK_ASSESSMENT' RETURNING id`,
      [h.users[SPARK_WORKER].id],
    );
    const b = await browser().open();
    await login(b, SPARK_MANAGER);
    const sent = await b.post('/api/account/send-submission-notification-email', {
      userName: 'manager@sparkright.example',
      submissionId: rows[0].id,
    });
    expect(sent.json().message).toBe('Notification sent to manager@sparkright.example');
    expect(h.mail.at(-1)).toMatchObject({
      to: 'manager@sparkright.example',
      subject: 'Job Safety Risk Assessment submitted by Will Woods',
    });
    const outside = await b.post('/api/account/send-submission-notification-email', {
      userName: 'safetymanager@voltline.example',
      submissionId: rows[0].id,
    });
    expect(outside.statusCode).toBe(404);
    const volt = await browser('10.0.0.11').open();
    await login(volt, 'safetymanager@voltline.example');
    const foreign = await volt.post('/api/account/send-submission-notification-email', {
      userName: 'worker@voltline.example',
      submissionId: rows[0].id,
    });
    expect(foreign.json().errors[0].message).toBe('The submission does not exist or you are not allowed to see it');
  });
});

describe('single sign-on when not configured', () => {
  it('answers with a clear message and leaves email sign-in to work', async () => {
    const res = await h.app.inject({ url: '/Saml/InitiateSingleSignOn?returnurl=/home' });
    expect(res.statusCode).toBe(503);
    // A page in the hub's look with the way back to sign in (issue 8, item 12).
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Single sign-on is not configured on this hub. Sign in with your email and password at /admin_login.');
    // 'Back to sign in' keeps where the user was going.
    expect(res.body).toContain('href="/admin_login?redirect=%2Fhome"');
  });
});
