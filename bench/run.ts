/**
 * npm run bench: the GraphQL asset list as a signed-in member against the same SQL sent
 * straight through the driver, on PostgreSQL (BENCH_DATABASE_URL) and then on PGlite.
 * Prints one line per figure beside the goal of quality.md.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { GROUPS, ROLES, getEntity } from '@hub/model';
import { createSession, hashToken, SESSION_COOKIE } from '../server/src/auth/session';
import { CALLER_SQL } from '../server/src/crud/callers';
import { openPglite, openPostgres, type Db } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { compileCount, compileList } from '../server/src/crud/list';
import { seedDemo } from '../server/src/seed/demo';
import { loadSecret, signer as makeSigner } from '../server/src/auth/secret';
import { XSRF_COOKIE, xsrfToken } from '../server/src/auth/xsrf';
import { seedAssets, seedOrganisations } from './seed';
import { benchFiller } from './filler';
import { benchDesigner } from './designer';
import { benchmarkPdf } from './pdf';
import { benchSearch } from './search';
import { benchReminders } from './reminders';
import { benchTimeline } from './timeline';
import { startProcess, stop } from './process';
import type { Caller } from '../server/src/access/caller';

const ROOT = new URL('..', import.meta.url).pathname;
const MIGRATIONS = join(ROOT, 'server/src/db/migrations');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hub_bench';

const QUERY = `query($w: [WhereExpressionGraph!]) {
  assetEntitys(where: $w, take: 20, orderBy: [{path: "created", descending: true}]) {
    id assetID description assetType status nextInspection
    memberOrganisation { id name } parentAsset { id description } }
  countAssetEntitys(where: $w) }`;
const VARIABLES = { w: [{ path: 'status', comparison: 'equal', value: ['IN_SERVICE'] }] };
const SELECTION = {
  id: true,
  assetID: true,
  description: true,
  assetType: true,
  status: true,
  nextInspection: true,
  memberOrganisation: { id: true, name: true },
  parentAsset: { id: true, description: true },
} as const;

const line = (name: string, value: string, goal: string) => console.log(`${name.padEnd(44)} ${value.padStart(10)}   goal: ${goal}`);

async function load(url: string, cookie: string, xsrf: string, opts: { rate?: number } = {}) {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: opts.rate ? 20 : 10,
    duration: DURATION,
    overallRate: opts.rate,
    headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${cookie}; ${XSRF_COOKIE}=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ query: QUERY, variables: VARIABLES }),
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) throw new Error(`${failed} failed requests against ${url}`);
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
}

async function prepare(db: Db, rows: number): Promise<{ caller: Caller; cookie: string; xsrf: string; orgs: string[] }> {
  await migrate(db, MIGRATIONS);
  await seedDemo(db, { force: true });
  const { rows: orgRows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM member_organisation');
  const orgs =
    Number(orgRows[0].n) >= 50
      ? (await db.query<{ id: string }>('SELECT id FROM member_organisation ORDER BY member_code')).rows.map((r) => r.id)
      : await seedOrganisations(db, 50);
  await seedAssets(db, orgs, rows);
  const { rows: users } = await db.query<{ id: string; org: string; role_id: string }>(
    `SELECT a.id, a.member_organisation_id AS org, a.role_id FROM mehub_account a WHERE email = 'safetymanager@sparkright.example'`,
  );
  const u = users[0];
  const cookie = await createSession(db, u.id, 'account', 12);
  const caller: Caller = {
    userId: u.id,
    kind: 'account',
    groups: [GROUPS.member],
    role: ROLES.safetyManager,
    roleId: u.role_id,
    organisationId: u.org,
    email: 'safetymanager@sparkright.example',
  };
  const xsrf = xsrfToken(makeSigner(await loadSecret(db, undefined)), cookie);
  return { caller, cookie, xsrf, orgs };
}

function rawPlan(caller: Caller, cookie: string, dir: string): string {
  const asset = getEntity('AssetEntity');
  const list = compileList(
    caller,
    asset,
    { where: VARIABLES.w as never, take: 20, orderBy: [{ path: 'created', descending: true }] },
    SELECTION as never,
  );
  const count = compileCount(caller, asset, { where: VARIABLES.w as never });
  const session = {
    sql: CALLER_SQL,
    params: [hashToken(cookie), 60],
  };
  const file = join(dir, 'raw-plan.json');
  writeFileSync(file, JSON.stringify({ statements: [session, list, count] }));
  return file;
}

async function benchEngine(engine: 'postgres' | 'pglite'): Promise<void> {
  console.log(`\n== ${engine === 'postgres' ? `PostgreSQL (${PG_URL.replace(/\/\/[^@]*@/, '//')})` : 'PGlite (embedded)'}`);
  const work = mkdtempSync(join(tmpdir(), `hub-bench-${engine}-`));
  const hubDir = join(work, 'hub');
  const open = () => (engine === 'postgres' ? openPostgres(PG_URL, 2) : openPglite(hubDir));
  if (engine === 'postgres') {
    const admin = await openPostgres(PG_URL.replace(/\/[^/]*$/, '/postgres'), 1);
    const dbName = PG_URL.split('/').pop()!.split('?')[0];
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}"`);
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.close();
  }
  const hubEnv = engine === 'postgres' ? { DATABASE_URL: PG_URL } : { DATA_DIR: hubDir };
  const results: Record<string, { rps: number; p99: number; p50: number }> = {};

  for (const rows of [1_000, 100_000]) {
    let db = await open();
    const started = Date.now();
    const { caller, cookie, xsrf } = await prepare(db, rows);
    const seededIn = Date.now() - started;
    const plan = rawPlan(caller, cookie, work);
    await db.close();
    const hub = await startProcess(['server/dist/main.js'], { ...hubEnv, PORT: '3901', LOG_LEVEL: 'warn' }, /ready on/);
    try {
      // Warm up, then measure.
      await autocannon({ url: 'http://127.0.0.1:3901/api/health', duration: 1, connections: 2 });
      results[`gql${rows}`] = await load('http://127.0.0.1:3901/api/graphql', cookie, xsrf);
      if (rows === 100_000) results.fixed = await load('http://127.0.0.1:3901/api/graphql', cookie, xsrf, { rate: 500 });
    } finally {
      await stop(hub);
    }
    console.log(`seeded ${rows.toLocaleString('en')} assets across 50 organisations in ${seededIn} ms`);
    if (rows === 100_000) {
      let rawDir = hubDir;
      if (engine === 'pglite') {
        rawDir = join(work, 'raw');
        cpSync(hubDir, rawDir, { recursive: true });
      }
      const rawEnv = engine === 'postgres' ? { DATABASE_URL: PG_URL } : { DATA_DIR: rawDir };
      const raw = await startProcess(['--import', 'tsx', 'bench/raw-server.ts'], { ...rawEnv, PORT: '3902', RAW_PLAN: plan }, /raw ready/);
      try {
        await autocannon({ url: 'http://127.0.0.1:3902/raw', method: 'POST', duration: 1, connections: 2 });
        results.raw = await load('http://127.0.0.1:3902/raw', cookie, xsrf);
      } finally {
        await stop(raw);
      }
    }
    db = undefined as never;
  }

  const r = results;
  line(`${engine} graphql list (1,000 rows) req/s`, r.gql1000.rps.toFixed(0), '-');
  line(`${engine} graphql list (100,000 rows) req/s`, r.gql100000.rps.toFixed(0), engine === 'pglite' ? '>= 500' : '-');
  line(`${engine} raw pg list (100,000 rows) req/s`, r.raw.rps.toFixed(0), '-');
  line(`${engine} graphql/raw ratio`, (r.gql100000.rps / r.raw.rps).toFixed(2), '>= 0.6');
  line(`${engine} 100k/1k slowdown`, (r.gql1000.rps / r.gql100000.rps).toFixed(2) + 'x', '<= 1.5x');
  line(`${engine} p99 at 500 rps`, `${r.fixed.p99} ms`, engine === 'postgres' ? '<= 25 ms' : '-');
  line(`${engine} p50 at 500 rps`, `${r.fixed.p50} ms`, '-');
  rmSync(work, { recursive: true, force: true });
}

async function benchForms(): Promise<void> {
  console.log('\n== Forms');
  const pdf = await benchmarkPdf(50, 20);
  line('submission PDF, 50 questions (median)', `${pdf.medianMs.toFixed(1)} ms`, '<= 300 ms');
  line('submission PDF, 50 questions (first, cold)', `${pdf.firstMs.toFixed(1)} ms`, '-');
  await benchFiller(line);
}

async function benchFormDesigner(webDist?: string): Promise<void> {
  console.log('\n== Form designer');
  await benchDesigner(line, { webDist });
}

// BENCH_ONLY=list, search, reminders, timeline, forms or designer runs one part; BENCH_ENGINE=postgres or pglite one engine of the list.
const part = process.env.BENCH_ONLY;
const only = process.env.BENCH_ENGINE;
if (!part || part === 'list') {
  // The list runs against the built hub (the forms part builds its own page, bench/filler/).
  const web = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
  const build = spawnSync(process.execPath, ['build.mjs'], { cwd: join(ROOT, 'server'), stdio: 'inherit' });
  if (build.status !== 0 || web.status !== 0) process.exit(1);
  for (const engine of ['postgres', 'pglite'] as const) if (!only || only === engine) await benchEngine(engine);
}
if (!part || part === 'search') {
  if (part === 'search') {
    const build = spawnSync(process.execPath, ['build.mjs'], { cwd: join(ROOT, 'server'), stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  await benchSearch(line, PG_URL);
}
// The reminder job over 100,000 assets and 50,000 licences (BENCH_ENGINE picks one engine here too).
if (!part || part === 'reminders') await benchReminders(line, PG_URL, only);
if (!part || part === 'timeline') {
  if (part === 'timeline') {
    const build = spawnSync(process.execPath, ['build.mjs'], { cwd: join(ROOT, 'server'), stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  await benchTimeline(line, PG_URL);
}
if (!part || part === 'forms') await benchForms();
// The designer runs on the hub's web app: the one the list part built, else its own build.
if (!part || part === 'designer') await benchFormDesigner(!part ? join(ROOT, 'web/dist') : undefined);
