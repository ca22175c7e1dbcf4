import { createSign, randomUUID } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import selfsigned from 'selfsigned';
import { SignedXml } from 'xml-crypto';
import type { Config } from '../config';
import { SPARK_MANAGER } from './harness';

/**
 * A local identity provider for the single sign-on tests: a self-signed certificate made
 * here, and SAML messages signed with it (or broken on purpose), for a hub whose PUBLIC_URL
 * is the harness's default http://localhost:3000.
 */
export const ACS = 'http://localhost:3000/Saml/AssertionConsumerService';
export const SP = 'http://localhost:3000/Saml/metadata';
export const SLO = 'http://localhost:3000/Saml/SingleLogoutService';
export const IDP = 'https://idp.test/saml';
export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
export const idp = selfsigned.generate([{ name: 'commonName', value: 'idp.test' }], { days: 2, keySize: 2048, algorithm: 'sha256' });

/** The hub's SAML settings for this identity provider. */
export const samlConfig = (more: Partial<NonNullable<Config['saml']>> = {}): NonNullable<Config['saml']> => ({
  entryPoint: 'https://idp.test/sso',
  logoutUrl: 'https://idp.test/slo',
  idpCert: idp.cert,
  issuer: SP,
  callbackUrl: ACS,
  ...more,
});

export const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** `null` leaves the attribute out. */
export interface AssertionOptions {
  email?: string;
  recipient?: string | null;
  /** Seconds the assertion was issued from now (negative: in the past). */
  issuedIn?: number;
}

export function assertionXml(o: AssertionOptions = {}) {
  const id = `_a${randomUUID()}`;
  const start = (o.issuedIn ?? 0) * 1000;
  const later = iso(start + 5 * 60_000);
  const recipient = o.recipient === undefined ? ACS : o.recipient;
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${iso(start)}">` +
    `<saml:Issuer>${IDP}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${o.email ?? SPARK_MANAGER}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${later}"${recipient === null ? '' : ` Recipient="${recipient}"`}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(start - 60_000)}" NotOnOrAfter="${later}"><saml:AudienceRestriction><saml:Audience>${SP}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(start)}" SessionIndex="_s${id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `</saml:Assertion>`
  );
}

export function sign(xml: string, element: 'Assertion' | 'Response' | 'LogoutRequest' | 'LogoutResponse', privateKey = idp.private) {
  const sig = new SignedXml({
    privateKey,
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    signatureAlgorithm: RSA_SHA256,
  });
  sig.addReference({
    xpath: `//*[local-name(.)='${element}']`,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  sig.computeSignature(xml, { location: { reference: `//*[local-name(.)='${element}']/*[local-name(.)='Issuer']`, action: 'after' } });
  return sig.getSignedXml();
}

/** A sign-on Response, response and assertion signed. */
export function response(o: AssertionOptions & { destination?: string | null } = {}) {
  const destination = o.destination === undefined ? ACS : o.destination;
  const assertion = sign(assertionXml(o), 'Assertion');
  const start = (o.issuedIn ?? 0) * 1000;
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${iso(start)}"${destination === null ? '' : ` Destination="${destination}"`}>` +
    `<saml:Issuer>${IDP}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
  return sign(xml, 'Response');
}

export const b64 = (xml: string) => Buffer.from(xml).toString('base64');

/** The form the browser posts to the assertion consumer. */
export const acsPost = (xml: string, relay?: string) => ({
  method: 'POST' as const,
  url: '/Saml/AssertionConsumerService',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ SAMLResponse: b64(xml), ...(relay === undefined ? {} : { RelayState: relay }) }).toString(),
});

export function logoutRequestXml(o: { email?: string; destination?: string | null } = {}) {
  const destination = o.destination === undefined ? SLO : o.destination;
  return (
    `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_l${randomUUID()}" Version="2.0" IssueInstant="${iso(0)}"${destination === null ? '' : ` Destination="${destination}"`}>` +
    `<saml:Issuer>${IDP}</saml:Issuer><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${o.email ?? SPARK_MANAGER}</saml:NameID>` +
    `<samlp:SessionIndex>_s1</samlp:SessionIndex></samlp:LogoutRequest>`
  );
}

export function logoutResponseXml() {
  return (
    `<samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_lr${randomUUID()}" Version="2.0" IssueInstant="${iso(0)}" Destination="${SLO}" InResponseTo="_req1">` +
    `<saml:Issuer>${IDP}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status></samlp:LogoutResponse>`
  );
}

/** The HTTP-Redirect binding: deflated message, then RSA-SHA256 over the query as sent. */
export function redirectQuery(param: 'SAMLRequest' | 'SAMLResponse', xml: string, o: { relay?: string; key?: string } = {}) {
  const parts = [`${param}=${encodeURIComponent(deflateRawSync(Buffer.from(xml)).toString('base64'))}`];
  if (o.relay !== undefined) parts.push(`RelayState=${encodeURIComponent(o.relay)}`);
  parts.push(`SigAlg=${encodeURIComponent(RSA_SHA256)}`);
  const signature = createSign('RSA-SHA256')
    .update(parts.join('&'))
    .sign(o.key ?? idp.private, 'base64');
  return `${parts.join('&')}&Signature=${encodeURIComponent(signature)}`;
}
