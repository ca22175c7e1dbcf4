import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPARK_MANAGER, type Harness } from '../test/harness';
import {
  SLO,
  b64,
  forger,
  iso,
  logoutRequestXml,
  logoutResponseXml,
  redirectQuery,
  refusal,
  response,
  samlRequests,
  sign,
  startSamlHarness,
} from '../test/saml-suite';

/** Single logout: started by the identity provider, and its answer to the hub's own logout. */

let h: Harness;
beforeAll(async () => {
  h = await startSamlHarness();
});
afterAll(() => h.close());

const { sloGet, sloPost, sessionsOf, ssoSession, signedIn, expectLogoutRefused } = samlRequests(() => h);

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
