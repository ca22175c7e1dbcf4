import { createSign, randomUUID } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session';
import { startHarness, SPARK_MANAGER, type Harness } from '../test/harness';
import { sign as signAs } from '../test/saml-idp';

/**
 * A local identity provider: a self-signed certificate made here, and SAML responses
 * signed with it (response and assertion), or broken on purpose.
 */
const ACS = 'http://localhost:3000/Saml/AssertionConsumerService';
const SP = 'http://localhost:3000/Saml/metadata';
const SLO = 'http://localhost:3000/Saml/SingleLogoutService';
const IDP = 'https://idp.test/saml';
const idp = selfsigned.generate([{ name: 'commonName', value: 'idp.test' }], { days: 2, keySize: 2048, algorithm: 'sha256' });

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function assertionXml(o: { id: string; email: string; audience?: string; notOnOrAfter?: string }) {
  const later = o.notOnOrAfter ?? iso(5 * 60_000);
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${o.id}" Version="2.0" IssueInstant="${iso(0)}">` +
    `<saml:Issuer>${IDP}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${o.email}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${later}" Recipient="${ACS}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(-60_000)}" NotOnOrAfter="${later}"><saml:AudienceRestriction><saml:Audience>${o.audience ?? SP}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(0)}" SessionIndex="_s${o.id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `</saml:Assertion>`
  );
}

/** The shared test identity provider's signing, with this file's own identity provider key. */
const sign = (xml: string, element: Parameters<typeof signAs>[1], privateKey: string = idp.private) => signAs(xml, element, privateKey);

function response(o: { email?: string; audience?: string; notOnOrAfter?: string; signed?: boolean; assertion?: string } = {}) {
  const signed = o.signed ?? true;
  let assertion =
    o.assertion ??
    assertionXml({ id: `_a${randomUUID()}`, email: o.email ?? SPARK_MANAGER, audience: o.audience, notOnOrAfter: o.notOnOrAfter });
  if (signed && !o.assertion) assertion = sign(assertion, 'Assertion');
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${iso(0)}" Destination="${ACS}">` +
    `<saml:Issuer>${IDP}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
  return signed ? sign(xml, 'Response') : xml;
}

/** The reason on the refusal page (an HTML page in the hub's look, with the way back to sign in). */
function refusal(res: { headers: Record<string, unknown>; body: string }): string {
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.body).toContain('href="/admin_login"');
  const text = /<p class="message" id="message">([^<]*)<\/p>/.exec(res.body)?.[1] ?? '';
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_e, c: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[c]!);
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    config: {
      saml: { entryPoint: 'https://idp.test/sso', logoutUrl: 'https://idp.test/slo', idpCert: idp.cert, issuer: SP, callbackUrl: ACS },
    },
  });
});
afterAll(() => h.close());

const post = (xml: string, relay = '/home') =>
  h.app.inject({
    method: 'POST',
    url: '/Saml/AssertionConsumerService',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: Buffer.from(xml).toString('base64'), RelayState: relay }).toString(),
  });

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

/** Another key pair, not the configured identity provider's: what a forger would sign with. */
const forger = selfsigned.generate([{ name: 'commonName', value: 'idp.test' }], { days: 2, keySize: 2048, algorithm: 'sha256' });
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';

function logoutRequestXml(o: { email: string; id?: string; issueInstant?: string; destination?: string }) {
  return (
    `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${o.id ?? `_l${randomUUID()}`}" Version="2.0" IssueInstant="${o.issueInstant ?? iso(0)}" Destination="${o.destination ?? SLO}">` +
    `<saml:Issuer>${IDP}</saml:Issuer><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${o.email}</saml:NameID>` +
    `<samlp:SessionIndex>_s1</samlp:SessionIndex></samlp:LogoutRequest>`
  );
}

function logoutResponseXml(status = 'urn:oasis:names:tc:SAML:2.0:status:Success') {
  return (
    `<samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_lr${randomUUID()}" Version="2.0" IssueInstant="${iso(0)}" Destination="${SLO}" InResponseTo="_req1">` +
    `<saml:Issuer>${IDP}</saml:Issuer><samlp:Status><samlp:StatusCode Value="${status}"/></samlp:Status></samlp:LogoutResponse>`
  );
}

