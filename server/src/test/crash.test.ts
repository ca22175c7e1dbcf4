import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client';
import { killAll, startHub, type HubProcess } from './startup-spawn';

/**
 * kill -9 in the middle of writes, restart at once: every write the hub acknowledged is
 * there afterwards, on the embedded database and on PostgreSQL.
 */
afterAll(killAll);

const CYCLES = 2;
const WRITE_MS = 1_000;

/** A signed-in API client over real HTTP: cookies and the anti-forgery header, as the web app sends them. */
async function signIn(port: number) {
  const base = `http://127.0.0.1:${port}`;
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const headers = () => ({
    'content-type': 'application/json',
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
  });
  keep(await fetch(`${base}/api/health`));
  const login = await fetch(`${base}/api/authorization/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ username: 'safetymanager@sparkright.example', password: 'demo-password-12' }),
  });
  expect(login.status).toBe(200);
  keep(login);
  return async (query: string, variables: Record<string, unknown>) => {
    const res = await fetch(`${base}/api/graphql`, { method: 'POST', headers: headers(), body: JSON.stringify({ query, variables }) });
    keep(res);
    return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown> | null; errors?: unknown[] } };
  };
}

const CREATE = `mutation($m: [AssetEntityInput!]!) { createAssetEntity(assetEntityModels: $m) { id } }`;

/**
 * Writes assets from four concurrent writers until the hub dies; returns the assetIDs it
 * acknowledged (a 200 answer carrying the new row's id).
 */
async function writeUntilKilled(hub: HubProcess, run: number): Promise<string[]> {
  const gql = await signIn(hub.port);
  const acknowledged: string[] = [];
  let alive = true;
  const writer = async (w: number) => {
    for (let n = 0; alive; n++) {
      const assetID = `crash-${run}-${w}-${n}`;
      try {
        const res = await gql(CREATE, { m: [{ assetType: 'TOOL', assetID, description: 'Crash test' }] });
        const rows = res.body.data?.createAssetEntity as { id: string }[] | undefined;
        if (res.status === 200 && rows?.[0]?.id) acknowledged.push(assetID);
      } catch {
        return; // the connection died with the hub: this write was never acknowledged
      }
    }
  };
  const writers = [0, 1, 2, 3].map(writer);
  await new Promise((r) => setTimeout(r, WRITE_MS));
  hub.child.kill('SIGKILL'); // while requests are in flight
  alive = false;
  await Promise.all(writers);
  return acknowledged;
}

async function crashCycles(env: Record<string, string>, basePort: number, stored: () => Promise<Set<string>>) {
  let hub = startHub(basePort, env);
  await hub.ready();
  const acknowledged: string[] = [];
  for (let run = 1; run <= CYCLES; run++) {
    acknowledged.push(...(await writeUntilKilled(hub, run)));
    hub = startHub(basePort + run, env); // at once, the dead hub not even reaped
    await hub.ready(60_000);
  }
  hub.child.kill('SIGTERM');
  expect(await hub.exited).toBe(0);
  expect(acknowledged.length).toBeGreaterThan(CYCLES * 5);
  const found = await stored();
  expect(acknowledged.filter((id) => !found.has(id))).toEqual([]);
}

describe('kill -9 during writes', () => {
  it('loses no acknowledged write on the embedded database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hub-crash-'));
    await crashCycles({ DATA_DIR: dataDir }, 3851, async () => {
      const pg = new PGlite(join(dataDir, 'pgdata'));
      const { rows } = await pg.query<{ asset_id: string }>(`SELECT asset_id FROM asset WHERE asset_id LIKE 'crash-%'`);
      await pg.close();
      return new Set(rows.map((r) => r.asset_id));
    });
  }, 120_000);

  const PG = process.env.TEST_DATABASE_URL;
  it.skipIf(!PG)(
    'loses no acknowledged write on PostgreSQL',
    async () => {
      const url = new URL(PG!);
      const name = `${url.pathname.slice(1)}_crash`;
      const admin = await openPostgres(new URL('/postgres', url).toString(), 1);
      if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rows.length)
        await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      await admin.close();
      url.pathname = `/${name}`;
      const db = await openPostgres(url.toString(), 1);
      try {
        await db.query('DROP SCHEMA IF EXISTS public CASCADE');
        await db.query('CREATE SCHEMA public');
        const dataDir = mkdtempSync(join(tmpdir(), 'hub-crash-pg-'));
        await crashCycles({ DATABASE_URL: url.toString(), SEED_DEMO: '1', DATA_DIR: dataDir }, 3861, async () => {
          const { rows } = await db.query<{ asset_id: string }>(`SELECT asset_id FROM asset WHERE asset_id LIKE 'crash-%'`);
          return new Set(rows.map((r) => r.asset_id));
        });
      } finally {
        await db.close();
      }
    },
    120_000,
  );
});
