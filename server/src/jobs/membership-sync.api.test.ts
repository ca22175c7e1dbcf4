import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GROUPS } from '@hub/model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type MembershipFeedSettings } from '../config';
import { diskStorage } from '../files/storage';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, startHarness, type Harness } from '../test/harness';
import { freePort } from '../test/ports';
import { FEED_ISSUES_SHOWN, checkFeed } from './membership-feed';
import { hubJobs } from './all';
import { membershipSyncJob, type SyncCounts } from './membership-sync';
import { testClock, type JobStatus } from './runner';
import type { JobContext } from './types';

/**
 * The membership sync against a feed server of its own (on a port the system picks, so that
 * the PGlite and PostgreSQL projects, and two checkouts, can run it at once): good, partial
 * and broken feeds.
 */
const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
/** A port nothing listens on. */
const CLOSED = await freePort();

let h: Harness;
/** The runner's clock: each manual run is a slot of its own second. */
const clock = testClock('2026-11-26T03:00:00Z');
let server: Server;
/** What the feed server answers next, by path. */
let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('{}');
const dir = mkdtempSync(join(tmpdir(), 'hub-feed-'));
const storage = diskStorage(join(dir, 'files'));

beforeAll(async () => {
  // The hub's job list with the sync on this file's feed server (settings() is hoisted below).
  h = await startHarness({ jobs: [membershipSyncJob(settings())], clock });
  // One connection per request: a kept-alive socket the server closes just as the client reuses
  // it (a loaded machine's timers drift) would fail a run with ECONNRESET instead of its own error.
  server = createServer((req, res) => {
    res.setHeader('connection', 'close');
    handler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(PORT, '127.0.0.1', () => resolve());
  });
});
beforeEach(async () => {
  await h.reset();
  // The demo's accounts were synchronised "now" by the seed: make it yesterday, so a run's stamp shows.
  await h.db.query(`UPDATE mehub_account SET lastsyncdate = now() - interval '1 day'`);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

const settings = (over: Partial<MembershipFeedSettings> = {}): MembershipFeedSettings => ({
  ...loadConfig({ MEMBERSHIP_FEED_URL: `${BASE}/feed.json` }).membershipFeed,
  ...over,
});

const NOW = new Date('2026-11-26T02:00:00Z');

function context(over: Partial<JobContext> = {}): JobContext {
  return {
    db: h.db,
    storage,
    mailer: { send: async () => {} },
    publicUrl: 'http://localhost:3000',
    now: NOW,
    attempt: 1,
    log: () => {},
    signal: new AbortController().signal,
    ...over,
  };
}

/** Serves `body` as JSON at any path. */
function serve(body: unknown, status = 200): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  handler = (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(text);
  };
}

const run = (over: Partial<MembershipFeedSettings> = {}, ctx: Partial<JobContext> = {}) =>
  membershipSyncJob(settings(over)).run(context(ctx));

/** Everything the sync may change, to show that a failed run changed nothing. */
async function snapshot(): Promise<unknown> {
  const accounts = await h.db.query(
    `SELECT id, email, memnet_id, firstname, surname, mobile_number, city, state, role_id, member_organisation_id, lastsyncdate::text, modified::text
     FROM mehub_account ORDER BY id`,
  );
  const orgs = await h.db.query(`SELECT id, name, member_code, is_active, modified::text FROM member_organisation ORDER BY id`);
  const groups = await h.db.query(`SELECT user_id, group_name FROM user_group ORDER BY user_id, group_name`);
  const events = await h.db.query(`SELECT count(*)::int AS n FROM mehub_account_timeline_events`);
  return { accounts: accounts.rows, orgs: orgs.rows, groups: groups.rows, events: events.rows };
}

async function account(email: string) {
  const { rows } = await h.db.query<Record<string, unknown>>(
    `SELECT a.*, a.lastsyncdate::text AS synced, r.name AS role_name, o.member_code FROM mehub_account a
     LEFT JOIN role r ON r.id = a.role_id LEFT JOIN member_organisation o ON o.id = a.member_organisation_id WHERE lower(a.email) = lower($1)`,
    [email],
  );
  return rows[0];
}

interface TestFeed {
  generatedAt?: string;
  organisations: Record<string, unknown>[];
  accounts: Record<string, unknown>[];
}

const goodFeed = (): TestFeed => ({
  generatedAt: '2026-11-26T01:30:00Z',
  organisations: [
    { memberCode: 'DEMO1', name: 'Sparkright Electrical Pty Ltd', isActive: true },
    { memberCode: 'M300', name: 'Brightwire Contracting', isActive: true },
  ],
  accounts: [
    // A demo account the hub knows only by email (registered here): the feed gives it a memnetID.
    {
      memnetID: '100001',
      email: SPARK_MANAGER.toUpperCase(),
      organisation: 'DEMO1',
      role: 'SafetyManager',
      firstname: 'Sam',
      surname: 'Parker',
    },
    {
      memnetID: 100002,
      email: SPARK_WORKER,
      organisation: 'demo1',
      role: 'Worker',
      mobileNumber: '0400 000 002',
      city: 'Geelong',
      state: 'VIC',
    },
    {
      memnetID: '300001',
      email: 'Olive.Grant@brightwire.example',
      organisation: 'M300',
      role: 'safetymanager',
      firstname: 'Olive',
      surname: 'Grant',
      mobileNumber: '0400 300 001',
      streetAddress1: '1 Wire St',
      postcode: '3000',
      city: 'Melbourne',
      state: 'VIC',
      country: 'Australia',
      startDate: '2024-07-01',
      endDate: null,
      isDuplicate: false,
    },
  ],
});

describe('membership sync: on the jobs page', () => {
  const status = async () =>
    ((await h.app.inject({ url: '/api/jobs', headers: h.headers(ADMIN) })).json() as { jobs: JobStatus[] }).jobs.find(
      (j) => j.name === 'membership-sync',
    )!;
  const runNow = async () => {
    clock.advance(60_000);
    const res = await h.app.inject({ method: 'POST', url: '/api/jobs/membership-sync/run', headers: h.headers(ADMIN) });
    expect(res.statusCode).toBe(202);
    await h.app.jobRunner.idle();
  };

  it("is one of the hub's jobs, listed as off until a feed is configured", () => {
    const job = hubJobs(loadConfig({})).find((j) => j.name === 'membership-sync');
    expect(job?.disabledReason?.()).toMatch(/No membership feed is configured/);
    expect(
      hubJobs(loadConfig({ MEMBERSHIP_FEED_URL: `${BASE}/feed.json` }))
        .find((j) => j.name === 'membership-sync')
        ?.disabledReason?.(),
    ).toBeNull();
  });

  it("runs from the jobs page and shows its summary, then a broken feed's error", async () => {
    serve(goodFeed());
    await runNow();
    expect((await status()).lastFinished).toMatchObject({
      status: 'succeeded',
      summary: '3 accounts synchronised, 1 new, 2 changed, 2 matched by email, organisations: 1 new, 1 changed',
      counts: { accountsCreated: 1, accountsStamped: 3 },
    });
    serve('oops', 502);
    await runNow();
    expect((await status()).lastFinished).toMatchObject({
      status: 'failed',
      error: `The membership feed at ${BASE}/feed.json answered HTTP 502 Bad Gateway`,
    });
  });
});

describe('membership sync: configuration', () => {
  it('is disabled, with the settings to set, when neither a feed URL nor a file is configured', () => {
    const job = membershipSyncJob(loadConfig({}).membershipFeed);
    expect(job.name).toBe('membership-sync');
    expect(job.disabledReason?.()).toMatch(/MEMBERSHIP_FEED_URL or MEMBERSHIP_FEED_FILE/);
    expect(membershipSyncJob(settings()).disabledReason?.()).toBeNull();
  });

  it('refuses both settings at once, a non-http address, and limits below 1', () => {
    expect(() => loadConfig({ MEMBERSHIP_FEED_URL: `${BASE}/f`, MEMBERSHIP_FEED_FILE: '/tmp/f.json' })).toThrow(/not both/);
    expect(() => loadConfig({ MEMBERSHIP_FEED_URL: 'file:///etc/passwd' })).toThrow(/MEMBERSHIP_FEED_URL must be an absolute http/);
    expect(() => loadConfig({ MEMBERSHIP_FEED_URL: 'https://user:pw@feed.example/x' })).toThrow(/MEMBERSHIP_FEED_URL/);
    expect(() => loadConfig({ MEMBERSHIP_FEED_TIMEOUT_SECONDS: '0' })).toThrow(/at least 1/);
    expect(() => loadConfig({ MEMBERSHIP_FEED_MAX_MB: 'lots' })).toThrow(/whole number/);
  });

  it('names the feed on the jobs page without the token or query', () => {
    const job = membershipSyncJob(settings({ url: `${BASE}/feed.json?key=secret`, token: 'tok-secret' }));
    expect(job.description).toContain(`${BASE}/feed.json`);
    expect(job.description).not.toMatch(/secret/);
  });
});

describe('membership sync: a good feed', () => {
  it('creates and updates organisations and accounts, stamps every account of the feed, and leaves the others to age', async () => {
    serve(goodFeed());
    const otherBefore = await account('manager@sparkright.example');
    const outcome = await run();
    expect(outcome.counts).toMatchObject({
      organisationsCreated: 1,
      organisationsUpdated: 1,
      accountsCreated: 1,
      accountsUpdated: 2,
      accountsAdopted: 2,
      accountsStamped: 3,
      emailsKept: 0,
      passwordsCleared: 0,
    } satisfies SyncCounts);
    expect(outcome.summary).toBe('3 accounts synchronised, 1 new, 2 changed, 2 matched by email, organisations: 1 new, 1 changed');

    const spark = await h.db.query(`SELECT name, is_active FROM member_organisation WHERE member_code = 'DEMO1'`);
    expect(spark.rows[0]).toEqual({ name: 'Sparkright Electrical Pty Ltd', is_active: true });
    const bright = await h.db.query<{ id: string; name: string; is_active: boolean }>(
      `SELECT id, name, is_active FROM member_organisation WHERE member_code = 'M300'`,
    );
    expect(bright.rows[0]).toMatchObject({ name: 'Brightwire Contracting', is_active: true });

    const manager = await account(SPARK_MANAGER);
    expect(manager).toMatchObject({
      memnet_id: '100001',
      firstname: 'Sam',
      surname: 'Parker',
      role_name: 'SafetyManager',
      synced: '2026-11-26 02:00:00',
    });
    expect(manager.email).toBe(SPARK_MANAGER); // the hub's address stays as it was
    const worker = await account(SPARK_WORKER);
    expect(worker).toMatchObject({
      memnet_id: '100002',
      role_name: 'Worker',
      mobile_number: '0400 000 002',
      city: 'Geelong',
      state: 'VIC',
    });
    expect(worker.firstname).toBeTruthy(); // absent from the feed: kept

    const olive = await account('olive.grant@brightwire.example');
    expect(olive).toMatchObject({
      email: 'olive.grant@brightwire.example',
      user_name: 'olive.grant@brightwire.example',
      memnet_id: '300001',
      role_name: 'SafetyManager',
      member_code: 'M300',
      street_address1: '1 Wire St',
      country: 'Australia',
      is_duplicate: false,
      password: null,
      synced: '2026-11-26 02:00:00',
    });
    const groups = await h.db.query(`SELECT group_name FROM user_group WHERE user_id = $1`, [olive.id]);
    expect(groups.rows).toEqual([{ group_name: GROUPS.member }]);
    // Saved through crud: the account's timeline records its creation.
    const events = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mehub_account_timeline_events WHERE entity_id = $1`, [
      olive.id,
    ]);
    expect(events.rows[0].n).toBeGreaterThan(0);

    // Accounts the feed does not name keep the stamp they had (whatever day the test runs on): they age.
    const other = await account('manager@sparkright.example');
    expect(other.synced).toBe(otherBefore.synced);
    expect(other.synced).not.toBe('2026-11-26 02:00:00');
  });

  it('is idempotent: a second run of the same feed changes nothing but the stamp', async () => {
    serve(goodFeed());
    await run();
    const later = new Date(NOW.getTime() + 86_400_000);
    const outcome = await run({}, { now: later });
    expect(outcome.counts).toMatchObject({
      organisationsCreated: 0,
      organisationsUpdated: 0,
      accountsCreated: 0,
      accountsUpdated: 0,
      accountsAdopted: 0,
      accountsStamped: 3,
    });
    expect((await account('olive.grant@brightwire.example')).synced).toBe('2026-11-27 02:00:00');
  });

  it('gives a new account no password: it signs in only after a password reset, which the reset request mails', async () => {
    serve(goodFeed());
    await run();
    const signIn = await h.app.inject({
      method: 'POST',
      url: '/api/authorization/login',
      headers: h.headers(null),
      payload: { username: 'olive.grant@brightwire.example', password: '' },
    });
    expect(signIn.statusCode).toBe(401);
    const reset = await h.app.inject({
      method: 'POST',
      url: '/api/account/reset-password-request',
      headers: h.headers(null),
      payload: { username: 'olive.grant@brightwire.example' },
    });
    expect(reset.statusCode).toBeLessThan(300);
    const mail = h.mail.find((m) => m.to === 'olive.grant@brightwire.example');
    const token = /token=([^&\s]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const chosen = await h.app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      headers: h.headers(null),
      payload: { token: decodeURIComponent(token!), username: 'olive.grant@brightwire.example', password: 'olive-chose-this-12' },
    });
    expect(chosen.statusCode).toBe(200);
    const after = await h.app.inject({
      method: 'POST',
      url: '/api/authorization/login',
      headers: h.headers(null),
      payload: { username: 'olive.grant@brightwire.example', password: 'olive-chose-this-12' },
    });
    expect(after.statusCode).toBe(200);
  });

  it('changes what the feed changes, clears what it sends as null, and keeps an email the hub already has', async () => {
    serve(goodFeed());
    await run();
    const feed = goodFeed();
    feed.accounts[2] = { ...feed.accounts[2], email: 'olive@elsewhere.example', mobileNumber: null, city: 'Ballarat', role: 'Manager' };
    feed.organisations[1].isActive = false;
    serve(feed);
    const outcome = await run();
    expect(outcome.counts).toMatchObject({ accountsUpdated: 1, emailsKept: 1, organisationsUpdated: 1 });
    const olive = await account('olive.grant@brightwire.example');
    expect(olive).toMatchObject({ mobile_number: null, city: 'Ballarat', role_name: 'Manager' });
    expect(await account('olive@elsewhere.example')).toBeUndefined();
  });

  it('runs one sync at a time: two runs at once both succeed and create each account once', async () => {
    serve(goodFeed());
    const [first, second] = await Promise.all([run(), run()]);
    expect((first.counts?.accountsCreated ?? 0) + (second.counts?.accountsCreated ?? 0)).toBe(1);
    expect((first.counts?.organisationsCreated ?? 0) + (second.counts?.organisationsCreated ?? 0)).toBe(1);
    const { rows } = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mehub_account WHERE memnet_id = '300001'`);
    expect(rows[0].n).toBe(1);
  });

  it('reads a feed file, and sends the bearer token to a feed URL', async () => {
    const file = join(dir, 'feed.json');
    writeFileSync(file, JSON.stringify(goodFeed()));
    const fromFile = await membershipSyncJob(loadConfig({ MEMBERSHIP_FEED_FILE: file }).membershipFeed).run(context());
    expect(fromFile.counts?.accountsStamped).toBe(3);

    let auth: string | undefined;
    handler = (req, res) => {
      auth = req.headers.authorization;
      res.end(JSON.stringify({ organisations: [], accounts: [] }));
    };
    const empty = await run({ token: 'feed-token-1' });
    expect(auth).toBe('Bearer feed-token-1');
    expect(empty.summary).toBe('0 accounts synchronised, 0 new, 0 changed, organisations: 0 new, 0 changed');
  });

  it('goes through the model and its hooks: a created account is found by the GraphQL API like any other', async () => {
    serve(goodFeed());
    await run();
    const res = await h.gql(
      ADMIN,
      `{ mehubAccountEntitys(where: [{ path: "memnetID", comparison: equal, value: ["300001"] }]) { email memberOrganisation { memberCode } role { name } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      mehubAccountEntitys: [
        { email: 'olive.grant@brightwire.example', memberOrganisation: { memberCode: 'M300' }, role: { name: 'SafetyManager' } },
      ],
    });
  });
});

describe('membership sync: a partial feed (one bad entry) changes nothing', () => {
  const cases: [string, (feed: ReturnType<typeof goodFeed>) => unknown, RegExp][] = [
    [
      'an invalid email and a state the hub does not know',
      (f) => {
        f.accounts[1].email = 'not-an-address';
        f.accounts[2].state = 'Victoria';
      },
      /accounts\[1\]\.email: an email address; accounts\[2\]\.state: one of QLD/,
    ],
    [
      'an unknown role',
      (f) => void (f.accounts[2].role = 'Apprentice'),
      /accounts\[2\] \(memnetID 300001\).*role Apprentice is not a role of the hub/,
    ],
    [
      'an organisation neither in the feed nor the hub',
      (f) => void (f.accounts[2].organisation = 'NOPE9'),
      /accounts\[2\] \(memnetID 300001\).*organisation NOPE9 is neither in the feed nor in the hub/,
    ],
    [
      'an email of an administrator',
      (f) => void (f.accounts[2].email = ADMIN),
      /accounts\[2\].*email admin@hub\.example belongs to an administrator/,
    ],
    [
      'the same memnetID twice',
      (f) => void (f.accounts[2].memnetID = '100001'),
      /accounts\[2\]\.memnetID: the same memnetID as accounts\[0\] \(100001\)/,
    ],
    [
      'the same email twice, in another case',
      (f) => void (f.accounts[2].email = SPARK_WORKER.toUpperCase()),
      /accounts\[2\]\.email: the same email as accounts\[1\]/,
    ],
    ['an unknown field (a misspelt name)', (f) => void (f.accounts[0].firstName = 'Sam'), /accounts\[0\]: Unrecognized key: "firstName"/],
    [
      'a __proto__ key',
      (f) => JSON.stringify(f).replace('"memnetID":"300001"', '"memnetID":"300001","__proto__":{"isAdmin":true}'),
      /accounts\[2\]: Unrecognized key: "__proto__"/,
    ],
    ['a day that does not exist', (f) => void (f.accounts[2].startDate = '2024-02-30'), /accounts\[2\]\.startDate: a day that exists/],
    ['a memnetID that is not a number', (f) => void (f.accounts[2].memnetID = '30-0001'), /accounts\[2\]\.memnetID: a membership number/],
    ['an organisation without a name', (f) => void (f.organisations[1].name = ''), /organisations\[1\]\.name: required/],
    ['an overlong name', (f) => void (f.accounts[2].firstname = 'x'.repeat(201)), /accounts\[2\]\.firstname: at most 200 characters/],
  ];
  for (const [what, spoil, error] of cases)
    it(`refuses ${what}`, async () => {
      const before = await snapshot();
      const feed = goodFeed();
      const spoilt = spoil(feed);
      serve(typeof spoilt === 'string' ? spoilt : feed);
      await expect(run()).rejects.toThrow(error);
      expect(await snapshot()).toEqual(before);
    });

  it('refuses an email that belongs to another member of the hub, even after the earlier entries were saved in the transaction', async () => {
    serve(goodFeed());
    await run();
    const before = await snapshot();
    const feed = goodFeed();
    feed.organisations.push({ memberCode: 'M400', name: 'Late Org', isActive: true });
    feed.accounts.push({ memnetID: '400001', email: 'olive.grant@brightwire.example', organisation: 'M400', role: 'Worker' });
    feed.accounts[2] = { ...feed.accounts[2], email: 'olive.new@brightwire.example' };
    serve(feed);
    await expect(run()).rejects.toThrow(/accounts\[3\] \(memnetID 400001\).*belongs to the hub's account of memnetID 300001/);
    expect(await snapshot()).toEqual(before);
  });

  it('names the first few problems of a feed with many, and counts the rest', async () => {
    const feed = goodFeed();
    for (let i = 0; i < 9; i++) feed.accounts.push({ memnetID: String(500 + i), email: `bad${i}`, organisation: 'DEMO1' });
    serve(feed);
    const err = await run().catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message.match(/accounts\[\d+\]\.email/g)).toHaveLength(FEED_ISSUES_SHOWN);
    expect((err as Error).message).toMatch(/\(and 4 more\)$/);
  });
});

describe('membership sync: a hostile feed (issue 26) fails cleanly, changes nothing and never blocks the hub', () => {
  const hostile: [string, () => string, RegExp][] = [
    [
      'a constructor key',
      () => JSON.stringify(goodFeed()).replace('"memnetID":"300001"', '"memnetID":"300001","constructor":{"prototype":{"isAdmin":true}}'),
      /accounts\[2\]: Unrecognized key: "constructor"/,
    ],
    [
      'a __proto__ key at the top (and in an organisation)',
      () =>
        JSON.stringify(goodFeed())
          .replace('{"generatedAt"', '{"__proto__":{"polluted":true},"generatedAt"')
          .replace('"memberCode":"M300"', '"memberCode":"M300","__proto__":{"polluted":true}'),
      /\(the feed\): Unrecognized key: "__proto__"/,
    ],
    ['a prototype key', () => JSON.stringify({ ...goodFeed(), prototype: {} }), /Unrecognized key: "prototype"/],
    ['lists of the wrong type', () => JSON.stringify({ organisations: 'DEMO1', accounts: null }), /organisations: .*; accounts: /],
    ['the feed as null', () => 'null', /not valid, nothing was changed: \(the feed\)/],
    [
      'values of the wrong type',
      () => {
        const f = goodFeed();
        f.organisations[1].isActive = 'yes';
        f.organisations[1].name = 42;
        f.accounts[2].email = ['olive@x.example'];
        f.accounts[2].isDuplicate = 'false';
        f.accounts[2].firstname = { first: 'Olive' };
        return JSON.stringify(f);
      },
      /organisations\[1\]\.name: .*organisations\[1\]\.isActive: .*accounts\[2\]\.email: .*accounts\[2\]\.firstname: .*accounts\[2\]\.isDuplicate: /,
    ],
    [
      'a membership number too large to be a whole number exactly',
      () => JSON.stringify(goodFeed()).replace('"memnetID":"300001"', '"memnetID":12345678901234567890'),
      /accounts\[2\]\.memnetID: a membership number/,
    ],
    [
      'a membership number with a fraction',
      () => JSON.stringify(goodFeed()).replace('"memnetID":"300001"', '"memnetID":300001.5'),
      /accounts\[2\]\.memnetID/,
    ],
    [
      'the same memberCode twice, in another case',
      () => {
        const f = goodFeed();
        f.organisations.push({ memberCode: 'm300', name: 'Brightwire Again', isActive: false });
        return JSON.stringify(f);
      },
      /organisations\[2\]\.memberCode: the same memberCode as organisations\[1\] \(m300\)/,
    ],
    [
      'JSON nested 100,000 levels deep',
      () => `{"organisations":[],"accounts":[],"generatedAt":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      /generatedAt|not valid JSON/,
    ],
  ];
  for (const [what, body, error] of hostile)
    it(`refuses ${what}`, async () => {
      const before = await snapshot();
      serve(body());
      await expect(run()).rejects.toThrow(error);
      expect(await snapshot()).toEqual(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });

  it('checks a feed of 100,000 accounts without stopping the hub for more than a moment', async () => {
    const accounts = Array.from({ length: 100_000 }, (_, i) => ({
      memnetID: String(700_000 + i),
      email: `member${i}@big.example`,
      organisation: 'M1',
      role: 'Worker',
      firstname: 'Ada',
      city: 'Hobart',
      state: 'TAS',
      startDate: '2024-07-01',
    }));
    const body = JSON.stringify({ organisations: [{ memberCode: 'M1', name: 'Big', isActive: true }], accounts });
    // The longest time the event loop went without running a timer while the feed was checked.
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    try {
      const feed = await checkFeed(body);
      expect(feed.accounts).toHaveLength(100_000);
    } finally {
      clearInterval(ticker);
    }
    // The whole check takes seconds; parsing the JSON text is the longest single step.
    expect(longest).toBeLessThan(1_500);
  });

  it('refuses a feed file over MEMBERSHIP_FEED_MAX_MB without reading it', async () => {
    const file = join(dir, 'big.json');
    writeFileSync(file, JSON.stringify({ ...goodFeed(), generatedAt: 'x'.repeat(40) }) + ' '.repeat(2 * 1024 * 1024));
    const before = await snapshot();
    await expect(run({ url: null, file, maxBytes: 1024 * 1024 })).rejects.toThrow(/larger than 1 MB \(MEMBERSHIP_FEED_MAX_MB\)/);
    expect(await snapshot()).toEqual(before);
  });

  it('gives up on a feed that trickles past MEMBERSHIP_FEED_TIMEOUT_SECONDS, while the hub keeps answering', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // A byte every 50 ms: the server is alive, the feed never ends.
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
    };
    const before = await snapshot();
    const started = Date.now();
    const running = run({ timeoutMs: 600 });
    const health = await h.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await expect(running).rejects.toThrow(/did not answer within 0.6 s/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await snapshot()).toEqual(before);
  });

  it('gives up on a feed that sends its headers and then nothing, within the timeout', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"organisations": [');
    };
    await expect(run({ timeoutMs: 400 })).rejects.toThrow(/did not answer within 0.4 s/);
  });
});

