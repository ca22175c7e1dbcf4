import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session';
import { SPARK_MANAGER, startHarness, type Harness } from '../test/harness';
import {
  ACS,
  SLO,
  SP,
  assertionXml,
  b64,
  iso,
  logoutRequestXml,
  redirectQuery,
  refusal,
  response,
  samlRequests,
  sign,
  startSamlHarness,
} from '../test/saml-suite';

/**
 * Single sign-on with the shared test identity provider: sign-in, the responses refused, the
 * metadata, the redirects, and the routes of a hub without single sign-on. (Single logout
 * started by the identity provider: saml-logout.api.test.ts.)
 */

let h: Harness;
beforeAll(async () => {
  h = await startSamlHarness();
});
afterAll(() => h.close());

const { post, ssoSession } = samlRequests(() => h);

describe('single sign-on', () => {
  it('starts at the identity provider with the return path', async () => {
    const res = await h.app.inject({ url: '/Saml/InitiateSingleSignOn?returnurl=/assets' });
    expect(res.statusCode).toBe(302);
    const to = new URL(res.headers.location as string);
    expect(to.origin + to.pathname).toBe('https://idp.test/sso');
    expect(to.searchParams.get('RelayState')).toBe('/assets');
    expect(to.searchParams.get('SAMLRequest')).toBeTruthy();
  });

  it('signs in with a valid signed response and goes to the return path', async () => {
    const res = await post(response(), '/assets');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/assets');
    const session = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const me = await h.app.inject({ url: '/api/account/me', headers: { cookie: `${SESSION_COOKIE}=${session.value}` } });
    expect(me.json().email).toBe(SPARK_MANAGER);
  });

  it('refuses an unsigned response', async () => {
    const res = await post(response({ signed: false }));
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses a tampered response', async () => {
    const res = await post(response().replace(SPARK_MANAGER, 'admin@hub.example'));
    expect(res.statusCode).toBe(401);
  });

  it('refuses signature wrapping: an evil assertion beside the signed one', async () => {
    const signedAssertion = sign(assertionXml({ id: `_a${randomUUID()}`, email: 'worker@sparkright.example' }), 'Assertion');
    const evil = assertionXml({ id: `_evil${randomUUID()}`, email: 'super@hub.example' });
    const wrapped = response({ signed: false, assertion: `${evil}<samlp:Extensions>${signedAssertion}</samlp:Extensions>` });
    const res = await post(sign(wrapped, 'Response'));
    expect(res.statusCode).toBe(401);
    const moved = response({ signed: false, assertion: `${evil}${signedAssertion}` });
    expect((await post(moved)).statusCode).toBe(401);
  });

  it('refuses a replayed assertion', async () => {
    const xml = response();
    expect((await post(xml)).statusCode).toBe(302);
    const again = await post(xml);
    expect(again.statusCode).toBe(401);
    expect(refusal(again)).toBe('Single sign-on failed: this assertion was already used');
  });

  it('refuses an expired assertion', async () => {
    const res = await post(response({ notOnOrAfter: iso(-10 * 60_000) }));
    expect(res.statusCode).toBe(401);
    expect(refusal(res)).toMatch(/expired|NotOnOrAfter/i);
  });

  it('refuses an assertion for another audience', async () => {
    const res = await post(response({ audience: 'https://another-sp.example/metadata' }));
    expect(res.statusCode).toBe(401);
    expect(refusal(res)).toMatch(/audience/i);
  });

  it('refuses a user without a hub account', async () => {
    const res = await post(response({ email: 'stranger@elsewhere.example' }));
    expect(res.statusCode).toBe(403);
  });

  it('single logout ends the session here and at the identity provider', async () => {
    const signIn = await post(response());
    const session = signIn.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const out = await h.app.inject({
      url: '/Saml/InitiateSingleLogout?returnurl=/admin_login',
      headers: { cookie: `${SESSION_COOKIE}=${session}` },
    });
    expect(out.statusCode).toBe(302);
    const to = new URL(out.headers.location as string);
    expect(to.origin + to.pathname).toBe('https://idp.test/slo');
    expect(to.searchParams.get('SAMLRequest')).toBeTruthy();
    const me = await h.app.inject({ url: '/api/account/me', headers: { cookie: `${SESSION_COOKIE}=${session}` } });
    expect(me.statusCode).toBe(401);
  });
});

