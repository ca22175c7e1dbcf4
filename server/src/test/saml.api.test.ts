import { randomUUID } from 'node:crypto';
import selfsigned from 'selfsigned';
import { SignedXml } from 'xml-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session';
import { startHarness, SPARK_MANAGER, type Harness } from './harness';

/**
 * A local identity provider: a self-signed certificate made here, and SAML responses
 * signed with it (response and assertion), or broken on purpose.
 */
const ACS = 'http://localhost:3000/Saml/AssertionConsumerService';
const SP = 'http://localhost:3000/Saml/metadata';
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

function sign(xml: string, element: 'Assertion' | 'Response'): string {
  const sig = new SignedXml({
    privateKey: idp.private,
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  });
  sig.addReference({
    xpath: `//*[local-name(.)='${element}']`,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  sig.computeSignature(xml, { location: { reference: `//*[local-name(.)='${element}']/*[local-name(.)='Issuer']`, action: 'after' } });
  return sig.getSignedXml();
}

function response(o: { email?: string; audience?: string; notOnOrAfter?: string; signed?: boolean; assertion?: string } = {}) {
  const signed = o.signed ?? true;
  let assertion = o.assertion ?? assertionXml({ id: `_a${randomUUID()}`, email: o.email ?? SPARK_MANAGER, audience: o.audience, notOnOrAfter: o.notOnOrAfter });
  if (signed && !o.assertion) assertion = sign(assertion, 'Assertion');
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${iso(0)}" Destination="${ACS}">` +
    `<saml:Issuer>${IDP}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
  return signed ? sign(xml, 'Response') : xml;
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    config: { saml: { entryPoint: 'https://idp.test/sso', logoutUrl: 'https://idp.test/slo', idpCert: idp.cert, issuer: SP, callbackUrl: ACS } },
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
    expect(again.json().errors[0].message).toBe('Single sign-on failed: this assertion was already used');
  });

  it('refuses an expired assertion', async () => {
    const res = await post(response({ notOnOrAfter: iso(-10 * 60_000) }));
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].message).toMatch(/expired|NotOnOrAfter/i);
  });

  it('refuses an assertion for another audience', async () => {
    const res = await post(response({ audience: 'https://another-sp.example/metadata' }));
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].message).toMatch(/audience/i);
  });

  it('refuses a user without a hub account', async () => {
    const res = await post(response({ email: 'stranger@elsewhere.example' }));
    expect(res.statusCode).toBe(403);
  });

  it('single logout ends the session here and at the identity provider', async () => {
    const signIn = await post(response());
    const session = signIn.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const out = await h.app.inject({ url: '/Saml/InitiateSingleLogout?returnurl=/admin_login', headers: { cookie: `${SESSION_COOKIE}=${session}` } });
    expect(out.statusCode).toBe(302);
    const to = new URL(out.headers.location as string);
    expect(to.origin + to.pathname).toBe('https://idp.test/slo');
    expect(to.searchParams.get('SAMLRequest')).toBeTruthy();
    const me = await h.app.inject({ url: '/api/account/me', headers: { cookie: `${SESSION_COOKIE}=${session}` } });
    expect(me.statusCode).toBe(401);
  });
});

describe('sign-in options', () => {
  it('tells the sign-in page that single sign-on is on', async () => {
    expect((await h.app.inject({ url: '/api/authorization/providers' })).json()).toEqual({ sso: true, ssoLogout: true });
  });
});
