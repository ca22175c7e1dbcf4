import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, SESSION_COOKIE } from '../auth/session';
import { loadConfig } from '../config';
import { SPARK_MANAGER, SPARK_WORKER, startHarness, type Harness } from './harness';

/**
 * What a client controls in an HTTP request (Host, X-Forwarded-*, plain HTTP) must not
 * steer links in mail, the sign-in limits or the security headers; and sessions end when
 * they should.
 */
const PASSWORD = 'demo-password-12';
const PUBLIC = 'https://hub.example.org';

/** Default settings: TRUST_PROXY off, PUBLIC_URL http://localhost:3000. */
let plain: Harness;
/** Behind a proxy that is trusted, on an HTTPS address. */
let proxied: Harness;
/** Trusting one proxy hop, on a plain-HTTP address. */
let oneHop: Harness;

beforeAll(async () => {
  plain = await startHarness();
  proxied = await startHarness({ config: { publicUrl: PUBLIC, trustProxy: true }, share: plain });
  oneHop = await startHarness({ config: { trustProxy: 1 }, share: plain });
});
afterAll(async () => {
  for (const h of [oneHop, proxied, plain]) await h?.close();
});

const linkIn = (text: string) => text.match(/https?:\/\/\S+/)![0];

describe('links in mail', () => {
  const forged = [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }];

  it.each(forged)('reset links use PUBLIC_URL whatever the request says (%o)', async (headers) => {
    await proxied.reset();
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/account/reset-password-request',
      headers: { ...proxied.headers(null), ...headers },
      payload: { username: SPARK_WORKER },
    });
    expect(res.statusCode).toBe(200);
    const link = new URL(linkIn(proxied.mail.at(-1)!.text));
    expect(link.origin).toBe(PUBLIC);
    expect(link.pathname).toBe('/reset-password');
  });

  it('confirmation links of a registration use PUBLIC_URL', async () => {
    await proxied.reset();
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/register/mehub-account-entity',
      headers: { ...proxied.headers(null), host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      payload: { email: 'forged.host@example.org', password: 'registration-pass-1', confirmPassword: 'registration-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(linkIn(proxied.mail.at(-1)!.text).startsWith(`${PUBLIC}/confirm-email?`)).toBe(true);
  });
});

describe('sign-in limit per address', () => {
  const attempt = (h: Harness, i: number, remoteAddress: string, forwardedFor: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/authorization/login',
      headers: { ...h.headers(null), 'x-forwarded-for': forwardedFor },
      payload: { username: `user${i}@nowhere.example`, password: 'wrong-password-123' },
      remoteAddress,
    });

  it('is not reset by a spoofed X-Forwarded-For when TRUST_PROXY is off (the default)', async () => {
    await plain.reset();
    let last;
    for (let i = 0; i < 31; i++) last = await attempt(plain, i, '10.20.0.1', `198.51.100.${i}`);
    expect(last!.statusCode).toBe(429);
    expect(last!.json().errors[0].message).toBe('Too many sign-in attempts from this address. Please wait 15 minutes and try again.');
  });

  it('follows X-Forwarded-For from a trusted proxy when TRUST_PROXY says so', async () => {
    await oneHop.reset();
    let last;
    for (let i = 0; i < 31; i++) last = await attempt(oneHop, i, '10.20.0.2', `198.51.100.${i}`);
    expect(last!.statusCode).toBe(401); // 31 different clients behind the proxy
    for (let i = 0; i < 31; i++) last = await attempt(oneHop, i, '10.20.0.2', '203.0.113.7');
    expect(last!.statusCode).toBe(429); // one client, however many proxies it comes through
  });
});

describe('TRUST_PROXY setting', () => {
  it('is off by default and accepts true, a hop count or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,loopback' }).trustProxy).toEqual(['10.0.0.1', '172.16.0.0/12', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
});

describe('sessions and "Remember me"', () => {
  async function signIn(rememberMe: boolean): Promise<string> {
    const res = await plain.app.inject({
      method: 'POST',
      url: '/api/authorization/login',
      headers: plain.headers(null),
      payload: { username: SPARK_MANAGER, password: PASSWORD, rememberMe },
      remoteAddress: '10.30.0.1',
    });
    expect(res.statusCode).toBe(200);
    return res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
  }
  const me = (token: string) =>
    plain.app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
  const idle = (token: string, interval: string) =>
    plain.db.query(`UPDATE session SET last_seen = now() - $2::interval WHERE id = $1`, [hashToken(token), interval]);

  it('a normal session ends after SESSION_IDLE_MINUTES without a request', async () => {
    await plain.reset();
    const token = await signIn(false);
    await idle(token, '30 minutes');
    expect((await me(token)).statusCode).toBe(200);
    await idle(token, '61 minutes');
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a remembered session survives idleness and ends at its absolute limit', async () => {
    await plain.reset();
    const token = await signIn(true);
    await idle(token, '2 hours');
    expect((await me(token)).statusCode).toBe(200);
    await idle(token, '29 days');
    const after = await me(token);
    expect(after.statusCode).toBe(200);
    expect(after.json().email).toBe(SPARK_MANAGER);
    const { rows } = await plain.db.query<{ days: number }>(
      `SELECT round(extract(epoch FROM expires - now()) / 86400)::int AS days FROM session WHERE id = $1`,
      [hashToken(token)],
    );
    expect(rows[0].days).toBe(30);
    await plain.db.query(`UPDATE session SET expires = now() - interval '1 second' WHERE id = $1`, [hashToken(token)]);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('security headers', () => {
  const get = (h: Harness, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url: '/api/health', headers });

  it('send neither HSTS nor upgrade-insecure-requests over plain HTTP', async () => {
    const res = await get(plain);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    // An untrusted X-Forwarded-Proto does not make the request HTTPS.
    expect((await get(plain, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('send HSTS when a trusted proxy says the request came over HTTPS', async () => {
    expect((await get(oneHop, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect((await get(oneHop)).headers['strict-transport-security']).toBeUndefined();
  });

  it('send both when PUBLIC_URL is https', async () => {
    const res = await get(proxied);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
