/**
 * The member search at 100,000 safety links (issue 10): GET search_link_list through the built
 * hub (NODE_ENV=production) against the same statements sent straight through the driver
 * (bench/raw-search.ts), one request of each in turn, so both see the same machine load.
 * Sequential requests: the figure is the latency one member's search sees.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession, hashToken, SESSION_COOKIE } from '../server/src/auth/session';
import { CALLER_SQL, callerFromSession } from '../server/src/crud/callers';
import { compileSearch } from '../server/src/crud/search';
import { openPglite, openPostgres, type Db } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { seedDemo } from '../server/src/seed/demo';
import { startProcess, stop } from './process';
import { LINK_WORDS, seedSafetyLinks } from './seed';

const ROOT = new URL('..', import.meta.url).pathname;
const MIGRATIONS = join(ROOT, 'server/src/db/migrations');
const LINKS = 100_000;
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 40);
const SEARCH = '/api/entity/safetylinkentity/search_link_list';

/** The terms searched, in turn: one-word prefixes (2 to 6 letters), two words, a number, a miss. */
const TERMS = [
  ...LINK_WORDS.slice(0, 20).map((w, i) => w.slice(0, 2 + (i % 5))),
  'switchboard isol',
  'ladder insp',
  'working heights',
  '4711',
  'nothingmatches',
];

type Line = (name: string, value: string, goal: string) => void;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; count: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers });
  const body = (await res.json()) as unknown[];
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, count: body.length };
}

/**
 * Whether the search's plan reads the safety links through their GIN index (the plan of one
 * term). Standards and guidance notes hold a handful of rows here, where a scan is the planner's
 * right choice; the API tests prove their indexes are usable.
 */
async function usesIndex(db: Db, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
  const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
  return plan.includes('Bitmap Index Scan on safety_link_search_idx') ? 'yes' : `no:\n${plan}`;
}

