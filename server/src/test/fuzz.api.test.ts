import { randomBytes } from 'node:crypto';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSession, hashToken } from '../auth/session';
import { graphqlRequest } from './fuzz/graphql';
import { multipartRequest } from './fuzz/multipart';
import type { KnownIds } from './fuzz/hostile';
import { compare, crossReferences, ownersById, snapshot, type Snapshot } from './fuzz/oracle';
import { Rng, seedFromEnv } from './fuzz/prng';
import { picturePrototypes, pollutionSince } from './fuzz/prototypes';
import { describeRequest, formatReport, type Failure } from './fuzz/report';
import type { FuzzRequest } from './fuzz/request';
import { restRequest, routesFromOpenApi, type Route } from './fuzz/rest';
import { SPARK_MANAGER, VOLT_MANAGER, startHarness, type Harness } from './harness';

/**
 * A bounded fuzz run over the whole API: GraphQL operations of every entity, multipart
 * saves and every REST route of the OpenAPI description, with hostile arguments, as a
 * visitor, members of both organisations (several roles) and API tokens. Every answer
 * must be a 2xx or a 4xx with a message (never a 5xx nor 'Unexpected error.'), no
 * request may pollute a prototype, and no row a caller may not write may change.
 *
 * FUZZ_REQUESTS (default 2500), FUZZ_SEED (a number, or "random"), FUZZ_CHECK_EVERY
 * (requests between database checks, default 50), FUZZ_EXAMPLES (shown per failure
 * class, default 3), FUZZ_SKIP (comma-separated prefixes of operations or input classes
 * to leave out while exploring, e.g. "multipart,str:nul,path:deep").
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2500);
const SEED = seedFromEnv(20260613);
const CHECK_EVERY = Number(process.env.FUZZ_CHECK_EVERY ?? 50);
const EXAMPLES = Number(process.env.FUZZ_EXAMPLES ?? 3);
const SKIP = (process.env.FUZZ_SKIP ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

const SPARK_MEMBERS = ['safetymanager', 'safetyworker', 'manager', 'worker', 'promanager', 'proworker'].map(
  (r) => `${r}@sparkright.example`,
);
const VOLT_MEMBERS = [VOLT_MANAGER, 'worker@voltline.example'];

interface Caller {
  label: string;
  email?: string;
  token?: string;
}

let h: Harness;
beforeAll(async () => {
  // Single sign-on configured, so that its routes are fuzzed past the 'not configured' answer.
  const idp = selfsigned.generate([{ name: 'commonName', value: 'idp.test' }], { days: 2, keySize: 2048, algorithm: 'sha256' });
  h = await startHarness({
    config: {
      saml: {
        entryPoint: 'https://idp.test/sso',
        logoutUrl: 'https://idp.test/slo',
        idpCert: idp.cert,
        issuer: 'http://localhost:3000/Saml/metadata',
        callbackUrl: 'http://localhost:3000/Saml/AssertionConsumerService',
      },
    },
  });
});
afterAll(() => h?.close());

async function newToken(org: string): Promise<string> {
  const key = `hub_${randomBytes(30).toString('base64url')}`;
  await h.db.query('INSERT INTO apikey (name, private_key, member_organisation_id) VALUES ($1, $2, $3)', [
    'Fuzz token',
    hashToken(key),
    org,
  ]);
  return key;
}

/** Fresh sessions and tokens: the run may sign its callers out, revoke tokens or end sessions. */
async function refreshCallers(callers: Caller[], org: string): Promise<void> {
  for (const c of callers) {
    if (c.email) h.users[c.email].cookie = await createSession(h.db, h.users[c.email].id, 'account', 12);
    if (c.token) {
      const { rows } = await h.db.query('SELECT 1 FROM apikey WHERE private_key = $1', [hashToken(c.token)]);
      if (!rows.length) c.token = await newToken(org);
    }
  }
  h.uncacheSessions();
}

function headersOf(c: Caller, r: Rng): Record<string, string> {
  if (c.token) return { authorization: `Bearer ${c.token}` };
  const headers = h.headers(c.email ?? null);
  if (r.chance(0.02)) {
    r.mark('xsrf:missing');
    delete headers['x-xsrf-token'];
  }
  return headers;
}