/** The HTTP-Redirect binding: deflated message, then RSA-SHA256 over the query as sent. */
function redirectQuery(param: 'SAMLRequest' | 'SAMLResponse', xml: string, o: { relay?: string; key?: string; signed?: boolean } = {}) {
  const parts = [`${param}=${encodeURIComponent(deflateRawSync(Buffer.from(xml)).toString('base64'))}`];
  if (o.relay) parts.push(`RelayState=${encodeURIComponent(o.relay)}`);
  if (o.signed === false) return parts.join('&');
  parts.push(`SigAlg=${encodeURIComponent(RSA_SHA256)}`);
  const signature = createSign('RSA-SHA256')
    .update(parts.join('&'))
    .sign(o.key ?? idp.private, 'base64');
  return `${parts.join('&')}&Signature=${encodeURIComponent(signature)}`;
}

const sloGet = (query: string) => h.app.inject({ url: `/Saml/SingleLogoutService?${query}` });
const sloPost = (fields: Record<string, string>) =>
  h.app.inject({
    method: 'POST',
    url: '/Saml/SingleLogoutService',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const b64 = (xml: string) => Buffer.from(xml).toString('base64');

async function sessionsOf(email: string): Promise<number> {
  const { rows } = await h.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM session WHERE user_id IN (SELECT id FROM mehub_account WHERE lower(email) = lower($1))`,
    [email],
  );
  return rows[0].n;
}

/** A fresh single sign-on session for the user, with its cookie. */
async function ssoSession(email = SPARK_MANAGER): Promise<string> {
  const res = await post(response({ email }));
  expect(res.statusCode).toBe(302);
  return res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
}
const signedIn = async (cookie: string) =>
  (await h.app.inject({ url: '/api/account/me', headers: { cookie: `${SESSION_COOKIE}=${cookie}` } })).statusCode === 200;

/** The refusal every broken logout message gets: a 400 with the reason, and no session ended. */
async function expectLogoutRefused(
  send: () => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>,
  reason: RegExp,
) {
  const cookie = await ssoSession();
  const before = await sessionsOf(SPARK_MANAGER);
  const res = await send();
  expect(res.statusCode).toBe(400);
  const message = refusal(res);
  expect(message).toMatch(/^Single logout refused: /);
  expect(message).toMatch(reason);
  expect(await sessionsOf(SPARK_MANAGER)).toBe(before);
  expect(await signedIn(cookie)).toBe(true);
}

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

describe('single logout started by the identity provider', () => {
  it('a signed LogoutRequest (redirect binding) ends every hub session of that user and answers with a LogoutResponse', async () => {
    const sso = await ssoSession();
    const other = await ssoSession('worker@sparkright.example');
    const id = `_l${randomUUID()}`;
    expect(await sessionsOf(SPARK_MANAGER)).toBeGreaterThanOrEqual(2); // the SSO one and the harness's password one
    const res = await sloGet(redirectQuery('SAMLRequest', logoutRequestXml({ email: SPARK_MANAGER, id }), { relay: 'idp-state-42' }));
    expect(res.statusCode).toBe(302);
    const to = new URL(res.headers.location as string);
    expect(to.origin + to.pathname).toBe('https://idp.test/slo');
    expect(to.searchParams.get('RelayState')).toBe('idp-state-42');
    const answer = inflateRawSync(Buffer.from(to.searchParams.get('SAMLResponse')!, 'base64')).toString();
    expect(answer).toContain('LogoutResponse');
    expect(answer).toContain(`InResponseTo="${id}"`);
    expect(answer).toContain('urn:oasis:names:tc:SAML:2.0:status:Success');
    expect(await sessionsOf(SPARK_MANAGER)).toBe(0);
    expect(await signedIn(sso)).toBe(false);
    // Someone else's session is untouched.
    expect(await signedIn(other)).toBe(true);
  });

  it('a signed LogoutRequest on the POST binding works the same', async () => {
    const sso = await ssoSession();
    const res = await sloPost({ SAMLRequest: b64(sign(logoutRequestXml({ email: SPARK_MANAGER }), 'LogoutRequest')) });
    expect(res.statusCode).toBe(302);
    expect(new URL(res.headers.location as string).searchParams.get('SAMLResponse')).toBeTruthy();
    expect(await signedIn(sso)).toBe(false);
    expect(await sessionsOf(SPARK_MANAGER)).toBe(0);
  });

  it('refuses an unsigned LogoutRequest', async () => {
    await expectLogoutRefused(
      () => sloGet(redirectQuery('SAMLRequest', logoutRequestXml({ email: SPARK_MANAGER }), { signed: false })),
      /not signed/,
    );
    await expectLogoutRefused(() => sloPost({ SAMLRequest: b64(logoutRequestXml({ email: SPARK_MANAGER })) }), /signature/i);
  });

  it('refuses a tampered LogoutRequest', async () => {
    // Redirect binding: the signature of one request, the message of another.
    const signed = redirectQuery('SAMLRequest', logoutRequestXml({ email: 'worker@sparkright.example' }));
    const swapped = redirectQuery('SAMLRequest', logoutRequestXml({ email: SPARK_MANAGER }), { signed: false });
    const signature = signed.slice(signed.indexOf('&SigAlg='));
    await expectLogoutRefused(() => sloGet(swapped + signature), /signature/i);
    // POST binding: the name changed after signing.
    const post = sign(logoutRequestXml({ email: 'worker@sparkright.example' }), 'LogoutRequest').replace(
      'worker@sparkright.example',
      SPARK_MANAGER,
    );
    await expectLogoutRefused(() => sloPost({ SAMLRequest: b64(post) }), /signature/i);
  });

  it('refuses a LogoutRequest signed by another key', async () => {
    await expectLogoutRefused(
      () => sloGet(redirectQuery('SAMLRequest', logoutRequestXml({ email: SPARK_MANAGER }), { key: forger.private })),
      /signature/i,
    );
    await expectLogoutRefused(
      () => sloPost({ SAMLRequest: b64(sign(logoutRequestXml({ email: SPARK_MANAGER }), 'LogoutRequest', forger.private)) }),
      /signature/i,
    );
  });

  it('refuses a replayed, stale or misaddressed LogoutRequest', async () => {
    const query = redirectQuery('SAMLRequest', logoutRequestXml({ email: SPARK_MANAGER }));
    expect((await sloGet(query)).statusCode).toBe(302);
    await expectLogoutRefused(() => sloGet(query), /already used/);
    await expectLogoutRefused(
      () => sloGet(redirectQuery('SAMLRequest', logoutRequestXml({ email: SPARK_MANAGER, issueInstant: iso(-60 * 60_000) }))),
      /expired/,
    );
    await expectLogoutRefused(
      () => sloGet(redirectQuery('SAMLRequest', logoutRequestXml({ email: SPARK_MANAGER, destination: 'https://another-sp.example/slo' }))),
      /addressed to/,
    );
  });

  it('reads the age of a POST LogoutRequest from the signed element, not from text before it', async () => {
    // An old signed request, with a fresh-looking copy of its opening tag in a comment in front.
    const stale = sign(logoutRequestXml({ email: SPARK_MANAGER, issueInstant: iso(-60 * 60_000) }), 'LogoutRequest');
    const decoy = `<!-- <samlp:LogoutRequest IssueInstant="${iso(0)}" Destination="${SLO}"> -->`;
    await expectLogoutRefused(() => sloPost({ SAMLRequest: b64(decoy + stale) }), /expired/);
  });
});

describe("the identity provider's answer to our own single logout", () => {
  it('a signed LogoutResponse returns to the path the user asked for', async () => {
    const res = await sloGet(redirectQuery('SAMLResponse', logoutResponseXml(), { relay: '/admin_login' }));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin_login');
    const posted = await sloPost({ SAMLResponse: b64(sign(logoutResponseXml(), 'LogoutResponse')), RelayState: '/home' });
    expect(posted.statusCode).toBe(302);
    expect(posted.headers.location).toBe('/home');
  });

  it('never redirects off the site, and goes home without a return path', async () => {
    expect((await sloGet(redirectQuery('SAMLResponse', logoutResponseXml(), { relay: 'https://evil.example/' }))).headers.location).toBe(
      '/',
    );
    expect((await sloGet(redirectQuery('SAMLResponse', logoutResponseXml()))).headers.location).toBe('/');
  });

  it('refuses an unsigned, forged or failed LogoutResponse', async () => {
    for (const res of [
      await sloGet(redirectQuery('SAMLResponse', logoutResponseXml(), { relay: '/home', signed: false })),
      await sloGet(redirectQuery('SAMLResponse', logoutResponseXml(), { relay: '/home', key: forger.private })),
      await sloPost({ SAMLResponse: b64(logoutResponseXml()), RelayState: '/home' }),
      await sloGet(redirectQuery('SAMLResponse', logoutResponseXml('urn:oasis:names:tc:SAML:2.0:status:Requester'), { relay: '/home' })),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(refusal(res)).toMatch(/^Single logout refused: /);
    }
  });

  it('refuses a sign-in Response posted to the logout endpoint', async () => {
    const res = await sloPost({ SAMLResponse: b64(response()) });
    expect(res.statusCode).toBe(400);
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

describe('sign-in options', () => {
  it('tells the sign-in page that single sign-on is on', async () => {
    expect((await h.app.inject({ url: '/api/authorization/providers' })).json()).toEqual({ sso: true, ssoLogout: true });
  });
});
