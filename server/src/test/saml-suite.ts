import { createSign, randomUUID } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import selfsigned from 'selfsigned';
import { expect } from 'vitest';
import { SESSION_COOKIE } from '../auth/session';
import { SPARK_MANAGER, startHarness, type Harness } from './harness';
import { ACS, IDP, RSA_SHA256, SLO, SP, b64, idp, iso, samlConfig, sign } from './saml-idp';

/**
 * What the single sign-on suites (saml.api.test.ts, saml-logout.api.test.ts) share: SAML
 * messages from the shared test identity provider (./saml-idp) with the knobs these suites
 * turn (audience, expiry, unsigned or hand-built assertions, message ids, logout status), and
 * the requests to a hub configured for that identity provider.
 */
export { ACS, IDP, SLO, SP, b64, idp, iso, sign };

/** A hub whose single sign-on trusts the shared test identity provider. */
export const startSamlHarness = () => startHarness({ config: { saml: samlConfig() } });

export function assertionXml(o: { id: string; email: string; audience?: string; notOnOrAfter?: string }) {
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

export function response(o: { email?: string; audience?: string; notOnOrAfter?: string; signed?: boolean; assertion?: string } = {}) {
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
export function refusal(res: { headers: Record<string, unknown>; body: string }): string {
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.body).toMatch(/href="\/admin_login(\?redirect=%2F[^"]*)?"/);
  const text = /<p class="message" id="message">([^<]*)<\/p>/.exec(res.body)?.[1] ?? '';
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_e, c: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[c]!);
}

/** Another key pair, not the configured identity provider's: what a forger would sign with. */
export const forger = selfsigned.generate([{ name: 'commonName', value: 'idp.test' }], { days: 2, keySize: 2048, algorithm: 'sha256' });

export function logoutRequestXml(o: { email: string; id?: string; issueInstant?: string; destination?: string }) {
  return (
    `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${o.id ?? `_l${randomUUID()}`}" Version="2.0" IssueInstant="${o.issueInstant ?? iso(0)}" Destination="${o.destination ?? SLO}">` +
    `<saml:Issuer>${IDP}</saml:Issuer><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${o.email}</saml:NameID>` +
    `<samlp:SessionIndex>_s1</samlp:SessionIndex></samlp:LogoutRequest>`
  );
}

export function logoutResponseXml(status = 'urn:oasis:names:tc:SAML:2.0:status:Success') {
  return (
    `<samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_lr${randomUUID()}" Version="2.0" IssueInstant="${iso(0)}" Destination="${SLO}" InResponseTo="_req1">` +
    `<saml:Issuer>${IDP}</saml:Issuer><samlp:Status><samlp:StatusCode Value="${status}"/></samlp:Status></samlp:LogoutResponse>`
  );
}

/** The HTTP-Redirect binding: deflated message, then RSA-SHA256 over the query as sent. */
export function redirectQuery(
  param: 'SAMLRequest' | 'SAMLResponse',
  xml: string,
  o: { relay?: string; key?: string; signed?: boolean } = {},
) {
  const parts = [`${param}=${encodeURIComponent(deflateRawSync(Buffer.from(xml)).toString('base64'))}`];
  if (o.relay) parts.push(`RelayState=${encodeURIComponent(o.relay)}`);
  if (o.signed === false) return parts.join('&');
  parts.push(`SigAlg=${encodeURIComponent(RSA_SHA256)}`);
  const signature = createSign('RSA-SHA256')
    .update(parts.join('&'))
    .sign(o.key ?? idp.private, 'base64');
  return `${parts.join('&')}&Signature=${encodeURIComponent(signature)}`;
}

/** The requests of the suites, to the hub `hub()` gives (started in the suite's beforeAll). */
export function samlRequests(hub: () => Harness) {
  const post = (xml: string, relay = '/home') =>
    hub().app.inject({
      method: 'POST',
      url: '/Saml/AssertionConsumerService',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ SAMLResponse: Buffer.from(xml).toString('base64'), RelayState: relay }).toString(),
    });

  const sloGet = (query: string) => hub().app.inject({ url: `/Saml/SingleLogoutService?${query}` });
  const sloPost = (fields: Record<string, string>) =>
    hub().app.inject({
      method: 'POST',
      url: '/Saml/SingleLogoutService',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  async function sessionsOf(email: string): Promise<number> {
    const { rows } = await hub().db.query<{ n: number }>(
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
    (await hub().app.inject({ url: '/api/account/me', headers: { cookie: `${SESSION_COOKIE}=${cookie}` } })).statusCode === 200;

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

  return { post, sloGet, sloPost, sessionsOf, ssoSession, signedIn, expectLogoutRefused };
}
