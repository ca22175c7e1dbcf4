import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../auth/env';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT } from '../auth/throttle';
import { openPostgres } from '../db/client';
import { startLocalS3, type LocalS3 } from './s3-server';
import { killAll, startHub, type HubProcess } from './startup-spawn';

/**
 * Two hub processes on one PostgreSQL database and one S3 bucket, as behind a load
 * balancer (docs/operations.md, 'Several servers'): what one server does, the other sees.
 * Ports 3131 and 3132, the S3 server on 9134. Needs TEST_DATABASE_URL (it uses a database
 * of its own beside that one, `<name>_two`, and leaves it for the next run to clear).
 */
const PG = process.env.TEST_DATABASE_URL;
const PASSWORD = 'demo-password-12';

/** A browser at a given client address (the hubs trust X-Forwarded-For, as behind a proxy): cookies, anti-forgery header. */
function browser(address: string) {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (!value || expired) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  const headers = (): Record<string, string> => ({
    'x-forwarded-for': address,
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    ...(jar.has('XSRF-TOKEN') ? { 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN')!) } : {}),
  });
  return {
    jar,
    async get(hub: HubProcess, path: string) {
      return keep(await fetch(`http://127.0.0.1:${hub.port}${path}`, { headers: headers() }));
    },
    async post(hub: HubProcess, path: string, body: unknown) {
      if (!jar.has('XSRF-TOKEN')) await this.get(hub, '/api/health');
      return keep(
        await fetch(`http://127.0.0.1:${hub.port}${path}`, {
          method: 'POST',
          headers: { ...headers(), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    },
    async form(hub: HubProcess, path: string, form: FormData) {
      if (!jar.has('XSRF-TOKEN')) await this.get(hub, '/api/health');
      return keep(await fetch(`http://127.0.0.1:${hub.port}${path}`, { method: 'POST', headers: headers(), body: form }));
    },
    signIn(hub: HubProcess, username: string, password = PASSWORD) {
      return this.post(hub, '/api/authorization/login', { username, password });
    },
  };
}

const TITLE = 'two hub processes on one PostgreSQL and one S3 bucket';
describe.skipIf(!PG)(PG ? TITLE : `${TITLE} (skipped: set TEST_DATABASE_URL to a PostgreSQL database both processes can share)`, () => {
  let a: HubProcess;
  let b: HubProcess;
  let s3: LocalS3;

  beforeAll(async () => {
    const target = new URL(PG!);
    const name = `${target.pathname.slice(1)}_two`;
    const admin = await openPostgres(new URL('/postgres', target).toString(), 1);
    await admin.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '')}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
    await admin.close();
    const url = new URL(PG!);
    url.pathname = `/${name}`;
    s3 = await startLocalS3(9134);
    const env = { DATABASE_URL: url.toString(), SEED_DEMO: '1', TRUST_PROXY: 'true', ...s3.env };
    // The first start migrates and seeds; the second finds both done.
    a = startHub(3131, env);
    await a.ready();
    b = startHub(3132, env);
    await b.ready();
  }, 240_000);

  afterAll(async () => {
    killAll();
    await s3?.close();
  });

  it('shares sessions: signed in through one, the same session works through the other', async () => {
    const me = browser('192.0.2.10');
    expect((await me.signIn(a, 'manager@sparkright.example')).status).toBe(200);
    const ask = async (hub: HubProcess) =>
      (await (await me.post(hub, '/api/graphql', { query: '{ me: assetEntitys(take: 1) { id } }' })).json()) as { data?: unknown };
    expect((await ask(b)).data).toEqual({ me: [expect.objectContaining({ id: expect.any(String) })] });
    expect((await ask(a)).data).toEqual({ me: [expect.objectContaining({ id: expect.any(String) })] });
  });

  it('stores an upload through one and serves it through the other, from the S3 bucket', async () => {
    const me = browser('192.0.2.11');
    expect((await me.signIn(a, 'safetymanager@sparkright.example')).status).toBe(200);
    const assets = (await (await me.post(a, '/api/graphql', { query: '{ assetEntitys(take: 1) { id } }' })).json()) as {
      data: { assetEntitys: { id: string }[] };
    };
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(6 * 1024 * 1024), Buffer.from('\n%%EOF\n')]);
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: `mutation($m: [AssetAttachmentsEntityInput!]!) { r: createAssetAttachmentsEntity(assetAttachmentsEntityModels: $m) { attachmentsId attachments { size } } }`,
        variables: { m: [{ assetId: assets.data.assetEntitys[0].id, attachments: null }] },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.m.0.attachments'] }));
    form.append('0', new Blob([pdf], { type: 'application/pdf' }), 'inspection-report.pdf');
    const up = (await (await me.form(a, '/api/graphql', form)).json()) as {
      data?: { r: { attachmentsId: string; attachments: { size: number } }[] };
      errors?: unknown;
    };
    expect(up.errors).toBeUndefined();
    const { attachmentsId, attachments } = up.data!.r[0];
    expect(attachments.size).toBe(pdf.length);

    const down = await me.get(b, `/api/files/${attachmentsId}?download=true`);
    expect(down.status).toBe(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(pdf)).toBe(true);
    // Another organisation still cannot read it, through either server.
    const other = browser('192.0.2.12');
    expect((await other.signIn(b, 'safetymanager@voltline.example')).status).toBe(200);
    expect((await other.get(a, `/api/files/${attachmentsId}`)).status).toBe(404);
    expect((await other.get(b, `/api/files/${attachmentsId}`)).status).toBe(404);
  });

  it('locks an account after failed sign-ins counted through both servers, as one server would', async () => {
    const me = browser('192.0.2.20');
    const email = 'worker@sparkright.example';
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      const res = await me.signIn(i % 2 ? b : a, email, `wrong-password-${i}`);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { errors: { message: string }[] }).errors[0].message).toBe(authMessages.badCredentials);
    }
    // The right password, through either server and from another address: locked.
    for (const hub of [a, b]) {
      const res = await browser('192.0.2.21').signIn(hub, email);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { errors: { message: string }[] }).errors[0].message).toBe(authMessages.lockedOut);
    }
  });

  it('answers 429 to an address whose failures through both servers reach the limit', async () => {
    const me = browser('192.0.2.30');
    for (let i = 0; i < ADDRESS_LIMIT; i++) {
      const res = await me.signIn(i % 2 ? a : b, `nobody-${i}@nowhere.example`, 'wrong-password-x');
      expect(res.status).toBe(401);
    }
    for (const hub of [a, b]) {
      const res = await me.signIn(hub, 'manager@sparkright.example');
      expect(res.status).toBe(429);
      expect(((await res.json()) as { errors: { message: string }[] }).errors[0].message).toBe(authMessages.tooManyAttempts);
    }
    // Another address is not held back.
    expect((await browser('192.0.2.31').signIn(b, 'manager@sparkright.example')).status).toBe(200);
  });
});
