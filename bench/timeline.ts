/**
 * An account's timeline with 10,000 events (issue 13): the GraphQL conditional list the list
 * screens send (10 rows, newest first, by skip), paged from the first page to the last through
 * the built hub (NODE_ENV=production), one request at a time, as the member whose timeline it is.
 * Goal: every page under 50 ms (median and p95), on PostgreSQL and on PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { getEntity } from '@hub/model';
import { createSession, SESSION_COOKIE } from '../server/src/auth/session';
import { callerFromSession } from '../server/src/crud/callers';
import { compileList } from '../server/src/crud/list';
import { loadSecret, signer as makeSigner } from '../server/src/auth/secret';
import { XSRF_COOKIE, xsrfToken } from '../server/src/auth/xsrf';
import { openPglite, openPostgres, type Db } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { seedDemo } from '../server/src/seed/demo';
import { startProcess, stop } from './process';

const ROOT = new URL('..', import.meta.url).pathname;
const MIGRATIONS = join(ROOT, 'server/src/db/migrations');
const EVENTS = 10_000;
/** Events on the other accounts, so the account's are a slice of a larger table. */
const OTHER_EVENTS = 40_000;
const PAGE = 10;
const PORT = process.env.BENCH_TIMELINE_PORT ?? '3905';
const ACCOUNT = 'safetymanager@sparkright.example';

/** The list screens' query (web/src/timelines/timeline-api.ts). */
const LIST = `query($c: [[WhereExpressionGraph!]!], $skip: Int, $take: Int, $o: [OrderByGraph!]) {
  r: mehubAccountTimelineEventsEntitysConditional(conditions: $c, skip: $skip, take: $take, orderBy: $o) {
    id created action actionTitle description entityId groupId recordEntity recordId entity { id email firstname surname } } }`;

type Line = (name: string, value: string, goal: string) => void;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** `n` events on `account` (else on the other accounts than `except`) one minute apart going back from now, titles and descriptions like real ones. */
async function seedEvents(db: Db, account: string | null, n: number, except: string): Promise<void> {
  await db.query(
    `INSERT INTO mehub_account_timeline_events
       (created, action, action_title, description, group_id, entity_id, record_entity, record_id, member_organisation_id)
     SELECT x.created, x.action, x.title, x.description, x.g, x.e, 'AssetEntity', gen_random_uuid()::text, a.member_organisation_id
     FROM (SELECT now() - make_interval(mins => i) AS created, (ARRAY['CREATED','UPDATED','DELETED'])[1 + i % 3] AS action,
                  'Asset Updated: Ladder ' || i AS title, E'By bench@hub.example\\nBrand: Bailey -> Bailey ' || i AS description,
                  md5(i::text) AS g,
                  coalesce($1::uuid, (SELECT id FROM mehub_account WHERE id <> $3::uuid ORDER BY email OFFSET i % 7 LIMIT 1)) AS e
           FROM generate_series(1, $2::int) AS i) x
     JOIN mehub_account a ON a.id = x.e`,
    [account, n, except],
  );
}

