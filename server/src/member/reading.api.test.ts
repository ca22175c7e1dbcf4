import type { DocumentsList, SafetySection, SearchLink } from '@hub/model/site';
import { SEARCH_RESULT_LIMIT } from '@hub/model/site';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, SUPER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { insertRow } from '../test/rows';
import { prefixQuery } from '../crud/search';

/** The member site's reading calls (member-site.md sections 2 and 7): search, safety list, libraries. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const SEARCH = '/api/entity/safetylinkentity/search_link_list';
const get = (who: string | null, url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers: { ...h.headers(who), ...headers } });
const search = async (who: string | null, term: string, precedentType?: string) => {
  const qs = new URLSearchParams({ searchTerm: term, ...(precedentType !== undefined ? { precedentType } : {}) });
  return get(who, `${SEARCH}?${qs}`);
};
const found = async (who: string, term: string, precedentType?: string) => {
  const res = await search(who, term, precedentType);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchLink[];
};

const insert = (table: string, row: Record<string, unknown>) => insertRow(h.db, table, row);
const roleId = async (name: string) => (await h.db.query<{ id: string }>('SELECT id FROM role WHERE name = $1', [name])).rows[0].id;

describe('search_link_list', () => {
  it('is for signed-in people: a visitor gets 401 in the error shape', async () => {
    const res = await search(null, 'switch');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: [{ message: 'You are not signed in', code: 'UNAUTHENTICATED' }] });
  });

  it("refuses an organisation's API token (the reading API is for people)", async () => {
    const made = await h.app.inject({
      method: 'POST',
      url: '/api/account/generate-key',
      headers: { ...h.headers(SPARK_MANAGER), 'content-type': 'application/json' },
      payload: { name: 'reader' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const bearer = { authorization: `Bearer ${made.json().key}` };
    for (const url of [
      `${SEARCH}?searchTerm=swit`,
      '/api/entity/SafetyLinkEntity/safety_list',
      '/api/entity/SafetyLinkEntity/documents_list',
    ])
      expect((await h.app.inject({ method: 'GET', url, headers: bearer })).statusCode, url).toBe(401);
  });

  it("finds by prefix over safety links, standards and guidance ('swit' finds 'Switchboards'), with their sections", async () => {
    const section = await insert('safety_link_section', { name: 'Isolation', order: 9 });
    await insert('safety_link', {
      name: 'Switching procedure',
      view: '/mesafety',
      create: '/safety-form/abc',
      safety_link_section_id: section,
    });
    for (const who of [SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, ADMIN, SUPER]) {
      const results = await found(who, 'swit');
      const guidance = results.find((r) => r.name === 'Switchboards');
      expect(guidance, who).toMatchObject({ type: 'GUIDANCE', sectionName: 'AS/NZS 3000', header: 'Switchboard location and access' });
      expect(
        results.find((r) => r.name === 'Switching procedure'),
        who,
      ).toMatchObject({
        type: 'SAFETY',
        sectionName: 'Isolation',
        header: null,
        create: '/safety-form/abc',
        view: '/mesafety',
      });
    }
    // Case and accents of the term do not matter; several words must all match.
    expect((await found(SPARK_WORKER, 'SWITCHBOARD location')).map((r) => r.name)).toEqual(['Switchboards']);
    expect(await found(SPARK_WORKER, 'switchboard nowhere')).toEqual([]);
    // A standard matches on its header and description too.
    expect((await found(SPARK_WORKER, 'wiring rul')).map((r) => [r.type, r.name])).toContainEqual(['STANDARD', 'AS/NZS 3000']);
  });

  it('ranks a match in the name above one in the description, and puts precedentType first', async () => {
    await insert('standard', { name: 'Quokkaguard rules', header: 'H', description: 'Nothing else' });
    await insert('standard', { name: 'Other standard', header: 'H', description: 'Mentions quokkaguard once' });
    const std = await found(SPARK_WORKER, 'quokkag');
    expect(std.map((r) => r.name)).toEqual(['Quokkaguard rules', 'Other standard']);

    const standard = await insert('standard', { name: 'Numbat standard' });
    await insert('guidance', { name: 'Numbat note', standard_id: standard });
    await insert('safety_link', { name: 'Numbat link' });
    for (const type of ['SAFETY', 'STANDARD', 'GUIDANCE']) expect((await found(SPARK_WORKER, 'numbat', type))[0].type).toBe(type);
    expect(await found(SPARK_WORKER, 'numbat', '')).toHaveLength(3);
  });

  it('answers [] below the minimum length and at most SEARCH_RESULT_LIMIT results', async () => {
    expect(await found(SPARK_WORKER, 's')).toEqual([]);
    expect(await found(SPARK_WORKER, '')).toEqual([]);
    expect(await found(SPARK_WORKER, '  s  ')).toEqual([]);
    const res = await get(SPARK_WORKER, SEARCH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    for (let i = 0; i < SEARCH_RESULT_LIMIT + 5; i++) await insert('safety_link', { name: `Bilby ${i}` });
    expect(await found(SPARK_WORKER, 'bilby')).toHaveLength(SEARCH_RESULT_LIMIT);
  });

  it('reads tsquery operators and other hostile terms as plain words, never as query syntax', async () => {
    await insert('safety_link', { name: 'Alpha beta charlie' });
    for (const term of [
      'a & b | !c:*',
      "'",
      "\\'",
      '!!',
      '((',
      ':*',
      '<->',
      'x <-> y',
      '__proto__',
      'constructor',
      '%_%',
      "'; DROP TABLE x; --",
    ]) {
      const res = await search(SPARK_WORKER, term);
      expect(res.statusCode, term).toBe(200);
      expect(Array.isArray(res.json()), term).toBe(true);
    }
    // Operators between words only separate them: every word still has to match.
    expect((await found(SPARK_WORKER, 'alph & !bet | char:*')).map((r) => r.name)).toEqual(['Alpha beta charlie']);
    expect(prefixQuery('a & b | !c:*')).toBe('a:* & b:* & c:*');
    expect(prefixQuery(':*!&|')).toBeNull();
    expect(prefixQuery('Émile   ÉMILE')).toBe('émile:*');
  });

  it('refuses a NUL, an over-long term, a repeated parameter and an unknown precedentType (400)', async () => {
    expect((await get(SPARK_WORKER, `${SEARCH}?searchTerm=sw%00it`)).statusCode).toBe(400);
    const long = await search(SPARK_WORKER, 'x'.repeat(10_000));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].message).toMatch(/at most 200 characters/);
    expect((await get(SPARK_WORKER, `${SEARCH}?searchTerm=swit&searchTerm=test`)).statusCode).toBe(400);
    expect((await get(SPARK_WORKER, `${SEARCH}?searchTerm=swit&precedentType=SAFETY&precedentType=GUIDANCE`)).statusCode).toBe(400);
    for (const bad of ['safety', 'OTHER', '__proto__', 'SAFETY ']) {
      const res = await search(SPARK_WORKER, 'swit', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0].message).toBe('precedentType must be one of SAFETY, STANDARD, GUIDANCE');
    }
    expect((await get(SPARK_WORKER, `${SEARCH}?searchTerm[a]=1`)).statusCode).toBeLessThan(500);
  });

  it('offers only safe addresses: a javascript: or protocol-relative link is null', async () => {
    await insert('safety_link', { name: 'Platypus one', view: 'javascript:alert(1)', create: '//evil.example/x' });
    await insert('safety_link', { name: 'Platypus two', view: 'https://example.org/a', create: '/safety-form/1' });
    const results = await found(SPARK_WORKER, 'platypus');
    expect(results.find((r) => r.name === 'Platypus one')).toMatchObject({ view: null, create: null });
    expect(results.find((r) => r.name === 'Platypus two')).toMatchObject({ view: 'https://example.org/a', create: '/safety-form/1' });
  });

  it('honours role permissions of safety links: canview shows a link, cancreate offers its Create address', async () => {
    const open = await insert('safety_link', { name: 'Wombat open', create: '/safety-form/open', view: '/mesafety' });
    const limited = await insert('safety_link', { name: 'Wombat limited', create: '/safety-form/limited', view: '/mesafety' });
    const viewOnly = await insert('safety_link', { name: 'Wombat viewonly', create: '/safety-form/viewonly', view: '/mesafety' });
    const managerRole = await roleId(h.users[SPARK_MANAGER].role!);
    await insert('role_safety_link_permission', { safety_link_id: limited, role_id: managerRole, canview: true, cancreate: true });
    await insert('role_safety_link_permission', { safety_link_id: viewOnly, role_id: managerRole, canview: true, cancreate: false });
    expect(h.users[SPARK_WORKER].role).not.toBe(h.users[SPARK_MANAGER].role);

    const byName = (rs: SearchLink[]) => Object.fromEntries(rs.map((r) => [r.name, r.create]));
    expect(byName(await found(SPARK_MANAGER, 'wombat'))).toEqual({
      'Wombat open': '/safety-form/open',
      'Wombat limited': '/safety-form/limited',
      'Wombat viewonly': null,
    });
    expect(byName(await found(SPARK_WORKER, 'wombat'))).toEqual({ 'Wombat open': '/safety-form/open' });
    expect(byName(await found(ADMIN, 'wombat'))).toEqual({
      'Wombat open': '/safety-form/open',
      'Wombat limited': '/safety-form/limited',
      'Wombat viewonly': '/safety-form/viewonly',
    });
    expect(open).toBeTruthy();
  });

  it('uses the GIN indexes of the stored vectors (migrations 0006, 0008), which follow a renamed row', async () => {
    await h.db.query('SET enable_seqscan = off');
    try {
      const plan = await h.db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM safety_link sl WHERE sl.search_vector @@ to_tsquery('simple', 'swit:*')`,
      );
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('safety_link_search_idx');
      for (const table of ['standard', 'guidance']) {
        const p = await h.db.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT id FROM ${table} t WHERE t.search_vector @@ to_tsquery('simple', 'swit:*')`,
        );
        expect(p.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain(`${table}_search_idx`);
      }
    } finally {
      await h.db.query('RESET enable_seqscan');
    }
    const id = await insert('safety_link', { name: 'Echidna' });
    expect((await found(SPARK_WORKER, 'echid')).map((r) => r.id)).toEqual([id]);
    const renamed = await h.gql(
      ADMIN,
      'mutation($m: [SafetyLinkEntityInput!]!) { updateSafetyLinkEntity(safetyLinkEntityModels: $m) { id } }',
      {
        m: [{ id, name: 'Kookaburra' }],
      },
    );
    expect(renamed.errors).toBeUndefined();
    expect(await found(SPARK_WORKER, 'echid')).toEqual([]);
    expect((await found(SPARK_WORKER, 'kookab')).map((r) => r.id)).toEqual([id]);
  });
});

describe('safety_list', () => {
  const URL = '/api/entity/SafetyLinkEntity/safety_list';

  it('is for signed-in people', async () => {
    expect((await get(null, URL)).statusCode).toBe(401);
  });

  it('orders sections by order then name and links by order; hides sections whose links the role may not see', async () => {
    const zeta = await insert('safety_link_section', { name: 'Zeta', order: 50, tooltip: 'Z tip' });
    const alpha = await insert('safety_link_section', { name: 'Alpha', order: 50 });
    const hidden = await insert('safety_link_section', { name: 'Managers only', order: 60 });
    await insert('safety_link', { name: 'Second', order: 2, safety_link_section_id: zeta });
    await insert('safety_link', { name: 'First', order: 1, safety_link_section_id: zeta, view: 'javascript:x' });
    await insert('safety_link', { name: 'Only', order: 1, safety_link_section_id: alpha });
    const secret = await insert('safety_link', { name: 'Secret', order: 1, safety_link_section_id: hidden });
    const managerRole = await roleId(h.users[SPARK_MANAGER].role!);
    await insert('role_safety_link_permission', { safety_link_id: secret, role_id: managerRole, canview: true });

    const manager = (await get(SPARK_MANAGER, URL)).json() as SafetySection[];
    const names = manager.map((s) => s.name);
    expect(names.indexOf('Alpha')).toBeLessThan(names.indexOf('Zeta'));
    expect(names.indexOf('Zeta')).toBeLessThan(names.indexOf('Managers only'));
    expect(names.slice(0, 2)).toEqual(['Procedures', 'Registers']);
    const z = manager.find((s) => s.name === 'Zeta')!;
    expect(z).toMatchObject({ tooltip: 'Z tip', order: 50 });
    expect(z.links.map((l) => [l.name, l.order, l.view])).toEqual([
      ['First', 1, null],
      ['Second', 2, null],
    ]);

    const worker = (await get(SPARK_WORKER, URL)).json() as SafetySection[];
    expect(worker.map((s) => s.name)).not.toContain('Managers only');
    expect(worker.map((s) => s.name)).toContain('Zeta');
    expect((await get(ADMIN, URL)).json().map((s: SafetySection) => s.name)).toContain('Managers only');
  });
});

describe('documents_list', () => {
  const URL = '/api/entity/SafetyLinkEntity/documents_list';

  async function library(who: string) {
    const res = await get(who, URL);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DocumentsList;
  }

  it('lists the active documents of the caller’s own organisation and the member-body documents of their role', async () => {
    const file = await insert('file', { file_name: 'a.pdf', content_type: 'application/pdf', size: 1, storage_key: 'k' });
    const sparkDoc = await insert('document', {
      document_name: 'Spark active doc',
      document_upload_id: file,
      status: 'ACTIVE',
      member_organisation_id: h.org.spark,
    });
    await insert('document', {
      document_name: 'Spark pending doc',
      document_link: 'https://e.example/p',
      status: 'PENDING',
      member_organisation_id: h.org.spark,
    });
    await insert('document', {
      document_name: 'Spark bad link',
      document_link: 'javascript:alert(1)',
      status: 'ACTIVE',
      member_organisation_id: h.org.spark,
    });
    await insert('document', {
      document_name: 'Volt active doc',
      document_link: 'https://e.example/v',
      status: 'ACTIVE',
      member_organisation_id: h.org.volt,
    });

    const spark = await library(SPARK_MANAGER);
    const mine = spark.userLibrary.map((d) => d.name);
    expect(mine).toContain('Spark active doc');
    expect(mine).not.toContain('Spark pending doc');
    expect(mine).not.toContain('Volt active doc');
    expect(spark.userLibrary.find((d) => d.id === sparkDoc)!.view).toBe(`/api/files/${file}`);
    expect(spark.userLibrary.find((d) => d.name === 'Spark bad link')!.view).toBeNull();
    // Member-body documents: 'MEA Policies' are open to every role, 'MEA Guides' to managers.
    expect(spark.masterLibrary.map((d) => d.name).sort()).toEqual(['Association WHS policy', 'Guide to live work']);
    expect(spark.masterLibrary.every((d) => d.view?.startsWith('https://'))).toBe(true);

    const volt = await library(VOLT_MANAGER);
    expect(volt.userLibrary.map((d) => d.name)).toContain('Volt active doc');
    expect(volt.userLibrary.map((d) => d.name).filter((n) => n.startsWith('Spark'))).toEqual([]);

    const worker = await library(SPARK_WORKER);
    expect(worker.masterLibrary.map((d) => d.name)).toContain('Association WHS policy');
    if (!['SafetyManager', 'Manager'].includes(h.users[SPARK_WORKER].role!))
      expect(worker.masterLibrary.map((d) => d.name)).not.toContain('Guide to live work');
  });

  it('answers empty lists to a user without an organisation (administrators) and 401 to a visitor', async () => {
    expect(await library(ADMIN)).toEqual({ userLibrary: [], masterLibrary: [] });
    expect(await library(SUPER)).toEqual({ userLibrary: [], masterLibrary: [] });
    expect((await get(null, URL)).statusCode).toBe(401);
  });
});
