import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ruleMessages } from '../access/rules';
import { SESSION_COOKIE } from '../auth/session';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, startHarness, type Harness } from './harness';
import { insertRow } from './rows';

/**
 * Issue 26 attack review, items 2 and 6 (part): rows visible to some roles only (role-restricted
 * safety links, their permissions and sections, member-body MEA documents) are hidden by the
 * access module on every path (lists, counts, by id, nested selections from other entities,
 * search conditions through a path, CSV export, the member pages), and API tokens do not write
 * reminder logs. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const insert = (table: string, row: Record<string, unknown>) => insertRow(h.db, table, row);
const roleId = async (name: string) => (await h.db.query<{ id: string }>('SELECT id FROM role WHERE name = $1', [name])).rows[0].id;
const exportCsv = async (who: string, entity: string, ids: string[]) => {
  const conditions = encodeURIComponent(JSON.stringify([[{ path: 'id', comparison: 'in', value: ids }]]));
  const res = await h.app.inject({
    url: `/api/entity/${entity}/export?stringConditions=${conditions}`,
    headers: { cookie: `${SESSION_COOKIE}=${h.users[who].cookie}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

/** A link only the SafetyManager role may see (and create from), a view-only link for the Worker role, an open link; sections. */
async function restrictedLinks() {
  const manager = await roleId(h.users[SPARK_MANAGER].role!);
  const worker = await roleId(h.users[SPARK_WORKER].role!);
  expect(manager).not.toBe(worker);
  const hidden = await insert('safety_link_section', { name: 'Managers only section', order: 70 });
  const mixed = await insert('safety_link_section', { name: 'Mixed section', order: 71 });
  const secret = await insert('safety_link', {
    name: 'Quokka secret',
    create: '/safety-form/quokka-create',
    view: 'https://example.org/quokka-view',
    safety_link_section_id: hidden,
  });
  const secretToo = await insert('safety_link', {
    name: 'Quokka hidden sibling',
    create: '/safety-form/sibling-create',
    view: 'https://example.org/sibling-view',
    safety_link_section_id: mixed,
  });
  const viewOnly = await insert('safety_link', {
    name: 'Quokka view only',
    create: '/safety-form/viewonly-create',
    view: 'https://example.org/viewonly-view',
    safety_link_section_id: mixed,
  });
  const open = await insert('safety_link', { name: 'Quokka open', create: '/safety-form/open', safety_link_section_id: mixed });
  const secretPerm = await insert('role_safety_link_permission', {
    safety_link_id: secret,
    role_id: manager,
    canview: true,
    cancreate: true,
  });
  const siblingPerm = await insert('role_safety_link_permission', {
    safety_link_id: secretToo,
    role_id: manager,
    canview: true,
    cancreate: true,
  });
  const viewPerm = await insert('role_safety_link_permission', {
    safety_link_id: viewOnly,
    role_id: worker,
    canview: true,
    cancreate: false,
  });
  return { hidden, mixed, secret, secretToo, viewOnly, open, secretPerm, siblingPerm, viewPerm };
}

