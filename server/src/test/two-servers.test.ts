import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../auth/env';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT } from '../auth/throttle';
import { openPostgres, type Db } from '../db/client';
import type { JobStatus } from '../jobs/runner';
import { startLocalS3, type LocalS3 } from './s3-server';
import { freePort } from './ports';
import { killAll, startHub, type HubProcess } from './startup-spawn';

/**
 * Two hub processes on one PostgreSQL database and one S3 bucket, as behind a load
 * balancer (docs/operations.md, 'Several servers'): what one server does, the other sees.
 * Every server on a port the system picks. Needs TEST_DATABASE_URL (it uses a database
 * of its own beside that one, `<name>_two`, and leaves it for the next run to clear).
 */
const PG = process.env.TEST_DATABASE_URL;

/** The membership feed both servers read: an organisation and two accounts the demo does not have. */
const FEED = {
  organisations: [{ memberCode: 'M900', name: 'Northgrid Electrical', isActive: true }],
  accounts: [
    { memnetID: '900001', email: 'ada@northgrid.example', organisation: 'M900', role: 'SafetyManager', firstname: 'Ada' },
    { memnetID: '900002', email: 'ben@northgrid.example', organisation: 'M900', role: 'Worker', firstname: 'Ben' },
  ],
};

/** Polls `check` until it holds, or fails after `ms`. */
async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
}
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
  let feed: Server;
  let db: Db;

  beforeAll(async () => {
    const target = new URL(PG!);
    const name = `${target.pathname.slice(1)}_two`;
    const admin = await openPostgres(new URL('/postgres', target).toString(), 1);
    await admin.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '')}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
    await admin.close();
    const url = new URL(PG!);
    url.pathname = `/${name}`;
    s3 = await startLocalS3(await freePort());
    db = await openPostgres(url.toString(), 2);
    // The membership system's feed, read by both servers' membership sync.
    feed = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify(FEED));
    });
    const feedPort = await freePort();
    await new Promise<void>((resolve) => feed.listen(feedPort, '127.0.0.1', () => resolve()));
    const env = {
      DATABASE_URL: url.toString(),
      SEED_DEMO: '1',
      TRUST_PROXY: 'true',
      MEMBERSHIP_FEED_URL: `http://127.0.0.1:${feedPort}/feed.json`,
      // Every minute: both servers tick for the same reminder slots while the tests run.
      REMINDERS_CRON: '* * * * *',
      ...s3.env,
    };
    // The first start migrates and seeds; the second finds both done.
    a = startHub(await freePort(), env);
    await a.ready();
    b = startHub(await freePort(), env);
    await b.ready();
  }, 240_000);

  afterAll(async () => {
    killAll();
    await s3?.close();
    await db?.close();
    feed?.closeAllConnections();
    await new Promise((resolve) => (feed ? feed.close(resolve) : resolve(null)));
  });

  /** A job's status as one server's jobs page shows it. */
  async function jobOn(hub: HubProcess, admin: ReturnType<typeof browser>, name: string): Promise<JobStatus> {
    const body = (await (await admin.get(hub, '/api/jobs')).json()) as { jobs: JobStatus[] };
    return body.jobs.find((j) => j.name === name)!;
  }

  it('runs the membership sync at start-up and on demand on both servers, and each account is created once', async () => {
    const admin = browser('192.0.2.40');
    expect((await admin.signIn(a, 'admin@hub.example')).status).toBe(200);
    // Both servers ran it at start-up (once, or one after the other: a second run finds nothing new).
    await until(async () => (await jobOn(b, admin, 'membership-sync')).lastFinished?.status === 'succeeded', 60_000);
    // Run now through both servers at once: each run waits for the other, none fails.
    const [ra, rb] = await Promise.all([
      admin.post(a, '/api/jobs/membership-sync/run', {}),
      admin.post(b, '/api/jobs/membership-sync/run', {}),
    ]);
    expect([ra.status, rb.status].sort()).toEqual(expect.arrayContaining([202]));
    for (const r of [ra, rb]) expect([202, 409]).toContain(r.status);
    await until(async () => !(await jobOn(a, admin, 'membership-sync')).running, 60_000);
    const { rows } = await db.query<{ memnet_id: string; n: number }>(
      `SELECT memnet_id, count(*)::int AS n FROM mehub_account WHERE memnet_id IN ('900001', '900002') GROUP BY memnet_id ORDER BY memnet_id`,
    );
    expect(rows).toEqual([
      { memnet_id: '900001', n: 1 },
      { memnet_id: '900002', n: 1 },
    ]);
    const runs = await db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM job_run WHERE job = 'membership-sync' GROUP BY status`,
    );
    expect(runs.rows.filter((r) => r.status !== 'succeeded')).toEqual([]);
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
    const assets = (await (
      await me.post(a, '/api/graphql', {
        query: '{ assetEntitys(where: [{ path: "status", comparison: equal, value: ["IN_SERVICE"] }], take: 1) { id } }',
      })
    ).json()) as {
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

  it('sends each reminder once: both servers run the reminder job at start-up, on demand and on the same schedule slots', async () => {
    const admin = browser('192.0.2.50');
    expect((await admin.signIn(b, 'admin@hub.example')).status).toBe(200);
    await until(async () => (await jobOn(a, admin, 'reminders')).lastFinished?.status === 'succeeded', 60_000);
    const mails = async () =>
      (
        await db.query<{ to: string; subject: string; text: string }>(
          `SELECT "to", subject, text FROM mail_outbox WHERE subject LIKE 'Reminder%' ORDER BY "to", subject`,
        )
      ).rows;
    const logs = async () => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reminder_log`)).rows[0].n);
    const sent = await mails();
    // The demo holds records falling due: the start-up run mailed their people, one mail each.
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((m) => m.to)).size).toBe(sent.length);
    const logged = await logs();
    expect(logged).toBeGreaterThan(0);

    // Run now through each server, then through both at once, across the every-minute schedule.
    const runNow = (hub: HubProcess) => admin.post(hub, '/api/jobs/reminders/run', {});
    const idle = () => until(async () => !(await jobOn(a, admin, 'reminders')).running, 60_000);
    const asked: [HubProcess, Response][] = [];
    asked.push([a, await runNow(a)]);
    await idle();
    await new Promise((r) => setTimeout(r, 1100)); // a slot of its own second
    asked.push([b, await runNow(b)]);
    await idle();
    await new Promise((r) => setTimeout(r, 1100));
    const both = await Promise.all([runNow(a), runNow(b)]);
    asked.push([a, both[0]], [b, both[1]]);
    await idle();
    // Each accepted run ran on the server asked ('already running' when another run was on).
    const serverOf = async (hub: HubProcess) => ((await (await admin.get(hub, '/api/jobs')).json()) as { serverId: string }).serverId;
    for (const [, res] of asked) expect([202, 409]).toContain(res.status);
    for (const hub of [a, b])
      if (asked.some(([h, res]) => h === hub && res.status === 202)) {
        const { rows } = await db.query(`SELECT 1 FROM job_run WHERE job = 'reminders' AND trigger = 'manual' AND server_id = $1`, [
          await serverOf(hub),
        ]);
        expect(rows.length).toBeGreaterThan(0);
      }

    // And a scheduled slot (every minute here) that both servers tick for: one of them runs it.
    await until(
      async () =>
        (await db.query(`SELECT 1 FROM job_run WHERE job = 'reminders' AND trigger = 'schedule' AND status = 'succeeded'`)).rows.length > 0,
      90_000,
    );
    await idle();

    expect(await mails()).toEqual(sent);
    expect(await logs()).toBe(logged);
    const failed = await db.query(`SELECT status, error FROM job_run WHERE job = 'reminders' AND status <> 'succeeded'`);
    expect(failed.rows).toEqual([]);
    const slots = await db.query(
      `SELECT slot FROM job_run WHERE job = 'reminders' AND trigger = 'schedule' GROUP BY slot, attempt HAVING count(*) > 1`,
    );
    expect(slots.rows).toEqual([]);
  }, 150_000);
});
