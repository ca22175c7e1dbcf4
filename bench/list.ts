/**
 * The list bench (issue 14): the built hub against a hand-written route (bench/hand-written.ts)
 * doing the same work for the same requests, both started once with NODE_ENV=production and
 * LOG_LEVEL=warn, warmed up, then measured in interleaved runs (hub, hand-written, hub, ...;
 * medians of three each), so both see the same machine load:
 *
 * - the asset list of a member's screen (20 newest assets with a status, each with its
 *   organisation and parent, and the count): req/s at 10 connections, then p50/p99 at a fixed
 *   500 req/s, and the CPU milliseconds per request of the server process and of the
 *   PostgreSQL backends of the bench database;
 * - a nested list three levels deep (the caller's organisation, its accounts, their licences);
 * - a write (create one asset; the hub's create also runs the save hooks and records a
 *   timeline event, so its ratio is informational).
 *
 * Before measuring, one response of each side is compared (deep-equal after JSON.parse): the
 * bench fails if they differ. 100,000 assets over 50 organisations (a third with a parent),
 * 20 accounts per organisation with 3 licences each. PostgreSQL (BENCH_DATABASE_URL), then
 * PGlite: the hub on its data dir, the hand-written route on a copy of it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execSync, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { createSession, SESSION_COOKIE } from '../server/src/auth/session';
import { openPglite, openPostgres, type Db } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { seedDemo } from '../server/src/seed/demo';
import { loadSecret, signer as makeSigner } from '../server/src/auth/secret';
import { XSRF_COOKIE, xsrfToken } from '../server/src/auth/xsrf';
import { seedAccounts, seedAssets, seedOrganisations } from './seed';
import { startProcess, stop } from './process';

type Line = (name: string, value: string, goal: string) => void;
type Engine = 'postgres' | 'pglite';

const ROOT = new URL('..', import.meta.url).pathname;
const MIGRATIONS = join(ROOT, 'server/src/db/migrations');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 3;
const HUB_PORT = Number(process.env.BENCH_LIST_PORT ?? 3911);
const HAND_PORT = HUB_PORT + 1;
const CLK_TCK = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

const LIST_QUERY = `query($w: [WhereExpressionGraph!]) {
  assetEntitys(where: $w, take: 20, orderBy: [{path: "created", descending: true}]) {
    id assetID description assetType status nextInspection
    memberOrganisation { id name } parentAsset { id description } }
  countAssetEntitys(where: $w) }`;
const NESTED_QUERY = `query {
  memberOrganisationEntitys {
    id name
    mehubAccounts { id email firstname surname licences { id licenceName licenceType status renewalDate } } }
  countMemberOrganisationEntitys }`;
const CREATE_QUERY = `mutation($m: [AssetEntityInput!]!) { createAssetEntity(assetEntityModels: $m) { id description } }`;

const REQUESTS = {
  list: { query: LIST_QUERY, variables: { w: [{ path: 'status', comparison: 'equal', value: ['IN_SERVICE'] }] } },
  nested: { query: NESTED_QUERY, variables: {} },
  create: { query: CREATE_QUERY, variables: { m: [{ assetType: 'TOOL', description: 'Bench write', status: 'IN_SERVICE' }] } },
};
type Kind = keyof typeof REQUESTS;

interface Side {
  name: 'hub' | 'hand-written';
  pid: number;
  url: (kind: Kind) => string;
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  /** CPU ms per request: the server process, and the PostgreSQL backends of the bench database. */
  serverMs: number;
  pgMs: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** utime + stime of a process, in clock ticks (0 when it is gone). */
function ticks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

/** The PostgreSQL side: backend pids of the bench database (other workers share the server) and its commit counter. */
class PgWatch {
  private constructor(
    private client: pg.Client,
    private dbName: string,
    private own: number,
  ) {}

  static async open(url: string): Promise<PgWatch> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ pid: number; db: string }>('SELECT pg_backend_pid() AS pid, current_database() AS db');
    return new PgWatch(client, rows[0].db, rows[0].pid);
  }

  /** CPU ticks of each backend of the bench database but this one. */
  async backends(): Promise<Map<number, number>> {
    const { rows } = await this.client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> $2', [
      this.dbName,
      this.own,
    ]);
    return new Map(rows.map((r) => [r.pid, ticks(r.pid)]));
  }

  async commits(): Promise<number> {
    const { rows } = await this.client.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = $1', [
      this.dbName,
    ]);
    return Number(rows[0].n);
  }

  close = () => this.client.end();
}

