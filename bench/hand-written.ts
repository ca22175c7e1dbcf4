/**
 * The list bench's baseline: the requests of bench/list.ts answered by hand, as fast as they
 * honestly go, doing the hub's work for them and nothing of its generality. Its own Fastify
 * process, the driver directly (pg with named prepared statements, or @electric-sql/pglite),
 * none of the hub's code: it reads the session cookie (the session id is the sha256 hex of the
 * token), checks the session as the hub does (absolute expiry; the idle timeout unless
 * "remember"; an account in a member group, of an organisation), checks the anti-forgery header
 * (HMAC of the session id with the hub's secret), scopes every table it reads to the caller's
 * organisation, and answers the hub's JSON. One statement per request: the session check, the
 * page (LATERAL joins for the references), and the count.
 *
 * POST /list    the asset list of bench/list.ts (20 newest with a status, organisation, parent, count)
 * POST /nested  organisations, their accounts, their licences (three levels) and the count
 * POST /create  one new asset (variables.m[0]) in the caller's organisation
 *
 * Env: DATABASE_URL (PostgreSQL) or DATA_DIR (a PGlite data dir of the hub: DATA_DIR/pgdata), PORT.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

const IDLE_MINUTES = 60;
/** The groups that make an account a member (model/src/groups.ts MEMBER_GROUPS). */
const MEMBER_GROUPS = ['MehubAccount', 'Member Back-office'];
const ASSET_TYPES = new Set(['PLANT', 'LADDER', 'HARNESS', 'INSTRUMENT', 'TOOL', 'SAFETY_EQUIPMENT', 'ELECTRICAL_EQUIPMENT', 'OTHER']);
const ASSET_STATUSES = new Set(['IN_SERVICE', 'OUT_OF_SERVICE']);

