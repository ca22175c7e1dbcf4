import { createVerify } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session';
import { loadConfig } from '../config';
import { startHarness, type Harness } from '../test/harness';
import { ACS, acsPost, b64, idp, logoutRequestXml, redirectQuery, response, samlConfig, SLO } from '../test/saml-idp';

/**
 * Issue 8, item 12: single sign-on as an operator meets it. Responses must be addressed to
 * this hub (Destination, Recipient); the metadata tells the identity provider everything the
 * hub accepts and, with a key of its own, how it signs; the clock skew is a setting; and
 * every refusal is a page with the way back to sign in.
 */

/** The hub's own signing key pair (SAML_SP_KEY, SAML_SP_CERT). */
const sp = selfsigned.generate([{ name: 'commonName', value: 'hub.test' }], { days: 2, keySize: 2048, algorithm: 'sha256' });

let h: Harness;
let signing: Harness;
beforeAll(async () => {
  h = await startHarness({ config: { saml: samlConfig() } });
  signing = await startHarness({ config: { saml: samlConfig({ spKey: sp.private, spCert: sp.cert }) }, share: h });
});
afterAll(async () => {
  await signing.close();
  await h.close();
});

const sessionOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === SESSION_COOKIE);

/** The refusal page: HTML in the hub's look, its reason, and the way back to sign in. */
function expectRefusalPage(res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number, reason: RegExp) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
  expect(res.body).toMatch(/^<!doctype html>/);
  expect(res.body).toContain('<p class="brand">Safety Hub</p>');
  // 'Back to sign in' keeps the return path the person came with (a path of this hub only).
  expect(res.body).toMatch(/<a class="back" href="\/admin_login(\?redirect=%2F[^"]*)?">Back to sign in<\/a>/);
  expect(res.body).toContain('#14305c'); // the hub's navy
  const message = /<p class="message" id="message">([^<]*)<\/p>/.exec(res.body)?.[1] ?? '';
  expect(message).toMatch(reason);
}