function generate(r: Rng, ids: KnownIds, routes: Route[]): FuzzRequest {
  for (;;) {
    r.features = new Set();
    r.calm = r.chance(0.35);
    const kind = r.weighted<string>([
      [55, 'graphql'],
      [10, 'multipart'],
      [35, 'rest'],
    ]);
    const req = kind === 'graphql' ? graphqlRequest(r, ids) : kind === 'multipart' ? multipartRequest(r, ids) : restRequest(r, ids, routes);
    req.features = [...r.features];
    if (!SKIP.some((s) => req.op.startsWith(s) || req.features.some((f) => f.startsWith(s)))) return req;
  }
}

/** What is wrong with one answer, if anything. */
function judge(req: FuzzRequest, status: number, body: string): { kind: Failure['kind']; message: string } | null {
  type Answer = { errors?: { message?: string; extensions?: { code?: string } }[] } | null;
  let json: Answer = null;
  try {
    json = JSON.parse(body) as Answer;
  } catch {
    json = null;
  }
  const message = json?.errors?.map((e) => e.message).join(' / ') ?? body.slice(0, 300);
  if (status >= 500) return { kind: 'server-error-5xx', message };
  if (
    req.url.startsWith('/api/graphql') &&
    json?.errors?.some((e) => e.message === 'Unexpected error.' || e.extensions?.code === 'INTERNAL_SERVER_ERROR')
  )
    return { kind: 'graphql-unexpected-error', message };
  if (status >= 400 && req.url.startsWith('/api/') && !json?.errors?.every((e) => typeof e.message === 'string' && e.message.length > 0))
    return { kind: 'error-without-message', message: body.slice(0, 300) || '(empty body)' };
  // A class with its own oracle is refused with its message (a visitor, a token or a missing
  // anti-forgery token may be refused earlier, for their own reason).
  if (req.refusedWith && status < 400 && !json?.errors?.some((e) => e.message?.startsWith(req.refusedWith!)))
    return { kind: 'not-refused-as-expected', message: `expected '${req.refusedWith}', got ${body.slice(0, 300)}` };
  return null;
}

/** Whether an answer says the request was refused (so it cannot be a suspect for a changed row). */
function refused(status: number, body: string): boolean {
  if (status >= 400) return true;
  try {
    const json = JSON.parse(body) as { errors?: unknown[]; data?: Record<string, unknown> | null };
    return !!json.errors?.length && (!json.data || Object.values(json.data).every((v) => v === null));
  } catch {
    return false;
  }
}