describe('service provider metadata', () => {
  it('is served at the issuer address, built from PUBLIC_URL whatever the Host header says', async () => {
    const res = await h.app.inject({ url: '/Saml/metadata', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    expect(res.body).toContain(`entityID="${SP}"`);
    expect(res.body).toMatch(new RegExp(`<AssertionConsumerService[^>]*Location="${ACS}"`));
    expect(res.body).toMatch(new RegExp(`<SingleLogoutService[^>]*Location="${SLO}"`));
    expect(res.body).toContain('WantAssertionsSigned="true"');
    expect(res.body).not.toContain('evil.example');
  });
});

describe('redirects to the identity provider ignore the Host header', () => {
  it('builds the sign-in request from PUBLIC_URL', async () => {
    const res = await h.app.inject({
      url: '/Saml/InitiateSingleSignOn?returnurl=/assets',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(location).not.toContain('evil.example');
    const request = inflateRawSync(Buffer.from(new URL(location).searchParams.get('SAMLRequest')!, 'base64')).toString();
    expect(request).toContain(`AssertionConsumerServiceURL="${ACS}"`);
    expect(request).not.toContain('evil.example');
  });

  it('builds the logout request without it either', async () => {
    const cookie = await ssoSession();
    const res = await h.app.inject({
      url: '/Saml/InitiateSingleLogout?returnurl=/home',
      headers: { host: 'evil.example', cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(new URL(location).origin).toBe('https://idp.test');
    expect(inflateRawSync(Buffer.from(new URL(location).searchParams.get('SAMLRequest')!, 'base64')).toString()).not.toContain(
      'evil.example',
    );
  });
});

describe('single sign-on routes when not configured', () => {
  let plain: Harness;
  beforeAll(async () => {
    plain = await startHarness();
  });
  afterAll(() => plain.close());
  const NOT_CONFIGURED = 'Single sign-on is not configured on this hub. Sign in with your email and password at /admin_login.';

  it('metadata and the logout endpoint answer like the other /Saml routes', async () => {
    for (const req of [
      { url: '/Saml/metadata' },
      { url: '/Saml/InitiateSingleSignOn' },
      { url: `/Saml/SingleLogoutService?${redirectQuery('SAMLRequest', logoutRequestXml({ email: SPARK_MANAGER }))}` },
      {
        method: 'POST' as const,
        url: '/Saml/SingleLogoutService',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `SAMLRequest=${encodeURIComponent(b64(logoutRequestXml({ email: SPARK_MANAGER })))}`,
      },
    ]) {
      const res = await plain.app.inject(req);
      expect(res.statusCode, req.url).toBe(503);
      expect(refusal(res)).toBe(NOT_CONFIGURED);
    }
  });
});

describe('the refusal page keeps the way back', () => {
  let plain: Harness;
  beforeAll(async () => {
    plain = await startHarness();
  });
  afterAll(() => plain.close());
  const back = (body: string) => /<a class="back" href="([^"]*)">Back to sign in<\/a>/.exec(body)?.[1];

  it("'Back to sign in' carries the return path of the sign-on that was refused", async () => {
    const start = await plain.app.inject({ url: '/Saml/InitiateSingleSignOn?returnurl=%2Fuser-submissions%2FINCIDENT' });
    expect(start.statusCode).toBe(503);
    expect(start.headers['content-type']).toMatch(/^text\/html/);
    expect(back(start.body)).toBe('/admin_login?redirect=%2Fuser-submissions%2FINCIDENT');
    const acs = await plain.app.inject({
      method: 'POST',
      url: '/Saml/AssertionConsumerService',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'SAMLResponse=x&RelayState=%2Fmesafety',
    });
    expect(acs.statusCode).toBe(503);
    expect(back(acs.body)).toBe('/admin_login?redirect=%2Fmesafety');
    // Configured, a refused response keeps its RelayState too.
    const refused = await h.app.inject({
      method: 'POST',
      url: '/Saml/AssertionConsumerService',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'RelayState=%2Fstandards',
    });
    expect(refused.statusCode).toBe(400);
    expect(back(refused.body)).toBe('/admin_login?redirect=%2Fstandards');
  });

  it('never to another site, and never breaking out of the attribute', async () => {
    for (const returnurl of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/"><script>alert(1)</script>',
      'x'.repeat(5000),
      '/home%00',
      '/',
    ]) {
      const res = await plain.app.inject({ url: `/Saml/InitiateSingleSignOn?${new URLSearchParams({ returnurl })}` });
      expect(res.statusCode, returnurl).toBe(503);
      const href = back(res.body) ?? '';
      expect(href, returnurl).toMatch(/^\/admin_login(\?redirect=%2F[^"<>]*)?$/);
      expect(href, returnurl).not.toMatch(/evil|javascript/i);
      expect(res.body, returnurl).not.toContain('<script>');
    }
    // A repeated returnurl (an array) is not a path.
    const twice = await plain.app.inject({ url: '/Saml/InitiateSingleSignOn?returnurl=/a&returnurl=/b' });
    expect(back(twice.body)).toBe('/admin_login');
  });

  it("a body the assertion consumer cannot read is a page in the hub's look, not JSON", async () => {
    for (const hub of [plain, h])
      for (const [type, payload] of [
        ['application/xml', '<Response/>'],
        ['application/json', '{"SAMLResponse":'],
        ['application/x-www-form-urlencoded', `SAMLResponse=${'x'.repeat(1_100_000)}`],
      ]) {
        const res = await hub.app.inject({
          method: 'POST',
          url: '/Saml/AssertionConsumerService',
          headers: { 'content-type': type },
          payload,
        });
        expect(res.statusCode, type).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, type).toBeLessThan(500);
        expect(refusal(res), type).toMatch(/^Single sign-on failed: the request could not be read/);
      }
    // The JSON routes of the same plugin keep the REST answers.
    const providers = await plain.app.inject({ url: '/api/authorization/providers' });
    expect(providers.json()).toEqual({ sso: false, ssoLogout: false });
  });
});

describe('sign-in options', () => {
  it('tells the sign-in page that single sign-on is on', async () => {
    expect((await h.app.inject({ url: '/api/authorization/providers' })).json()).toEqual({ sso: true, ssoLogout: true });
  });
});