type Run = (name: string, text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

async function connect(): Promise<{ run: Run; close: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    // The hub's pool size (server/src/db/client.ts openPostgres).
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    pool.on('error', () => {});
    return {
      run: async (name, text, values) => (await pool.query({ name, text, values })).rows as Record<string, unknown>[],
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(join(process.env.DATA_DIR!, 'pgdata'));
  await db.waitReady;
  // PGlite's query() parses and plans its text every time: the statements are PREPAREd once and
  // EXECUTEd with their values as literals (EXECUTE takes no bind parameters).
  const prepared = new Set<string>();
  return {
    run: async (name, text, values) => {
      if (!prepared.has(name)) {
        await db.query(`PREPARE ${name} AS ${text}`);
        prepared.add(name);
      }
      return (await db.query<Record<string, unknown>>(`EXECUTE ${name}${values.length ? `(${values.map(literal).join(', ')})` : ''}`)).rows;
    },
    close: () => db.close(),
  };
}

/** A value as an SQL literal (standard_conforming_strings: only quotes are doubled). */
function literal(v: unknown): string {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string') return `'${v.replace(/'/g, "''")}'`;
  if (Array.isArray(v)) return `ARRAY[${v.map(literal).join(', ')}]::text[]`;
  throw new Error(`no literal for ${typeof v}`);
}

const { run, close } = await connect();

/** The caller's organisation, and whether the session's last_seen is a minute old (slid as the hub does). */
const CALLER = `c AS (
  SELECT s.id AS sid, a.member_organisation_id AS org, s.last_seen < now() - interval '1 minute' AS stale
  FROM session s JOIN mehub_account a ON a.id = s.user_id
  WHERE s.id = $1 AND s.user_kind = 'account' AND s.expires > now()
    AND (s.remember OR s.last_seen > now() - make_interval(mins => $2::int))
    AND a.member_organisation_id IS NOT NULL
    AND EXISTS (SELECT 1 FROM user_group g WHERE g.user_id = s.user_id AND g.group_name = ANY($3::text[])))`;

const LIST_SQL = `WITH ${CALLER}
SELECT c.stale,
  (SELECT coalesce(json_agg(json_build_object(
      'id', t.id, 'assetID', t.asset_id, 'description', t.description, 'assetType', t.asset_type, 'status', t.status,
      'nextInspection', to_char(t.next_inspection, 'YYYY-MM-DD'), 'memberOrganisation', o.j, 'parentAsset', p.j)
      ORDER BY t.created DESC, t.id DESC), '[]')::text
   FROM (SELECT * FROM asset a WHERE a.member_organisation_id = c.org AND a.status = ANY($4::text[])
         ORDER BY a.created DESC, a.id DESC LIMIT $5) t
   LEFT JOIN LATERAL (SELECT json_build_object('id', o.id, 'name', o.name) AS j
                      FROM member_organisation o WHERE o.id = t.member_organisation_id AND o.id = c.org) o ON true
   LEFT JOIN LATERAL (SELECT json_build_object('id', p.id, 'description', p.description) AS j
                      FROM asset p WHERE p.id = t.parent_asset_id AND p.member_organisation_id = c.org) p ON true) AS list,
  (SELECT count(*)::int FROM asset a WHERE a.member_organisation_id = c.org AND a.status = ANY($4::text[])) AS n
FROM c`;

// Licences are scoped through their account, which is scoped to the caller's organisation.
const NESTED_SQL = `WITH ${CALLER}
SELECT c.stale,
  (SELECT coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'mehubAccounts', (
      SELECT coalesce(json_agg(json_build_object('id', a.id, 'email', a.email, 'firstname', a.firstname, 'surname', a.surname,
        'licences', (SELECT coalesce(json_agg(json_build_object('id', l.id, 'licenceName', l.licence_name, 'licenceType', l.licence_type,
                       'status', l.status, 'renewalDate', to_char(l.renewal_date, 'YYYY-MM-DD')) ORDER BY l.created, l.id), '[]')
                     FROM licence l WHERE l.mehub_account_id = a.id)) ORDER BY a.created, a.id), '[]')
      FROM mehub_account a WHERE a.member_organisation_id = o.id)) ORDER BY o.created DESC, o.id DESC), '[]')::text
   FROM member_organisation o WHERE o.id = c.org) AS list,
  (SELECT count(*)::int FROM member_organisation o WHERE o.id = c.org) AS n
FROM c`;

const CREATE_SQL = `WITH ${CALLER},
  ins AS (INSERT INTO asset (asset_type, description, status, inspection_frequency, member_organisation_id)
          SELECT $4, $5, $6, 'THREE_MONTHS', c.org FROM c RETURNING id, description)
SELECT c.stale, ins.id, ins.description FROM c LEFT JOIN ins ON true`;

const secret = Buffer.from(
  process.env.SECRET_KEY ?? String((await run('secret', `SELECT value FROM hub_setting WHERE key = 'secret'`, []))[0].value),
  'utf8',
);

function cookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The session id of a request whose anti-forgery header is right, or null (answered already). */
function sessionOf(req: FastifyRequest, reply: FastifyReply): string | null {
  const token = cookie(req.headers.cookie, 'hub_session');
  if (!token || token.length > 64) {
    void reply.code(401).send({ errors: [{ message: 'Sign in first' }] });
    return null;
  }
  const sid = createHash('sha256').update(token).digest('hex');
  const expected = Buffer.from(createHmac('sha256', secret).update(`xsrf:${sid}`).digest('base64url'));
  const sent = req.headers['x-xsrf-token'];
  if (typeof sent !== 'string' || sent.length !== expected.length || !timingSafeEqual(Buffer.from(sent), expected)) {
    void reply.code(403).send({ errors: [{ message: 'Missing or wrong anti-forgery token' }] });
    return null;
  }
  return sid;
}

/** Slides the idle timeout at most once a minute, as the hub does. */
async function touch(row: Record<string, unknown>, sid: string) {
  if (row.stale) await run('touch', 'UPDATE session SET last_seen = now() WHERE id = $1', [sid]);
}

interface Gql {
  variables?: Record<string, unknown>;
}

const app = Fastify({ logger: false });

app.post<{ Body: Gql }>('/list', async (req, reply) => {
  const sid = sessionOf(req, reply);
  if (!sid) return reply;
  const where = (req.body?.variables?.w ?? []) as { path: string; comparison: string; value: string[] }[];
  const statuses = where.find((c) => c.path === 'status' && c.comparison === 'equal')?.value ?? [...ASSET_STATUSES];
  const [row] = await run('bench_list', LIST_SQL, [sid, IDLE_MINUTES, MEMBER_GROUPS, statuses, 20]);
  if (!row) return reply.code(401).send({ errors: [{ message: 'Sign in first' }] });
  await touch(row, sid);
  return reply.type('application/json').send(`{"data":{"assetEntitys":${row.list as string},"countAssetEntitys":${row.n as number}}}`);
});

app.post('/nested', async (req, reply) => {
  const sid = sessionOf(req, reply);
  if (!sid) return reply;
  const [row] = await run('bench_nested', NESTED_SQL, [sid, IDLE_MINUTES, MEMBER_GROUPS]);
  if (!row) return reply.code(401).send({ errors: [{ message: 'Sign in first' }] });
  await touch(row, sid);
  return reply
    .type('application/json')
    .send(`{"data":{"memberOrganisationEntitys":${row.list as string},"countMemberOrganisationEntitys":${row.n as number}}}`);
});

app.post<{ Body: Gql }>('/create', async (req, reply) => {
  const sid = sessionOf(req, reply);
  if (!sid) return reply;
  const m = ((req.body?.variables?.m ?? []) as Record<string, unknown>[])[0] ?? {};
  const status = m.status ?? 'IN_SERVICE';
  if (typeof m.assetType !== 'string' || !ASSET_TYPES.has(m.assetType)) return reply.code(400).send({ errors: [{ message: 'assetType' }] });
  if (typeof m.description !== 'string' || !m.description.trim()) return reply.code(400).send({ errors: [{ message: 'description' }] });
  if (typeof status !== 'string' || !ASSET_STATUSES.has(status)) return reply.code(400).send({ errors: [{ message: 'status' }] });
  const [row] = await run('bench_create', CREATE_SQL, [sid, IDLE_MINUTES, MEMBER_GROUPS, m.assetType, m.description, status]);
  if (!row) return reply.code(401).send({ errors: [{ message: 'Sign in first' }] });
  await touch(row, sid);
  return { data: { createAssetEntity: [{ id: row.id, description: row.description }] } };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('hand-written ready');
process.on('SIGTERM', async () => {
  await app.close();
  await close();
  process.exit(0);
});
