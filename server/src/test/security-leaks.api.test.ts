import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { SESSION_COOKIE } from '../auth/session';
import { MAIL_LIMIT } from '../auth/throttle';
import { loadConfig } from '../config';
import { diskStorage } from '../files/storage';
import { SPARK_MANAGER, SPARK_WORKER, SUPER, startHarness, type Harness } from './harness';
import { parseCsv as parse } from './csv';

/**
 * Smaller leaks (issue 8, item 11): formulas in CSV exports, registration telling which
 * addresses have accounts, unlimited reset and registration mail, and warnings logged on the
 * 401 paths.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const post = (as: string | null, url: string, payload: unknown, remoteAddress = '10.1.2.3') =>
  h.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...h.headers(as) },
    payload: payload as object,
    remoteAddress,
  });

const HOSTILE = ['=HYPERLINK("https://evil.example","x")', '+1+2', '-2+3', '@SUM(A1:A9)', '\tTabbed', '\rReturned'];

describe('CSV export', () => {
  it('neutralises text cells a spreadsheet would run as formulas, and leaves numbers numeric', async () => {
    for (const [i, description] of HOSTILE.entries()) {
      const res = await h.gql(SPARK_MANAGER, `mutation($m: [AssetEntityInput!]!) { createAssetEntity(assetEntityModels: $m) { id } }`, {
        m: [{ assetType: 'TOOL', description, brand: `Brand ${i}`, serialNumber: i === 0 ? '-42' : null }],
      });
      expect(res.errors).toBeUndefined();
    }
    const conditions = encodeURIComponent(JSON.stringify([[{ path: 'brand', comparison: 'like', value: ['Brand %'] }]]));
    const res = await h.app.inject({
      url: `/api/entity/AssetEntity/export?stringConditions=${conditions}`,
      headers: { cookie: `${SESSION_COOKIE}=${h.users[SPARK_MANAGER].cookie}` },
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parse(res.body) as string[][];
    const col = (name: string) => header.indexOf(name);
    const descriptions = rows.map((r) => r[col('Asset Name/Description')]).sort();
    expect(descriptions).toEqual(HOSTILE.map((d) => `'${d}`).sort());
    // A text field holding a negative number is text: neutralised too.
    expect(rows.map((r) => r[col('Serial Number')])).toContain("'-42");

    // A number field keeps its negative numbers as numbers.
    const type = await h.gql<{ r: { id: string }[] }>(
      SUPER,
      `mutation($m: [DocumentTypesEntityInput!]!) { r: createDocumentTypesEntity(documentTypesEntityModels: $m) { id } }`,
      { m: [{ name: '=cmd|calc', order: -5 }] },
    );
    const id = type.data!.r[0].id;
    const byId = encodeURIComponent(JSON.stringify([[{ path: 'id', comparison: 'equal', value: [id] }]]));
    const typeCsv = await h.app.inject({
      url: `/api/entity/DocumentTypesEntity/export?stringConditions=${byId}`,
      headers: { cookie: `${SESSION_COOKIE}=${h.users[SUPER].cookie}` },
    });
    const [typeHeader, typeRow] = parse(typeCsv.body) as string[][];
    expect(typeRow[typeHeader.indexOf('Name')]).toBe("'=cmd|calc");
    expect(typeRow[typeHeader.indexOf('Order')]).toBe('-5');
  });
});

describe('registration', () => {
  const form = (email: string) => ({ email, password: 'registration-pass-1', confirmPassword: 'registration-pass-1', firstname: 'Nia' });

  it('answers an existing address exactly like a new one, and mails the owner instead', async () => {
    const fresh = await post(null, '/api/register/mehub-account-entity', form('brand.new@example.org'));
    const taken = await post(null, '/api/register/mehub-account-entity', form(SPARK_WORKER));
    const takenCase = await post(null, '/api/register/mehub-account-entity', form(SPARK_WORKER.toUpperCase()));
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(takenCase.statusCode).toBe(fresh.statusCode);
    const shape = (body: Record<string, unknown>) => ({ ...body, id: typeof body.id, email: typeof body.email });
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    expect(taken.json()).toEqual({ ...fresh.json(), id: expect.stringMatching(/^[0-9a-f-]{36}$/), email: SPARK_WORKER });
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    // No second account, the owner's password untouched, and the owner told.
    const { rows } = await h.db.query('SELECT count(*)::int AS n FROM mehub_account WHERE lower(email) = lower($1)', [SPARK_WORKER]);
    expect(rows).toEqual([{ n: 1 }]);
    const toOwner = h.mail.filter((m) => m.to.toLowerCase() === SPARK_WORKER);
    expect(toOwner).toHaveLength(2);
    expect(toOwner[0].subject).toBe('Someone tried to register with your Safety Hub address');
    expect(toOwner[0].text).toContain('If it was you, sign in');
    expect(toOwner[0].text).toMatch(/https?:\/\/\S+\/admin_login/);
    expect(toOwner[0].text).toMatch(/https?:\/\/\S+\/reset-password-request/);
    expect(toOwner[0].text).not.toMatch(/token=/);
    const login = await post(null, '/api/authorization/login', { username: SPARK_WORKER, password: 'demo-password-12' });
    expect(login.statusCode).toBe(200);
  });

  it('sends at most a few mails an hour to one address, answering the same', async () => {
    const answers = [];
    for (let i = 0; i < MAIL_LIMIT + 3; i++) answers.push(await post(null, '/api/register/mehub-account-entity', form(SPARK_WORKER)));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.json().message)).size).toBe(1);
    expect(h.mail.filter((m) => m.to === SPARK_WORKER)).toHaveLength(MAIL_LIMIT);
  });
});

describe('password reset requests', () => {
  it('send at most a few mails an hour per address and account, answering the same', async () => {
    const answers = [];
    for (let i = 0; i < MAIL_LIMIT + 3; i++) {
      // From different client addresses and spellings: the limit is the recipient's and the account's.
      const username = i % 2 ? SPARK_WORKER.toUpperCase() : SPARK_WORKER;
      answers.push(await post(null, '/api/account/reset-password-request', { username }, `10.0.0.${i + 1}`));
    }
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(h.mail.filter((m) => m.to === SPARK_WORKER)).toHaveLength(MAIL_LIMIT);
    // Another account is not held back by it.
    await post(null, '/api/account/reset-password-request', { username: SPARK_MANAGER });
    expect(h.mail.filter((m) => m.to === SPARK_MANAGER)).toHaveLength(1);
    // An unknown address answers the same.
    const unknown = await post(null, '/api/account/reset-password-request', { username: 'nobody@example.org' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: 'Reset Password Email has been sent to nobody@example.org' });
  });

  it('from one client, to many addresses, stop after a while', async () => {
    const before = h.mail.length;
    for (let i = 0; i < 30; i++)
      await post(null, '/api/account/reset-password-request', { username: `someone${i}@example.org` }, '10.7.7.7');
    await post(null, '/api/account/reset-password-request', { username: SPARK_WORKER }, '10.7.7.7');
    expect(h.mail.length - before).toBe(0);
  });
});

describe('the 401 paths', () => {
  it('log no "Reply was already sent" warning', async () => {
    const lines: string[] = [];
    const config = { ...loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'hub-files-')) }), webDist: '/nonexistent', logLevel: 'info' };
    const app: FastifyInstance = await buildApp({
      config,
      db: h.db,
      storage: diskStorage(join(config.dataDir, 'files')),
      logger: { write: (line: string) => void lines.push(line) },
      mailer: { send: async () => {} },
    });
    try {
      const visitor = h.headers(null);
      const member = h.headers(SPARK_WORKER);
      const routes: [string, string, Record<string, string>, object?][] = [
        ['GET', '/api/account/me', visitor],
        ['GET', '/api/account/valid-2fa', visitor],
        ['GET', '/api/account/valid-2fa?userName=super@hub.example', member],
        ['POST', '/api/account/configure-2fa', visitor, { method: 'email', userName: SPARK_WORKER }],
        ['POST', '/api/account/configure-2fa', member, { method: 'email', userName: 'super@hub.example' }],
        ['POST', '/api/account/disable-2fa', visitor, { userName: SPARK_WORKER }],
        ['GET', '/api/account/has-keys', visitor],
        ['GET', '/api/account/has-keys', member],
        ['POST', '/api/account/generate-key', visitor, {}],
        ['POST', '/api/account/revoke-key', visitor, { id: '00000000-0000-4000-8000-000000000000' }],
        [
          'POST',
          '/api/account/send-submission-notification-email',
          visitor,
          { userName: 'x@example.org', submissionId: '00000000-0000-4000-8000-000000000000' },
        ],
        ['POST', '/api/account/users', visitor, {}],
        ['POST', '/api/account/users', member, {}],
        ['POST', '/api/account/activate', visitor, { Username: SPARK_WORKER }],
        ['POST', '/api/account/deactivate', member, { Username: SPARK_WORKER }],
        ['GET', '/api/mail/outbox', visitor],
        ['GET', '/api/mail/outbox', member],
        ['GET', '/api/version', visitor],
        ['GET', '/api/jobs', visitor],
        ['GET', '/api/entity/FormSubmissionsEntity/hasDraft/00000000-0000-4000-8000-000000000000', visitor],
        ['GET', '/api/entity/FormsEntity/form_type/RISK_ASSESSMENT', visitor],
        ['POST', '/api/authorization/login', visitor, { username: SPARK_WORKER, password: 'wrong-password-1' }],
        ['POST', '/api/graphql', visitor, { query: '{ assetEntitys { id } }' }],
        ['GET', '/api/account/me', { ...visitor, cookie: `${SESSION_COOKIE}=ended-session; ${visitor.cookie}` }],
        ['GET', '/api/account/me', { authorization: 'Bearer not-a-token' }],
      ];
      const statuses: number[] = [];
      for (const [method, url, headers, payload] of routes) {
        const res = await app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
        statuses.push(res.statusCode);
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        expect(res.json().errors?.[0]?.message, `${method} ${url}`).toEqual(expect.any(String));
      }
      expect(statuses).toContain(401);
      expect(lines.length).toBeGreaterThan(0); // the logger is listening
      expect(lines.filter((l) => l.includes('already sent'))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