it(`fuzzed GraphQL and REST requests answer 2xx or 4xx with a message and change no row the caller may not write (FUZZ_SEED=${SEED})`, async () => {
  const r = new Rng(SEED);
  const failures: Failure[] = [];
  const start = await snapshot(h.db);
  expect(crossReferences(start), 'the demo itself has no cross-organisation references').toEqual([]);
  const byEntity = ownersById(start, h.org);
  const ids: KnownIds = {
    byEntity,
    all: [...byEntity.values()].flatMap((o) => [...o.spark, ...o.volt, ...o.shared]),
    files: [...start.files.keys()].sort(),
  };
  const swagger = await h.app.inject({ url: '/api/swagger/json' });
  const routes = routesFromOpenApi(swagger.json() as { paths: Record<string, Record<string, unknown>> });
  expect(routes.length).toBeGreaterThan(20);

  const phases = [
    {
      org: h.org.spark,
      other: h.org.volt,
      count: Math.round(REQUESTS * 0.7),
      callers: [
        ...SPARK_MEMBERS.map((email) => ({ label: email, email })),
        { label: 'Sparkright API token', token: await newToken(h.org.spark) },
        { label: 'visitor' },
      ],
    },
    {
      org: h.org.volt,
      other: h.org.spark,
      count: REQUESTS - Math.round(REQUESTS * 0.7),
      callers: [
        ...VOLT_MEMBERS.map((email) => ({ label: email, email })),
        { label: 'Voltline API token', token: await newToken(h.org.volt) },
        { label: 'visitor' },
      ],
    },
  ];

  let index = 0;
  const slow: string[] = [];
  for (const phase of phases) {
    await refreshCallers(phase.callers, phase.org);
    let before: Snapshot = await snapshot(h.db);
    let window: string[] = [];
    for (let i = 0; i < phase.count; i++, index++) {
      const caller = r.pick(phase.callers);
      const req = generate(r, ids, routes);
      const headers = { ...headersOf(caller, r), ...req.headers };
      req.features = [...r.features];
      const protos = picturePrototypes();
      const started = Date.now();
      let status = 0;
      let body = '';
      try {
        const res = await h.app.inject({ method: req.method, url: req.url, headers, payload: req.payload });
        status = res.statusCode;
        body = res.body;
      } catch (err) {
        failures.push({
          kind: 'request-threw',
          index,
          caller: caller.label,
          request: req,
          message: String((err as Error).stack ?? err).slice(0, 500),
        });
      }
      const ms = Date.now() - started;
      if (ms > 5000) slow.push(`${ms} ms: #${index} ${describeRequest(req, caller.label, 200)}`);
      // Refused before any database work: a hostile search must not hold the database (issue 26, 3).
      if (req.refusedWith && ms > 3000)
        failures.push({
          kind: 'too-slow',
          index,
          caller: caller.label,
          request: req,
          status,
          message: `${ms} ms for a request refused before any work`,
        });
      const polluted = pollutionSince(protos);
      if (polluted.length)
        failures.push({ kind: 'prototype-pollution', index, caller: caller.label, request: req, status, message: polluted.join('; ') });
      const verdict = status ? judge(req, status, body) : null;
      if (verdict) failures.push({ ...verdict, index, caller: caller.label, request: req, status });
      if (req.mutates && status && !refused(status, body))
        window.push(`#${index} ${describeRequest(req, caller.label, 300)} -> ${status} ${body.slice(0, 200)}`);
      if (req.op.startsWith('rest') && /logout|deactivate|reset-password|disable-2fa|revoke-key/.test(req.url))
        await refreshCallers(phase.callers, phase.org);
      if ((i + 1) % CHECK_EVERY === 0 || i === phase.count - 1) {
        const after = await snapshot(h.db);
        for (const v of compare(before, after, phase.org, phase.other))
          failures.push({
            kind: v.kind,
            index: -1,
            caller: `requests up to #${index}`,
            message: `${v.table} ${v.id}: ${v.detail}`,
            suspects: window.slice(0, 8),
          });
        before = after;
        window = [];
        await refreshCallers(phase.callers, phase.org);
      }
    }
  }

  // Clean control requests still work (a polluted prototype or cache would break them).
  await refreshCallers(
    [SPARK_MANAGER, VOLT_MANAGER].map((email) => ({ label: email, email })),
    h.org.spark,
  );
  for (const [email, org] of [
    [SPARK_MANAGER, h.org.spark],
    [VOLT_MANAGER, h.org.volt],
  ] as const) {
    const assets = await h.gql<{ assetEntitys: { id: string; memberOrganisationId: string }[] }>(
      email,
      '{ assetEntitys(take: 1000) { id memberOrganisationId } }',
    );
    if (assets.errors || !assets.data?.assetEntitys.length || assets.data.assetEntitys.some((a) => a.memberOrganisationId !== org))
      failures.push({
        kind: 'control-request-failed',
        index: -1,
        caller: email,
        message: `asset list: ${JSON.stringify(assets).slice(0, 300)}`,
      });
    const save = await h.gql(
      email,
      'mutation($m: [MehubAccountEntityInput!]!) { updateMehubAccountEntity(mehubAccountEntityModels: $m) { id firstname } }',
      {
        m: [{ id: h.users[email].id, firstname: 'Control' }],
      },
    );
    if (save.errors)
      failures.push({
        kind: 'control-request-failed',
        index: -1,
        caller: email,
        message: `account save: ${JSON.stringify(save.errors).slice(0, 300)}`,
      });
  }
  const health = await h.app.inject({ url: '/api/health' });
  if (health.statusCode !== 200)
    failures.push({ kind: 'control-request-failed', index: -1, caller: 'visitor', message: `health: ${health.statusCode} ${health.body}` });

  if (slow.length) console.warn(`Fuzz: ${slow.length} requests took over 5 s:\n${slow.slice(0, 10).join('\n')}`);
  const report = formatReport(failures, SEED, REQUESTS, EXAMPLES);
  if (failures.length) console.error(report);
  expect(failures.length, `${report.split('\n')[0]} (the report is printed above)`).toBe(0);
}, 300_000);