async function benchEngine(engine: 'postgres' | 'pglite', pgUrl: string, line: Line): Promise<void> {
  console.log(`\n== Timeline list, ${engine === 'postgres' ? `PostgreSQL (${pgUrl.replace(/\/\/[^@]*@/, '//')})` : 'PGlite (embedded)'}`);
  const work = mkdtempSync(join(tmpdir(), `hub-bench-timeline-${engine}-`));
  const hubDir = join(work, 'hub');
  if (engine === 'postgres') {
    const admin = await openPostgres(pgUrl.replace(/\/[^/]*$/, '/postgres'), 1);
    const dbName = pgUrl.split('/').pop()!.split('?')[0];
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}"`);
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.close();
  }
  const db = engine === 'postgres' ? await openPostgres(pgUrl, 2) : await openPglite(hubDir);
  await migrate(db, MIGRATIONS);
  await seedDemo(db, { force: true });
  const { rows: users } = await db.query<{ id: string }>('SELECT id FROM mehub_account WHERE email = $1', [ACCOUNT]);
  const account = users[0].id;
  const started = Date.now();
  await seedEvents(db, account, EVENTS, account);
  await seedEvents(db, null, OTHER_EVENTS, account);
  await db.query('ANALYZE mehub_account_timeline_events');
  console.log(
    `seeded ${EVENTS.toLocaleString('en')} events on one account and ${OTHER_EVENTS.toLocaleString('en')} on others in ${Date.now() - started} ms`,
  );
  const cookie = await createSession(db, account, 'account', 12);
  const xsrf = xsrfToken(makeSigner(await loadSecret(db, undefined)), cookie);
  const conditions = [[{ path: 'entityId', comparison: 'equal' as const, value: [account] }]];
  const orderBy = [
    { path: 'created', descending: true },
    { path: 'id', descending: true },
  ];
  // The plan of the deepest page reads the account's events through an index on entity_id, not the whole table.
  const caller = (await callerFromSession(db, cookie, 60))!;
  const deepest = compileList(
    caller,
    getEntity('MehubAccountTimelineEventsEntity'),
    { conditions, skip: EVENTS - PAGE, take: PAGE, orderBy },
    {
      id: true,
    },
  );
  const { rows: plan } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${deepest.sql}`, deepest.params);
  const planText = plan.map((r) => r['QUERY PLAN']).join('\n');
  line(
    `${engine} plan reads the account's events by index`,
    /(Index Scan (Backward )?using|Bitmap Index Scan on) mehub_account_timeline_events_entity_id/.test(planText)
      ? 'yes'
      : `no:\n${planText}`,
    'yes',
  );
  await db.close();

  const hubEnv = engine === 'postgres' ? { DATABASE_URL: pgUrl } : { DATA_DIR: hubDir };
  const hub = await startProcess(['server/dist/main.js'], { ...hubEnv, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT }, /ready on/);
  try {
    const headers = {
      'content-type': 'application/json',
      cookie: `${SESSION_COOKIE}=${cookie}; ${XSRF_COOKIE}=${xsrf}`,
      'x-xsrf-token': xsrf,
    };
    const page = async (skip: number): Promise<number> => {
      const t = performance.now();
      const res = await fetch(`http://127.0.0.1:${PORT}/api/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: LIST, variables: { c: conditions, skip, take: PAGE, o: orderBy } }),
      });
      const body = (await res.json()) as { data?: { r: unknown[] }; errors?: unknown };
      const ms = performance.now() - t;
      if (res.status !== 200 || !body.data || body.data.r.length !== PAGE)
        throw new Error(`page at ${skip}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return ms;
    };
    for (let skip = 0; skip < 200; skip += PAGE) await page(skip); // warm up
    // Every page of the timeline, first to last, as infinite scroll reads it.
    const all: number[] = [];
    for (let skip = 0; skip < EVENTS; skip += PAGE) all.push(await page(skip));
    const firstPages = all.slice(0, 50).sort((a, b) => a - b);
    const lastPages = all.slice(-50).sort((a, b) => a - b);
    all.sort((a, b) => a - b);
    line(`${engine} timeline page (${all.length} pages of 10) p50`, `${percentile(all, 50).toFixed(1)} ms`, '< 50 ms');
    line(`${engine} timeline page p95`, `${percentile(all, 95).toFixed(1)} ms`, '< 50 ms');
    line(`${engine} timeline page, first 50 pages p95`, `${percentile(firstPages, 95).toFixed(1)} ms`, '-');
    line(`${engine} timeline page, last 50 pages p95`, `${percentile(lastPages, 95).toFixed(1)} ms`, '-');
    line('load average (1 min) after the run', loadavg()[0].toFixed(1), '-');
  } finally {
    await stop(hub);
    rmSync(work, { recursive: true, force: true });
  }
}

/** BENCH_ENGINE=postgres or pglite: one engine. Expects the hub built (server/dist). */
export async function benchTimeline(line: Line, pgUrl: string): Promise<void> {
  const only = process.env.BENCH_ENGINE;
  const url = pgUrl.replace(/\/([^/?]*)(\?.*)?$/, '/$1_timeline$2');
  for (const engine of ['postgres', 'pglite'] as const) if (!only || only === engine) await benchEngine(engine, url, line);
}