describe('role-restricted safety links: one rule in the access module for every path', () => {
  it('a role without permission gets none of them from lists, counts, by-id reads, id filters and conditional lists', async () => {
    const l = await restrictedLinks();
    const query = `query($ids: [ID!], $id: ID!, $sid: String!) {
      l: safetyLinkEntitys(ids: $ids) { id } c: countSafetyLinkEntitys(ids: $ids) one: safetyLinkEntity(id: $id) { id create view }
      w: safetyLinkEntitys(where: [{path: "id", comparison: equal, value: [$sid]}]) { id }
      k: safetyLinkEntitysConditional(conditions: [[{path: "name", comparison: contains, value: ["Quokka"]}]]) { id }
      kc: countSafetyLinkEntitysConditional(conditions: [[{path: "name", comparison: contains, value: ["Quokka"]}]]) }`;
    const vars = { ids: [l.secret, l.secretToo], id: l.secret, sid: l.secret };
    const worker = await h.gql<Record<string, unknown>>(SPARK_WORKER, query, vars);
    expect(worker.errors).toBeUndefined();
    expect(worker.data).toMatchObject({ l: [], c: 0, one: null, w: [] });
    const names = (worker.data!.k as { id: string }[]).map((r) => r.id).sort();
    expect(names).toEqual([l.viewOnly, l.open].sort());
    expect(worker.data!.kc).toBe(2);
    // The role with permission, and administrators, read it with both addresses.
    for (const who of [SPARK_MANAGER, ADMIN]) {
      const res = await h.gql<Record<string, unknown>>(who, query, vars);
      expect(res.errors, who).toBeUndefined();
      expect(res.data!.one, who).toEqual({ id: l.secret, create: '/safety-form/quokka-create', view: 'https://example.org/quokka-view' });
      expect(res.data!.c, who).toBe(2);
    }
  });

  it('a view-only role reads the link without its Create address, on every path', async () => {
    const l = await restrictedLinks();
    const res = await h.gql<{ one: { create: string | null; view: string } | null; s: { id: string }[] }>(
      SPARK_WORKER,
      `query($id: ID!) { one: safetyLinkEntity(id: $id) { create view }
        s: safetyLinkEntitys(where: [{path: "create", comparison: contains, value: ["viewonly-create"]}]) { id } }`,
      { id: l.viewOnly },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.one).toEqual({ create: null, view: 'https://example.org/viewonly-view' });
    expect(res.data!.s).toEqual([]);
    const csv = await exportCsv(SPARK_WORKER, 'SafetyLinkEntity', [l.viewOnly]);
    expect(csv).toContain('viewonly-view');
    expect(csv).not.toContain('viewonly-create');
  });

  it('nested selections from other entities leave them out', async () => {
    const l = await restrictedLinks();
    const res = await h.gql<{
      s: { id: string; safetyLinks: { id: string; create: string | null }[] }[];
      p: { id: string; safetyLink: { id: string } | null }[];
      r: { roleSafetyLinkPermissions: { id: string; safetyLink: { id: string } | null }[] }[];
    }>(
      SPARK_WORKER,
      `{ s: safetyLinkSectionEntitys(take: 1000) { id safetyLinks { id create } }
         p: roleSafetyLinkPermissionEntitys(take: 1000) { id safetyLink { id } }
         r: roleEntitys { roleSafetyLinkPermissions { id safetyLink { id } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const seen = JSON.stringify(res.data);
    for (const id of [l.secret, l.secretToo, l.secretPerm, l.siblingPerm, l.hidden]) expect(seen, id).not.toContain(id);
    expect(seen).not.toContain('quokka-create');
    expect(seen).not.toContain('viewonly-create');
    const mixed = res.data!.s.find((s) => s.id === l.mixed)!;
    expect(mixed.safetyLinks.map((x) => x.id).sort()).toEqual([l.viewOnly, l.open].sort());
    // The manager sees them all, nested too.
    const manager = await h.gql(SPARK_MANAGER, `{ s: safetyLinkSectionEntitys(take: 1000) { id safetyLinks { id } } }`);
    expect(JSON.stringify(manager.data)).toContain(l.secret);
  });

  it('search conditions through a path do not reach them', async () => {
    const l = await restrictedLinks();
    const res = await h.gql<{ s: { id: string }[]; p: { id: string }[] }>(
      SPARK_WORKER,
      `{ s: safetyLinkSectionEntitys(where: [{path: "safetyLinks.name", comparison: equal, value: ["Quokka hidden sibling"]}]) { id }
         p: roleEntitys(where: [{path: "roleSafetyLinkPermissions.safetyLink.name", comparison: equal, value: ["Quokka secret"]}]) { id } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ s: [], p: [] });
    const manager = await h.gql<{ s: { id: string }[] }>(
      SPARK_MANAGER,
      `{ s: safetyLinkSectionEntitys(where: [{path: "safetyLinks.name", comparison: equal, value: ["Quokka hidden sibling"]}]) { id } }`,
    );
    expect(manager.data!.s).toEqual([{ id: l.mixed }]);
  });

  it('the CSV exports of links, permissions and sections leave them out', async () => {
    const l = await restrictedLinks();
    const links = await exportCsv(SPARK_WORKER, 'SafetyLinkEntity', [l.secret, l.secretToo, l.open]);
    expect(links).toContain(l.open);
    for (const s of [l.secret, l.secretToo, 'quokka-create', 'quokka-view', 'sibling-create']) expect(links).not.toContain(s);
    const perms = await exportCsv(SPARK_WORKER, 'RoleSafetyLinkPermissionEntity', [l.secretPerm, l.siblingPerm, l.viewPerm]);
    expect(perms).toContain(l.viewPerm);
    expect(perms).not.toContain(l.secretPerm);
    expect(perms).not.toContain(l.siblingPerm);
    const sections = await exportCsv(SPARK_WORKER, 'SafetyLinkSectionEntity', [l.hidden, l.mixed]);
    expect(sections).toContain(l.mixed);
    expect(sections).not.toContain(l.hidden);
    expect(await exportCsv(SPARK_MANAGER, 'SafetyLinkEntity', [l.secret])).toContain('quokka-create');
  });

  it('the member pages (safety list, search) agree with the generic reads', async () => {
    const l = await restrictedLinks();
    const get = async (who: string, url: string) => {
      const res = await h.app.inject({ url, headers: h.headers(who) });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    const list = await get(SPARK_WORKER, '/api/entity/SafetyLinkEntity/safety_list');
    const found = await get(SPARK_WORKER, '/api/entity/safetylinkentity/search_link_list?searchTerm=quokka');
    for (const body of [list, found]) {
      expect(body).not.toContain(l.secret);
      expect(body).not.toContain(l.secretToo);
      expect(body).not.toContain('viewonly-create');
      expect(body).toContain(l.viewOnly);
    }
    expect(list).not.toContain('Managers only section');
    expect(await get(SPARK_MANAGER, '/api/entity/safetylinkentity/search_link_list?searchTerm=quokka')).toContain('quokka-create');
  });

  it('administrators still see and edit every link and permission in the back-office', async () => {
    const l = await restrictedLinks();
    const res = await h.gql<{ r: { id: string; name: string }[] }>(
      ADMIN,
      'mutation($m: [SafetyLinkEntityInput!]!) { r: updateSafetyLinkEntity(safetyLinkEntityModels: $m) { id name } }',
      { m: [{ id: l.secret, name: 'Quokka renamed' }] },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.r).toEqual([{ id: l.secret, name: 'Quokka renamed' }]);
    const perms = await h.gql<{ n: number }>(ADMIN, '{ n: countRoleSafetyLinkPermissionEntitys }');
    expect(perms.data!.n).toBeGreaterThanOrEqual(3);
  });
});

describe('member-body (MEA) documents of a type the role may not access', () => {
  async function meaGuide() {
    const { rows } = await h.db.query<{ id: string }>("SELECT id FROM document_types WHERE name = 'MEA Guides'");
    const type = rows[0].id;
    const roles = await h.db.query<{ name: string }>(
      'SELECT r.name FROM link_roles_mea_document_access l JOIN role r ON r.id = l.roles_id WHERE l.document_types_id = $1',
      [type],
    );
    expect(roles.rows.map((r) => r.name)).not.toContain(h.users[SPARK_WORKER].role);
    const doc = await insert('document', { document_name: 'Numbat guide', document_link: 'https://example.org/numbat', status: 'ACTIVE' });
    await insert('link_document_types_documents', { documents_id: doc, document_types_id: type });
    return { doc, type };
  }

  it('are missing for that role on every path; the roles with access read them', async () => {
    const { doc, type } = await meaGuide();
    const res = await h.gql<Record<string, unknown>>(
      SPARK_WORKER,
      `query($ids: [ID!], $id: ID!, $tid: ID!) { l: documentEntitys(ids: $ids) { id } c: countDocumentEntitys(ids: $ids)
        one: documentEntity(id: $id) { id } t: documentTypesEntity(id: $tid) { documentss { id } }
        k: documentTypesDocumentss(take: 1000) { documentsId }
        w: documentTypesEntitys(where: [{path: "documentss.documentName", comparison: equal, value: ["Numbat guide"]}]) { id } }`,
      { ids: [doc], id: doc, tid: type },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toMatchObject({ l: [], c: 0, one: null, w: [] });
    expect(JSON.stringify(res.data)).not.toContain(doc);
    expect(await exportCsv(SPARK_WORKER, 'DocumentEntity', [doc])).not.toContain(doc);
    const library = await h.app.inject({ url: '/api/entity/SafetyLinkEntity/documents_list', headers: h.headers(SPARK_WORKER) });
    expect(library.body).not.toContain(doc);
    const manager = await h.gql<{ one: { id: string } | null }>(SPARK_MANAGER, 'query($id: ID!) { one: documentEntity(id: $id) { id } }', {
      id: doc,
    });
    expect(manager.data!.one).toEqual({ id: doc });
  });
});

describe('reminder logs are the hub’s record of what it sent: API tokens do not write them', () => {
  async function token(): Promise<Record<string, string>> {
    const made = await h.app.inject({
      method: 'POST',
      url: '/api/account/generate-key',
      headers: { ...h.headers(SPARK_MANAGER), 'content-type': 'application/json' },
      payload: { name: 'field app' },
    });
    expect(made.statusCode, made.body).toBe(200);
    return { authorization: `Bearer ${made.json().key}`, 'content-type': 'application/json' };
  }
  const gqlAs = async (headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) =>
    (await h.app.inject({ method: 'POST', url: '/api/graphql', headers, payload: JSON.stringify({ query, variables }) })).json() as {
      data?: Record<string, unknown> | null;
      errors?: { message: string; extensions?: { code?: string } }[];
    };
  const activityTitles = async (who: string) =>
    (
      (await h.app.inject({ url: '/api/entity/ReminderLogEntity/GetRecentActivity', headers: h.headers(who) })).json() as {
        title: string;
      }[]
    ).map((a) => a.title);

  it('a token cannot create, change or delete a log, so it writes nothing into a member’s Recent Activity', async () => {
    const bearer = await token();
    const worker = h.users[SPARK_WORKER].id;
    const created = await gqlAs(
      bearer,
      'mutation($m: [ReminderLogEntityInput!]!) { r: createReminderLogEntity(reminderLogEntityModels: $m) { id } }',
      { m: [{ description: 'Call 0400 000 000 now to keep your licence', reminderType: 'DUE_DATE', mehubAccountId: worker }] },
    );
    expect(created.errors?.[0]?.message).toBe(ruleMessages.tokenNoReminderLogs);
    expect(created.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const { rows } = await h.db.query("SELECT 1 FROM reminder_log WHERE description LIKE 'Call 0400%'");
    expect(rows).toEqual([]);
    expect(await activityTitles(SPARK_WORKER)).not.toContain('Call 0400 000 000 now to keep your licence');

    const log = await insert('reminder_log', { mehub_account_id: worker, reminder_type: 'REMINDER_ONE', description: 'Sent by the hub' });
    const updated = await gqlAs(
      bearer,
      'mutation($m: [ReminderLogEntityInput!]!) { r: updateReminderLogEntity(reminderLogEntityModels: $m) { id } }',
      { m: [{ id: log, description: 'Changed by a token' }] },
    );
    expect(updated.errors?.[0]?.message).toBe(ruleMessages.tokenNoReminderLogs);
    const bulk = await gqlAs(
      bearer,
      'mutation($ids: [ID!], $v: ReminderLogEntityInput!) { r: updateReminderLogEntitysConditional(ids: $ids, fieldsToUpdate: ["description"], values: $v) }',
      { ids: [log], v: { description: 'Changed by a token' } },
    );
    expect(bulk.errors?.[0]?.message).toBe(ruleMessages.tokenNoReminderLogs);
    const deleted = await gqlAs(bearer, 'mutation($ids: [ID!]!) { r: deleteReminderLogEntity(reminderLogEntityIds: $ids) }', {
      ids: [log],
    });
    expect(deleted.errors?.[0]?.message).toBe(ruleMessages.tokenNoReminderLogs);
    const after = await h.db.query<{ description: string }>('SELECT description FROM reminder_log WHERE id = $1', [log]);
    expect(after.rows).toEqual([{ description: 'Sent by the hub' }]);
    // It still reads them (the organisation's system).
    const read = await gqlAs(bearer, 'query($id: ID!) { r: reminderLogEntity(id: $id) { description } }', { id: log });
    expect(read.errors).toBeUndefined();
    expect(read.data!.r).toEqual({ description: 'Sent by the hub' });
  });

  it('a member writes logs on their own account only (the matrix grants it), never into a colleague’s Recent Activity', async () => {
    const create = (who: string, account: string) =>
      h.gql(who, 'mutation($m: [ReminderLogEntityInput!]!) { r: createReminderLogEntity(reminderLogEntityModels: $m) { id } }', {
        m: [{ description: `Note by ${who}`, reminderType: 'DUE_DATE', mehubAccountId: account }],
      });
    expect((await create(SPARK_MANAGER, h.users[SPARK_WORKER].id)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const { rows } = await h.db.query('SELECT 1 FROM reminder_log WHERE description = $1', [`Note by ${SPARK_MANAGER}`]);
    expect(rows).toEqual([]);
    expect(await activityTitles(SPARK_WORKER)).not.toContain(`Note by ${SPARK_MANAGER}`);
    expect((await create(SPARK_WORKER, h.users[SPARK_WORKER].id)).errors).toBeUndefined();
  });
});
