import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session';
import { startHarness, type Harness } from './harness';
import { acsPost, logoutResponseXml, redirectQuery, response, samlConfig } from './saml-idp';

/**
 * Issue 8, item 3: every redirect the hub answers stays on the hub, whatever return path the
 * request names (browsers read `\` as `/` and drop tabs and newlines), and a strange one is
 * never a 500.
 */

/** Return paths as they appear in a query string (already URL-encoded, or raw on purpose). */
const HOSTILE_QUERY_VALUES = [
  '//evil.example',
  '/\\evil.example',
  '/%5Cevil.example',
  '/%5C%5Cevil.example',
  '%5C%5Cevil.example',
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%0D%0ALocation:%20https://evil.example',
  '/%0D%0ASet-Cookie:%20hub_session=stolen',
  '%2F%2Fevil.example',
  '/%2F/evil.example',
  '/%252F%252Fevil.example',
  '/%255Cevil.example',
  'https://evil.example',
  'https:%2F%2Fevil.example',
  'javascript:alert(1)',
  'javascript%3Aalert(1)',
  '/..//evil.example',
  '/%2E%2E//evil.example',
  '/%00',
  '/%E0%A4%A',
  '%E0%A4%A',
  '/%',
  '/%zz',
  `/${'a'.repeat(5000)}`,
];

/** The same as values a form or a SAML RelayState carries (decoded text). */
const HOSTILE_VALUES = [
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '/\r\n/evil.example',
  '/\r\nSet-Cookie: hub_session=stolen',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%09/evil.example',
  'https://evil.example',
  'javascript:alert(1)',
  '/%E0%A4%A',
  `/${'a'.repeat(5000)}`,
];

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ config: { saml: samlConfig() } });
});
afterAll(() => h.close());

/** The browser is sent to a path of the hub: `expected` exactly. */
function expectRedirectTo(res: { statusCode: number; headers: Record<string, unknown> }, expected: string, label: string) {
  expect(res.statusCode, label).toBe(302);
  expect(res.headers.location, label).toBe(expected);
  expect(String(res.headers['set-cookie'] ?? ''), label).not.toMatch(/stolen/);
}

/** A sign-in through single sign-on: its session cookie. */
async function ssoSession(): Promise<string> {
  const res = await h.app.inject(acsPost(response(), '/home'));
  expect(res.statusCode).toBe(302);
  return res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
}

describe('the logout route', () => {
  it.each(HOSTILE_QUERY_VALUES.map((v) => [v.slice(0, 50), v]))('sends redirect=%s to /', async (_label, value) => {
    const res = await h.app.inject({ url: `/api/authorization/logout?redirect=${value}&clean=true` });
    expectRedirectTo(res, '/', value);
  });

  it('reduces a return path given twice to /', async () => {
    const res = await h.app.inject({ url: '/api/authorization/logout?redirect=/home&redirect=//evil.example' });
    expectRedirectTo(res, '/', 'twice');
  });

  it('keeps a path of the hub, with its query, and encodes characters outside ASCII', async () => {
    expectRedirectTo(await h.app.inject({ url: '/api/authorization/logout?redirect=%2Fassets%3Fx%3D1' }), '/assets?x=1', 'query');
    expectRedirectTo(await h.app.inject({ url: '/api/authorization/logout?redirect=/admin_login' }), '/admin_login', 'plain');
    expectRedirectTo(await h.app.inject({ url: '/api/authorization/logout?redirect=/%E2%82%AC' }), '/%E2%82%AC', 'euro');
    expectRedirectTo(await h.app.inject({ url: '/api/authorization/logout' }), '/', 'none');
  });
});

describe('single logout started here', () => {
  it.each(HOSTILE_QUERY_VALUES.map((v) => [v.slice(0, 50), v]))(
    'without a single sign-on session, sends returnurl=%s to /',
    async (_label, value) => {
      const res = await h.app.inject({ url: `/Saml/InitiateSingleLogout?returnurl=${value}` });
      expectRedirectTo(res, '/', value);
    },
  );

  it('with one, hands the identity provider only a path of the hub as RelayState', async () => {
    for (const value of ['/\\evil.example', '/%09/evil.example', '%2F%2Fevil.example', '/%E0%A4%A']) {
      const cookie = await ssoSession();
      const res = await h.app.inject({
        url: `/Saml/InitiateSingleLogout?returnurl=${value}`,
        headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
      });
      expect(res.statusCode, value).toBe(302);
      const to = new URL(res.headers.location as string);
      expect(to.origin, value).toBe('https://idp.test');
      expect(to.searchParams.get('RelayState'), value).toBe('/');
    }
  });

  it("the identity provider's LogoutResponse returns only to a path of the hub", async () => {
    for (const value of HOSTILE_VALUES) {
      const res = await h.app.inject({
        url: `/Saml/SingleLogoutService?${redirectQuery('SAMLResponse', logoutResponseXml(), { relay: value })}`,
      });
      expectRedirectTo(res, '/', JSON.stringify(value));
    }
  });
});

describe('single sign-on', () => {
  it.each(HOSTILE_QUERY_VALUES.map((v) => [v.slice(0, 50), v]))(
    'InitiateSingleSignOn hands the identity provider returnurl=%s as /',
    async (_label, value) => {
      const res = await h.app.inject({ url: `/Saml/InitiateSingleSignOn?returnurl=${value}` });
      expect(res.statusCode).toBe(302);
      const to = new URL(res.headers.location as string);
      expect(to.origin).toBe('https://idp.test');
      expect(to.searchParams.get('RelayState')).toBe('/');
    },
  );

  it('the assertion consumer sends the signed-in user only to a path of the hub', async () => {
    for (const value of HOSTILE_VALUES) {
      const res = await h.app.inject(acsPost(response(), value));
      expectRedirectTo(res, '/', JSON.stringify(value));
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeDefined();
    }
    expectRedirectTo(await h.app.inject(acsPost(response(), '/assets?x=1')), '/assets?x=1', 'kept');
  });
});