async function benchEngine(engine: 'postgres' | 'pglite', pgUrl: string, line: Line): Promise<void> {
  console.log(`\n== Search, ${engine === 'postgres' ? `PostgreSQL (${pgUrl.replace(/\/\/[^@]*@/, '//')})` : 'PGlite (embedded)'}`);
  const work = mkdtempSync(join(tmpdir(), `hub-bench-search-${engine}-`));
  const hubDir = join(work, 'hub');
  if (engine === 'postgres') {
    const admin = await openPostgres(pgUrl.replace(/\/[^/]*$/, '/postgres'), 1);
    const dbName = pgUrl.split('/').pop()!.split('?')[0];
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}"`);
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.close();
  }
  const db = engine === 'postgres' ? await openPostgres(pgUrl, 2) : await openPglite(hubDir);
  const started = Date.now();
  await migrate(db, MIGRATIONS);
  await seedDemo(db, { force: true });
  await seedSafetyLinks(db, LINKS);
  console.log(`seeded ${LINKS.toLocaleString('en')} safety links in ${Date.now() - started} ms`);
  const { rows: users } = await db.query<{ id: string }>("SELECT id FROM mehub_account WHERE email = 'safetymanager@sparkright.example'");
  const cookie = await createSession(db, users[0].id, 'account', 12);
  const caller = (await callerFromSession(db, cookie, 60))!;
  const searches = TERMS.map((t) => compileSearch(caller, t, null)!);
  line(`${engine} search plan uses safety_link_search_idx`, await usesIndex(db, searches[0].sql, searches[0].params), 'yes');
  const plan = join(work, 'raw-search.json');
  writeFileSync(plan, JSON.stringify({ session: { sql: CALLER_SQL, params: [hashToken(cookie), 60] }, searches }));
  await db.close();

  let rawDir = hubDir;
  if (engine === 'pglite') {
    // One process per PGlite data directory: the baseline reads a copy.
    rawDir = join(work, 'raw');
    cpSync(hubDir, rawDir, { recursive: true });
  }
  const dbEnv = (dir: string) => (engine === 'postgres' ? { DATABASE_URL: pgUrl } : { DATA_DIR: dir });
  const production = { NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  const hub = await startProcess(['server/dist/main.js'], { ...dbEnv(hubDir), ...production, PORT: '3903' }, /ready on/);
  const raw = await startProcess(
    ['--import', 'tsx', 'bench/raw-search.ts'],
    { ...dbEnv(rawDir), ...production, PORT: '3904', RAW_PLAN: plan },
    /raw ready/,
  );
  try {
    const headers = { cookie: `${SESSION_COOKIE}=${cookie}` };
    const hubUrl = (i: number) => `http://127.0.0.1:3903${SEARCH}?searchTerm=${encodeURIComponent(TERMS[i])}`;
    const rawUrl = (i: number) => `http://127.0.0.1:3904/raw?i=${i}`;
    const hubMs: number[] = [];
    const rawMs: number[] = [];
    const byTerm: { i: number; ms: number }[] = [];
    for (let round = -3; round < ROUNDS; round++) {
      for (let i = 0; i < TERMS.length; i++) {
        // Interleaved, each going first in turn; the first three rounds warm up and are not counted.
        const order = (round + i) % 2 === 0 ? (['hub', 'raw'] as const) : (['raw', 'hub'] as const);
        const counts: Record<string, number> = {};
        for (const which of order) {
          const r = await timed(which === 'hub' ? hubUrl(i) : rawUrl(i), headers);
          counts[which] = r.count;
          if (round >= 0) (which === 'hub' ? hubMs : rawMs).push(r.ms);
          if (round >= 0 && which === 'hub') byTerm.push({ i, ms: r.ms });
        }
        if (counts.hub !== counts.raw) throw new Error(`'${TERMS[i]}': the hub found ${counts.hub}, the raw statement ${counts.raw}`);
      }
    }
    hubMs.sort((a, b) => a - b);
    rawMs.sort((a, b) => a - b);
    const n = hubMs.length;
    line(`${engine} search via HTTP route p95 (${n} requests)`, `${percentile(hubMs, 95).toFixed(1)} ms`, '<= 30 ms');
    line(`${engine} search via HTTP route p50`, `${percentile(hubMs, 50).toFixed(1)} ms`, '-');
    line(`${engine} same SQL through the driver p95`, `${percentile(rawMs, 95).toFixed(1)} ms`, '-');
    line(`${engine} same SQL through the driver p50`, `${percentile(rawMs, 50).toFixed(1)} ms`, '-');
    line(`${engine} route/driver p95 ratio`, (percentile(hubMs, 95) / percentile(rawMs, 95)).toFixed(2), '-');
    const broad = TERMS.map((t, i) => (t.length === 2 ? i : -1)).filter((i) => i >= 0);
    const broadMs = byTerm
      .filter((x) => broad.includes(x.i))
      .map((x) => x.ms)
      .sort((a, b) => a - b);
    const narrowMs = byTerm
      .filter((x) => !broad.includes(x.i))
      .map((x) => x.ms)
      .sort((a, b) => a - b);
    line(`${engine} route p95, two-letter terms only`, `${percentile(broadMs, 95).toFixed(1)} ms`, '-');
    line(`${engine} route p95, longer terms`, `${percentile(narrowMs, 95).toFixed(1)} ms`, '-');
    // Each term's fastest request (what the term costs when the machine lets it run), then the slowest of those.
    const fastest = TERMS.map((t, i) => ({ t, ms: Math.min(...byTerm.filter((x) => x.i === i).map((x) => x.ms)) }));
    const worst = fastest.reduce((a, b) => (b.ms > a.ms ? b : a));
    line(`${engine} route, slowest term's fastest request`, `${worst.ms.toFixed(1)} ms`, `- ('${worst.t}')`);
    line('load average (1 min) after the run', loadavg()[0].toFixed(1), '-');
  } finally {
    await stop(hub);
    await stop(raw);
    rmSync(work, { recursive: true, force: true });
  }
}

/** BENCH_ENGINE=postgres or pglite: one engine. Expects the hub built (server/dist). */
export async function benchSearch(line: Line, pgUrl: string): Promise<void> {
  const only = process.env.BENCH_ENGINE;
  const searchUrl = pgUrl.replace(/\/([^/?]*)(\?.*)?$/, '/$1_search$2');
  for (const engine of ['postgres', 'pglite'] as const) if (!only || only === engine) await benchEngine(engine, searchUrl, line);
}