/** Backends that appeared during a run started at 0 ticks; those that left are not counted (the pools keep them). */
function pgTicksBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, t] of after) sum += Math.max(0, t - (before.get(pid) ?? 0));
  return sum;
}

function headersOf(cookie: string, xsrf: string): Record<string, string> {
  return { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${cookie}; ${XSRF_COOKIE}=${xsrf}`, 'x-xsrf-token': xsrf };
}

async function measure(
  side: Side,
  kind: Kind,
  headers: Record<string, string>,
  watch: PgWatch | null,
  opts: { rate?: number; seconds?: number } = {},
): Promise<Run> {
  const pgBefore = watch ? await watch.backends() : new Map<number, number>();
  const serverBefore = ticks(side.pid);
  const result = await autocannon({
    url: side.url(kind),
    method: 'POST',
    connections: opts.rate ? 20 : 10,
    duration: opts.seconds ?? DURATION,
    overallRate: opts.rate,
    headers,
    body: JSON.stringify(REQUESTS[kind]),
  });
  const serverTicks = ticks(side.pid) - serverBefore;
  const pgTicks = watch ? pgTicksBetween(pgBefore, await watch.backends()) : 0;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) throw new Error(`${failed} failed requests against ${side.name} ${kind}`);
  const n = Math.max(1, result.requests.total);
  const ms = (t: number) => (t * 1000) / CLK_TCK / n;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, serverMs: ms(serverTicks), pgMs: ms(pgTicks) };
}

/** Runs A, B, A, B, ... (ROUNDS each) and returns the medians of each side. */
async function interleaved(sides: [Side, Side], kind: Kind, headers: Record<string, string>, watch: PgWatch | null, rate?: number) {
  const runs: Run[][] = [[], []];
  for (let i = 0; i < ROUNDS; i++) for (const s of [0, 1]) runs[s].push(await measure(sides[s], kind, headers, watch, { rate }));
  const med = (rs: Run[]): Run => ({
    rps: median(rs.map((r) => r.rps)),
    p50: median(rs.map((r) => r.p50)),
    p99: median(rs.map((r) => r.p99)),
    serverMs: median(rs.map((r) => r.serverMs)),
    pgMs: median(rs.map((r) => r.pgMs)),
  });
  return { hub: med(runs[0]), hand: med(runs[1]) };
}

async function post(url: string, kind: Kind, headers: Record<string, string>): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(REQUESTS[kind]) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 500)}`);
  const body = JSON.parse(text) as { errors?: unknown };
  if (body.errors) throw new Error(`${url}: ${text.slice(0, 500)}`);
  return body;
}

/** The first place two JSON values differ, as a path, or null. */
function difference(a: unknown, b: unknown, path = '$'): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`;
    if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) return `${path}: ${a.length} items vs ${b.length}`;
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    for (const k of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
      const d = difference(ra[k], rb[k], `${path}.${k}`);
      if (d) return d;
    }
  }
  return `${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
}

/** Both sides answer `kind` alike (the hub's body is the reference), else the bench stops. */
async function sameAnswers(sides: [Side, Side], kind: Kind, headers: Record<string, string>): Promise<void> {
  const [hub, hand] = await Promise.all(sides.map((s) => post(s.url(kind), kind, headers)));
  if (kind === 'create') {
    // New ids differ: the rest of the answer must not.
    const strip = (b: unknown) => JSON.stringify(b).replace(/"id":"[0-9a-f-]{36}"/g, '"id":"?"');
    if (strip(hub) !== strip(hand)) throw new Error(`create answers differ:\nhub  ${strip(hub)}\nhand ${strip(hand)}`);
    return;
  }
  const d = difference(hub, hand);
  if (d) throw new Error(`${kind}: the hub and the hand-written route answer differently (hub vs hand-written) at ${d}`);
}