describe('membership sync: a broken feed changes nothing and fails the run with the reason', () => {
  const broken: [string, () => void, Partial<MembershipFeedSettings>, RegExp][] = [
    ['invalid JSON', () => serve('{"organisations": [', 200), {}, /not valid JSON/],
    ['a JSON value that is not a feed', () => serve('[1,2,3]'), {}, /not valid, nothing was changed: \(the feed\)/],
    ['an HTTP error', () => serve('oops', 503), {}, /answered HTTP 503/],
    ['a not-found address', () => serve('{}', 404), {}, /answered HTTP 404/],
    [
      'a feed larger than the limit (declared)',
      () => serve({ ...goodFeed(), generatedAt: 'x'.repeat(30) }),
      { maxBytes: 200 },
      /larger than 0 MB \(MEMBERSHIP_FEED_MAX_MB\)/,
    ],
    [
      'a feed larger than the limit (streamed without a length)',
      () =>
        (handler = (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          const timer = setInterval(() => res.write(' '.repeat(64 * 1024)), 1);
          res.on('close', () => clearInterval(timer));
        }),
      { maxBytes: 1024 * 1024 },
      /larger than 1 MB/,
    ],
    ['a server that does not answer in time', () => (handler = () => {}), { timeoutMs: 300 }, /did not answer within 0.3 s/],
    [
      'a server that stops half-way',
      () =>
        (handler = (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
          res.write('{"organisations": [');
          setTimeout(() => res.destroy(), 20);
        }),
      {},
      /could not be reached|not valid JSON/,
    ],
    ['nothing listening', () => {}, { url: `http://127.0.0.1:${CLOSED}/feed.json` }, /could not be reached: ECONNREFUSED/],
    ['a missing file', () => {}, { url: null, file: join(dir, 'missing.json') }, /could not be opened: ENOENT/],
    ['a directory as the file', () => {}, { url: null, file: dir }, /is not a file|could not be opened/],
  ];
  for (const [what, prepare, over, error] of broken)
    it(`fails on ${what}`, async () => {
      const before = await snapshot();
      prepare();
      await expect(run(over)).rejects.toThrow(error);
      expect(await snapshot()).toEqual(before);
    });

  it('stops when the server shuts down during the download', async () => {
    handler = () => {};
    const stop = new AbortController();
    const running = run({}, { signal: stop.signal });
    setTimeout(() => stop.abort(), 100);
    await expect(running).rejects.toThrow(/server is shutting down/);
  });
});