describe("the response must be addressed to this hub's assertion consumer", () => {
  it('accepts a response whose Destination and Recipient name it', async () => {
    const res = await h.app.inject(acsPost(response(), '/home'));
    expect(res.statusCode).toBe(302);
    expect(sessionOf(res)).toBeDefined();
  });

  it('refuses a response without Destination', async () => {
    const res = await h.app.inject(acsPost(response({ destination: null }), '/home'));
    expectRefusalPage(res, 401, /^Single sign-on failed: the response names no Destination \(it must be http:\/\/localhost:3000\//);
    expect(sessionOf(res)).toBeUndefined();
  });

  it('refuses a response addressed to another service provider', async () => {
    const res = await h.app.inject(acsPost(response({ destination: 'https://another-sp.example/Saml/AssertionConsumerService' }), '/home'));
    expectRefusalPage(res, 401, /addressed to https:\/\/another-sp\.example\/Saml\/AssertionConsumerService, not to this hub/);
    expect(sessionOf(res)).toBeUndefined();
  });

  it('refuses an assertion without Recipient', async () => {
    const res = await h.app.inject(acsPost(response({ recipient: null }), '/home'));
    expectRefusalPage(res, 401, /^Single sign-on failed: the assertion names no Recipient/);
    expect(sessionOf(res)).toBeUndefined();
  });

  it('refuses an assertion for another recipient', async () => {
    const res = await h.app.inject(acsPost(response({ recipient: 'https://another-sp.example/acs' }), '/home'));
    expectRefusalPage(res, 401, /the assertion is for https:\/\/another-sp\.example\/acs, not for this hub/);
    expect(sessionOf(res)).toBeUndefined();
  });
});

describe('service provider metadata', () => {
  it('advertises single logout on both bindings the hub accepts', async () => {
    const res = await h.app.inject({ url: '/Saml/metadata' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${SLO}"/>`);
    expect(res.body).toContain(`<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${SLO}"/>`);
    expect(res.body).toContain('AuthnRequestsSigned="false"');
    expect(res.body).not.toContain('KeyDescriptor');
  });

  it("with SAML_SP_KEY and SAML_SP_CERT, publishes the hub's signing certificate", async () => {
    const res = await signing.app.inject({ url: '/Saml/metadata' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('AuthnRequestsSigned="true"');
    const certBody = sp.cert.replace(/-----[^-]+-----|\s/g, '');
    expect(res.body.replace(/\s/g, '')).toMatch(
      new RegExp(`<KeyDescriptoruse="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certBody.replace(/[+/]/g, '\\$&')}<`),
    );
    expect(res.body).toContain('HTTP-Redirect');
  });
});

/**
 * The redirect binding's signature check, as an identity provider does it: RSA-SHA256 over
 * `SAMLRequest|SAMLResponse=..&RelayState=..&SigAlg=..` exactly as they appear in the URL.
 */
function verifyRedirectSignature(
  /** parsed as a browser does before it sends it */ location: string,
  cert: string,
): { valid: boolean; message: string; relayState: string | null } {
  const url = new URL(location);
  const tokens = url.search
    .slice(1)
    .split('&')
    .map((t) => [t.slice(0, t.indexOf('=')), t] as const);
  const token = (name: string) => tokens.find(([k]) => k === name)?.[1];
  const signed = [token('SAMLRequest') ?? token('SAMLResponse'), token('RelayState'), token('SigAlg')].filter(Boolean).join('&');
  expect(url.searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
  const signature = url.searchParams.get('Signature');
  expect(signature).toBeTruthy();
  const valid = createVerify('RSA-SHA256').update(signed).verify(cert, signature!, 'base64');
  const message = inflateRawSync(
    Buffer.from((url.searchParams.get('SAMLRequest') ?? url.searchParams.get('SAMLResponse'))!, 'base64'),
  ).toString();
  return { valid, message, relayState: url.searchParams.get('RelayState') };
}

describe('the hub signs what it sends, when it has a key', () => {
  it('does not sign without one', async () => {
    const res = await h.app.inject({ url: '/Saml/InitiateSingleSignOn?returnurl=/assets' });
    const to = new URL(res.headers.location as string);
    expect(to.searchParams.get('Signature')).toBeNull();
    expect(to.searchParams.get('SigAlg')).toBeNull();
  });

  it('signs the AuthnRequest, and the signature holds over the query as sent', async () => {
    // Characters that URLSearchParams and querystring encode differently must not break it.
    const res = await signing.app.inject({ url: `/Saml/InitiateSingleSignOn?returnurl=${encodeURIComponent("/assets?q=(it's)!~*")}` });
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(new URL(location).origin + new URL(location).pathname).toBe('https://idp.test/sso');
    const { valid, message, relayState } = verifyRedirectSignature(location, sp.cert);
    expect(valid).toBe(true);
    expect(message).toContain('AuthnRequest');
    expect(message).toContain(`AssertionConsumerServiceURL="${ACS}"`);
    expect(relayState).toBe('/assets?q=(it%27s)!~*'); // the same path, as a browser sends it
    // Checked against another certificate, it fails: the check above means something.
    expect(verifyRedirectSignature(location, idp.cert).valid).toBe(false);
  });

  it('signs the LogoutRequest of a single logout started here', async () => {
    const signIn = await signing.app.inject(acsPost(response(), '/home'));
    const cookie = sessionOf(signIn)!.value;
    const res = await signing.app.inject({
      url: '/Saml/InitiateSingleLogout?returnurl=/admin_login',
      headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    expect(res.statusCode).toBe(302);
    const { valid, message, relayState } = verifyRedirectSignature(res.headers.location as string, sp.cert);
    expect(valid).toBe(true);
    expect(message).toContain('LogoutRequest');
    expect(relayState).toBe('/admin_login');
  });

  it("signs the LogoutResponse to the identity provider's LogoutRequest", async () => {
    const res = await signing.app.inject({ url: `/Saml/SingleLogoutService?${redirectQuery('SAMLRequest', logoutRequestXml())}` });
    expect(res.statusCode).toBe(302);
    const { valid, message } = verifyRedirectSignature(res.headers.location as string, sp.cert);
    expect(valid).toBe(true);
    expect(message).toContain('LogoutResponse');
  });
});

describe('settings', () => {
  const base = { SAML_ENTRY_POINT: 'https://idp.test/sso', SAML_IDP_CERT: idp.cert };

  it('SAML_CLOCK_SKEW_SECONDS: 60 unless set', () => {
    expect(loadConfig(base).saml?.clockSkewSeconds).toBe(60);
    expect(loadConfig({ ...base, SAML_CLOCK_SKEW_SECONDS: '300' }).saml?.clockSkewSeconds).toBe(300);
    expect(() => loadConfig({ ...base, SAML_CLOCK_SKEW_SECONDS: 'lots' })).toThrow(/SAML_CLOCK_SKEW_SECONDS must be a whole number/);
  });

  it('SAML_SP_KEY and SAML_SP_CERT: read as PEM (line breaks as \\n too), both or neither, and a matching pair', () => {
    const oneLine = (pem: string) => pem.trim().replace(/\r?\n/g, '\\n');
    const saml = loadConfig({ ...base, SAML_SP_KEY: oneLine(sp.private), SAML_SP_CERT: oneLine(sp.cert) }).saml!;
    expect(saml.spKey).toBe(sp.private.trim().replace(/\r\n/g, '\n'));
    expect(saml.spCert).toContain('-----BEGIN CERTIFICATE-----\n');
    expect(loadConfig(base).saml?.spKey).toBeNull();
    expect(() => loadConfig({ ...base, SAML_SP_KEY: sp.private })).toThrow(/SAML_SP_KEY and SAML_SP_CERT must be set together/);
    expect(() => loadConfig({ ...base, SAML_SP_KEY: 'not a key', SAML_SP_CERT: sp.cert })).toThrow(/SAML_SP_KEY must be a private key/);
    expect(() => loadConfig({ ...base, SAML_SP_KEY: sp.private, SAML_SP_CERT: 'nope' })).toThrow(/SAML_SP_CERT must be a certificate/);
    expect(() => loadConfig({ ...base, SAML_SP_KEY: idp.private, SAML_SP_CERT: sp.cert })).toThrow(/is not the private key/);
  });
});

describe('the clock-skew allowance', () => {
  it('refuses an assertion from a clock three minutes ahead by default, and accepts it with SAML_CLOCK_SKEW_SECONDS=300', async () => {
    // Issued three minutes from now: NotBefore is two minutes ahead of this hub's clock.
    const ahead = () => response({ issuedIn: 180 });
    expectRefusalPage(await h.app.inject(acsPost(ahead(), '/home')), 401, /not yet valid/);
    const lenient = await startHarness({ config: { saml: samlConfig({ clockSkewSeconds: 300 }) }, share: h });
    try {
      const res = await lenient.app.inject(acsPost(ahead(), '/home'));
      expect(res.statusCode).toBe(302);
      expect(sessionOf(res)).toBeDefined();
    } finally {
      await lenient.close();
    }
  });
});

describe("every refusal is a page in the hub's look, with the way back to sign in", () => {
  let plain: Harness;
  beforeAll(async () => {
    plain = await startHarness({ share: h });
  });
  afterAll(() => plain.close());

  it('covers the assertion consumer, single logout and an unconfigured hub', async () => {
    const replayed = response();
    expect((await h.app.inject(acsPost(replayed))).statusCode).toBe(302);
    const forger = selfsigned.generate([{ name: 'commonName', value: 'idp.test' }], { days: 1, keySize: 2048, algorithm: 'sha256' });
    const cases: [string, Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>, number, RegExp][] = [
      ['replayed', h.app.inject(acsPost(replayed)), 401, /already used/],
      ['garbage', h.app.inject(acsPost('<not-saml/>')), 401, /^Single sign-on failed: /],
      [
        'no response',
        h.app.inject({
          method: 'POST',
          url: '/Saml/AssertionConsumerService',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'RelayState=%2F',
        }),
        400,
        /sent no SAML response/,
      ],
      ['no account', h.app.inject(acsPost(response({ email: 'stranger@elsewhere.example' }))), 403, /no active hub account/],
      [
        'wrong key',
        h.app.inject({ url: `/Saml/SingleLogoutService?${redirectQuery('SAMLRequest', logoutRequestXml(), { key: forger.private })}` }),
        400,
        /^Single logout refused: /,
      ],
      [
        'unaddressed logout',
        h.app.inject({
          method: 'POST',
          url: '/Saml/SingleLogoutService',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `SAMLRequest=${encodeURIComponent(b64('<x/>'))}`,
        }),
        400,
        /^Single logout refused: /,
      ],
      ['unconfigured ACS', plain.app.inject(acsPost(response())), 503, /not configured on this hub/],
      ['unconfigured sign-on', plain.app.inject({ url: '/Saml/InitiateSingleSignOn?returnurl=/home' }), 503, /not configured on this hub/],
      ['unconfigured metadata', plain.app.inject({ url: '/Saml/metadata' }), 503, /not configured on this hub/],
    ];
    for (const [label, pending, status, reason] of cases) {
      const res = await pending;
      try {
        expectRefusalPage(res, status, reason);
      } catch (err) {
        throw new Error(`${label}: ${(err as Error).message}`);
      }
    }
  });

  it('a LogoutRequest without Destination is refused', async () => {
    const res = await h.app.inject({
      url: `/Saml/SingleLogoutService?${redirectQuery('SAMLRequest', logoutRequestXml({ destination: null }))}`,
    });
    expectRefusalPage(res, 400, /the LogoutRequest names no Destination/);
  });
});