/** Transactions committed per request of `kind` (each read statement outside a transaction is one). */
async function commitsPerRequest(side: Side, kind: Kind, headers: Record<string, string>, watch: PgWatch): Promise<number> {
  const amount = 500;
  const settle = () => new Promise((r) => setTimeout(r, 11_000)); // idle backends report their counts within 10 s
  await settle();
  const before = await watch.commits();
  await autocannon({ url: side.url(kind), method: 'POST', connections: 10, amount, headers, body: JSON.stringify(REQUESTS[kind]) });
  await settle();
  return (await watch.commits()) - before - 1; // less this watcher's own reading
}

async function prepare(db: Db): Promise<{ cookie: string; xsrf: string }> {
  await migrate(db, MIGRATIONS);
  await seedDemo(db, { force: true });
  const orgs = await seedOrganisations(db, 50);
  await seedAssets(db, orgs, 100_000);
  await seedAccounts(db, orgs, 20, 3);
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM mehub_account WHERE email = 'safetymanager@sparkright.example'`);
  const cookie = await createSession(db, rows[0].id, 'account', 12);
  const xsrf = xsrfToken(makeSigner(await loadSecret(db, undefined)), cookie);
  return { cookie, xsrf };
}

async function benchEngine(engine: Engine, pgUrl: string, line: Line): Promise<void> {
  console.log(`\n== List, ${engine === 'postgres' ? `PostgreSQL (${pgUrl.replace(/\/\/[^@]*@/, '//')})` : 'PGlite (embedded)'}`);
  const work = mkdtempSync(join(tmpdir(), `hub-bench-list-${engine}-`));
  const hubDir = join(work, 'hub');
  const handDir = join(work, 'hand');
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: pgUrl.replace(/\/[^/?]*(\?.*)?$/, '/postgres') });
    await admin.connect();
    const dbName = pgUrl.split('/').pop()!.split('?')[0];
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}"`);
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
  }
  const started = Date.now();
  const db = engine === 'postgres' ? await openPostgres(pgUrl, 2) : await openPglite(hubDir);
  const { cookie, xsrf } = await prepare(db);
  await db.close();
  console.log(`seeded 100,000 assets, 50 organisations, 1,000 accounts, 3,000 licences in ${Date.now() - started} ms`);
  if (engine === 'pglite') cpSync(hubDir, handDir, { recursive: true });

  const production = { NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  const dbEnv = (dir: string) => (engine === 'postgres' ? { DATABASE_URL: pgUrl } : { DATA_DIR: dir });
  let hub: ChildProcess | undefined;
  let hand: ChildProcess | undefined;
  let watch: PgWatch | null = null;
  try {
    hub = await startProcess(['server/dist/main.js'], { ...dbEnv(hubDir), ...production, PORT: String(HUB_PORT) }, /ready on/);
    hand = await startProcess(
      ['--import', 'tsx', 'bench/hand-written.ts'],
      { ...dbEnv(handDir), ...production, PORT: String(HAND_PORT) },
      /hand-written ready/,
    );
    watch = engine === 'postgres' ? await PgWatch.open(pgUrl) : null;
    const sides: [Side, Side] = [
      { name: 'hub', pid: hub.pid!, url: () => `http://127.0.0.1:${HUB_PORT}/api/graphql` },
      { name: 'hand-written', pid: hand.pid!, url: (kind) => `http://127.0.0.1:${HAND_PORT}/${kind}` },
    ];
    const headers = headersOf(cookie, xsrf);
    for (const kind of ['list', 'nested'] as const) await sameAnswers(sides, kind, headers);
    for (const s of sides) for (const kind of ['list', 'nested'] as const) await measure(s, kind, headers, null, { seconds: 3 });

    const e = engine === 'postgres' ? 'postgres' : 'pglite';
    const list = await interleaved(sides, 'list', headers, watch);
    const fixed = await interleaved(sides, 'list', headers, watch, 500);
    const nested = await interleaved(sides, 'nested', headers, watch);
    const commits = watch
      ? {
          list: [await commitsPerRequest(sides[0], 'list', headers, watch), await commitsPerRequest(sides[1], 'list', headers, watch)],
          nested: [
            await commitsPerRequest(sides[0], 'nested', headers, watch),
            await commitsPerRequest(sides[1], 'nested', headers, watch),
          ],
        }
      : null;
    // The write last: it adds rows to the caller's organisation that the lists above would count.
    await sameAnswers(sides, 'create', headers);
    const create = await interleaved(sides, 'create', headers, watch);

    const rps = (r: Run) => r.rps.toFixed(0);
    const ms = (n: number) => `${n} ms`;
    const cpu = (n: number) => `${n.toFixed(3)} ms`;
    line(`${e} list req/s, hub (median of ${ROUNDS})`, rps(list.hub), '-');
    line(`${e} list req/s, hand-written`, rps(list.hand), '-');
    line(`${e} list hub / ${e === 'pglite' ? 'its own ' : ''}hand-written`, (list.hub.rps / list.hand.rps).toFixed(2), '>= 0.8');
    line(`${e} list p50 at 500 req/s, hub`, ms(fixed.hub.p50), '-');
    line(`${e} list p50 at 500 req/s, hand-written`, ms(fixed.hand.p50), '-');
    line(`${e} list p99 at 500 req/s, hub`, ms(fixed.hub.p99), '-');
    line(`${e} list p99 at 500 req/s, hand-written`, ms(fixed.hand.p99), '-');
    line(`${e} list p99 hub / hand-written`, `${(fixed.hub.p99 / fixed.hand.p99).toFixed(2)}x`, e === 'postgres' ? '<= 1.5x' : '-');
    // Above a side's own req/s at 10 connections, 500 req/s overloads it: its latencies are then queueing.
    for (const [who, r] of [
      ['hub', list.hub],
      ['hand-written', list.hand],
    ] as const)
      if (r.rps < 500) console.log(`  (${who} serves ${r.rps.toFixed(0)} req/s at most here: at 500 req/s it is overloaded)`);
    line(`${e} list server CPU per request, hub`, cpu(list.hub.serverMs), '-');
    line(`${e} list server CPU per request, hand-written`, cpu(list.hand.serverMs), '-');
    if (watch) {
      line(`${e} list PostgreSQL CPU per request, hub`, cpu(list.hub.pgMs), '-');
      line(`${e} list PostgreSQL CPU per request, hand-written`, cpu(list.hand.pgMs), '-');
    }
    if (commits) {
      line(`${e} list statements (commits) per request, hub`, (commits.list[0] / 500).toFixed(2), '-');
      line(`${e} list statements (commits) per request, hand`, (commits.list[1] / 500).toFixed(2), '-');
    }
    line(`${e} 3-level list req/s, hub`, rps(nested.hub), '-');
    line(`${e} 3-level list req/s, hand-written`, rps(nested.hand), '-');
    line(`${e} 3-level hub / hand-written`, (nested.hub.rps / nested.hand.rps).toFixed(2), '-');
    line(`${e} hub 1-level / 3-level (asset list / nested)`, (list.hub.rps / nested.hub.rps).toFixed(2), '<= 2');
    if (watch) {
      line(`${e} 3-level PostgreSQL CPU per request, hub`, cpu(nested.hub.pgMs), '-');
      line(`${e} 3-level PostgreSQL CPU per request, hand`, cpu(nested.hand.pgMs), '-');
    }
    if (commits) {
      line(`${e} 3-level statements (commits) per request, hub`, (commits.nested[0] / 500).toFixed(2), '-');
      line(`${e} 3-level statements (commits) per request, hand`, (commits.nested[1] / 500).toFixed(2), '-');
    }
    line(`${e} create asset req/s, hub`, rps(create.hub), '-');
    line(`${e} create asset req/s, hand-written (INSERT only)`, rps(create.hand), '-');
    line(`${e} create hub / hand-written (informational)`, (create.hub.rps / create.hand.rps).toFixed(2), '-');
  } finally {
    await watch?.close();
    if (hub) await stop(hub);
    if (hand) await stop(hand);
    rmSync(work, { recursive: true, force: true });
  }
}

/** BENCH_ENGINE=postgres or pglite runs one engine. */
export async function benchList(line: Line, pgUrl: string, only?: string): Promise<void> {
  for (const engine of ['postgres', 'pglite'] as const) if (!only || only === engine) await benchEngine(engine, pgUrl, line);
}
