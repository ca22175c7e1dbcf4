import { ROLES, allEntities, getEntity, opNames, type EntityDef, type EntityName, type RoleScopeRule } from '@hub/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownsRows } from '../access/scope';
import { SESSION_COOKIE } from '../auth/session';
import { SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from './harness';
import { insertRow } from './rows';
import { changeFor, createSample } from './samples';

/**
 * A member of one organisation can neither see nor change another organisation's rows,
 * by any operation. Generated for every entity whose rows a member does not share.
 */
const scoped = allEntities().filter(ownsRows);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const voltCtx = () => ({ org: h.org.volt, account: h.users[VOLT_MANAGER].id });
const exists = async (e: EntityDef, id: string) => (await h.db.query(`SELECT 1 FROM ${e.table} WHERE id = $1`, [id])).rows.length === 1;
const errorCode = (res: { errors?: { extensions?: Record<string, unknown> }[] }) => res.errors?.[0]?.extensions?.code;

describe.each(scoped.map((e) => [e.name, e] as const))("%s: another organisation's rows", (_n, entity) => {
  const n = opNames(entity.name);
  let id: string;
  beforeAll(async () => {
    // An organisation's own row is the organisation itself.
    id = entity.name === 'MemberOrganisationEntity' ? h.org.volt : await createSample(h.db, entity.name, voltCtx());
  });

  it('are missing from lists, counts, by-id reads and id filters', async () => {
    const res = await h.gql<Record<string, unknown>>(
      SPARK_MANAGER,
      `query($ids: [ID!], $id: ID!, $sid: String!) { l: ${n.list}(ids: $ids) { id } c: ${n.count}(ids: $ids) one: ${n.byId}(id: $id) { id }
        w: ${n.list}(where: [{path: "id", comparison: equal, value: [$sid]}]) { id } }`,
      { ids: [id], id, sid: id },
    );
    if (errorCode(res) === 'FORBIDDEN') return; // no read right at all
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ l: [], c: 0, one: null, w: [] });
    // ...while their own organisation sees it.
    const own = await h.gql<Record<string, unknown>>(VOLT_MANAGER, `query($id: ID!) { one: ${n.byId}(id: $id) { id } }`, { id });
    if (!errorCode(own)) expect(own.data).toEqual({ one: { id } });
  });

  it('cannot be updated, singly or in bulk', async () => {
    const change = changeFor(entity);
    const single = await h.gql(SPARK_MANAGER, `mutation($m: [${n.input}!]!) { ${n.update}(${n.inputArg}: $m) { id } }`, {
      m: [{ id, ...change }],
    });
    expect(['NOT_FOUND', 'FORBIDDEN']).toContain(errorCode(single));
    const fields = Object.keys(change);
    if (fields.length) {
      const bulk = await h.gql<Record<string, string[]>>(
        SPARK_MANAGER,
        `mutation($ids: [ID!], $f: [String!]!, $v: ${n.input}!) { r: ${n.updateConditional}(ids: $ids, fieldsToUpdate: $f, values: $v) }`,
        { ids: [id], f: fields, v: change },
      );
      if (!bulk.errors) expect(bulk.data!.r).toEqual([]);
      else expect(errorCode(bulk)).toBe('FORBIDDEN');
      const { rows } = await h.db.query<{ modified: string; created: string }>(
        `SELECT created::text, modified::text FROM ${entity.table} WHERE id = $1`,
        [id],
      );
      expect(rows[0].modified).toBe(rows[0].created);
    }
  });

  it('cannot be deleted, singly or in bulk', async () => {
    const single = await h.gql(SPARK_MANAGER, `mutation($ids: [ID!]!) { ${n.delete}(${n.idsArg}: $ids) }`, { ids: [id] });
    expect(['NOT_FOUND', 'FORBIDDEN']).toContain(errorCode(single));
    const bulk = await h.gql<Record<string, string[]>>(
      SPARK_MANAGER,
      `mutation($ids: [ID!]) { r: ${n.deleteConditional}(ids: $ids, conditions: [[{path: "id", comparison: notEqual, value: ["00000000-0000-4000-8000-000000000000"]}]]) }`,
      { ids: [id] },
    );
    if (!bulk.errors) expect(bulk.data!.r).toEqual([]);
    else expect(errorCode(bulk)).toBe('FORBIDDEN');
    expect(await exists(entity, id)).toBe(true);
  });

  it('are missing from the CSV export', async () => {
    const conditions = encodeURIComponent(JSON.stringify([[{ path: 'id', comparison: 'equal', value: [id] }]]));
    const res = await h.app.inject({
      url: `/api/entity/${entity.name}/export?stringConditions=${conditions}`,
      headers: { cookie: `${SESSION_COOKIE}=${h.users[SPARK_MANAGER].cookie}` },
    });
    if (res.statusCode === 403) return;
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(id);
  });
});

describe('nested references and writes across organisations', () => {
  it("shows a member the active forms that are default or assigned to their organisation, not another's", async () => {
    const theirs = await createSample(h.db, 'FormsEntity', voltCtx(), { isDefault: false, memberOrganisationss: [{ id: h.org.volt }] });
    const inactive = await createSample(h.db, 'FormsEntity', voltCtx(), { isDefault: true, isActive: false });
    const ours = await createSample(h.db, 'FormsEntity', voltCtx(), { isDefault: false, memberOrganisationss: [{ id: h.org.spark }] });
    const everyone = await createSample(h.db, 'FormsEntity', voltCtx(), { isDefault: true });
    const res = await h.gql<{ formsEntitys: { id: string }[] }>(SPARK_MANAGER, `query($ids: [ID!]) { formsEntitys(ids: $ids) { id } }`, {
      ids: [theirs, inactive, ours, everyone],
    });
    expect(res.data!.formsEntitys.map((f) => f.id).sort()).toEqual([ours, everyone].sort());
  });

  it('nested lists leave out other organisations rows', async () => {
    const res = await h.gql<{
      roleEntitys: { name: string; mehubAccounts: { email: string }[] }[];
      documentTypesEntitys: { documentss: { id: string; documentName: string }[] }[];
    }>(SPARK_MANAGER, `{ roleEntitys { name mehubAccounts { email } } documentTypesEntitys { documentss { id documentName } } }`);
    expect(res.errors).toBeUndefined();
    const emails = res.data!.roleEntitys.flatMap((r) => r.mehubAccounts.map((a) => a.email));
    expect(emails).toContain('worker@sparkright.example');
    expect(emails.some((e) => e.endsWith('@voltline.example'))).toBe(false);
    const docs = res.data!.documentTypesEntitys.flatMap((t) => t.documentss.map((d) => d.documentName));
    expect(docs.some((d) => d.startsWith('SR '))).toBe(true);
    expect(docs.some((d) => d.startsWith('VL '))).toBe(false);
  });

  it('refuses to create a row in another organisation', async () => {
    const res = await h.gql(SPARK_MANAGER, `mutation($m: [AssetEntityInput!]!) { createAssetEntity(assetEntityModels: $m) { id } }`, {
      m: [{ assetType: 'TOOL', description: 'Smuggled drill', memberOrganisationId: h.org.volt }],
    });
    expect(res.errors?.[0]?.message).toBe('The selected member organisation does not exist');
    const { rows } = await h.db.query(`SELECT 1 FROM asset WHERE description = 'Smuggled drill'`);
    expect(rows).toEqual([]);
  });

  it("refuses a reference to another organisation's record", async () => {
    const voltAsset = await createSample(h.db, 'AssetEntity', voltCtx());
    const res = await h.gql(SPARK_MANAGER, `mutation($m: [AssetEntityInput!]!) { createAssetEntity(assetEntityModels: $m) { id } }`, {
      m: [{ assetType: 'TOOL', description: 'Child of theirs', parentAssetId: voltAsset }],
    });
    expect(res.errors?.[0]?.message).toBe('The selected asset does not exist');
    const licence = await h.gql(
      SPARK_MANAGER,
      `mutation($m: [LicenceEntityInput!]!) { createLicenceEntity(licenceEntityModels: $m) { id } }`,
      {
        m: [{ licenceName: 'Theirs', licenceIssuer: 'X', licenceType: 'OTHER', mehubAccountId: h.users[VOLT_MANAGER].id }],
      },
    );
    expect(errorCode(licence)).toBe('VALIDATION');
  });

  it('refuses to move own rows to another organisation in bulk', async () => {
    const mine = await createSample(h.db, 'AssetEntity', { org: h.org.spark, account: h.users[SPARK_MANAGER].id });
    const res = await h.gql(
      SPARK_MANAGER,
      `mutation($ids: [ID!], $v: AssetEntityInput!) { updateAssetEntitysConditional(ids: $ids, fieldsToUpdate: ["memberOrganisationId"], values: $v) }`,
      { ids: [mine], v: { memberOrganisationId: h.org.volt } },
    );
    expect(res.errors?.[0]?.message).toBe('The selected member organisation does not exist');
    const { rows } = await h.db.query<{ member_organisation_id: string }>('SELECT member_organisation_id FROM asset WHERE id = $1', [mine]);
    expect(rows[0].member_organisation_id).toBe(h.org.spark);
  });
});

describe('one batch naming an own row twice', () => {
  it('applies both updates in order, not refused as a row outside the organisation', async () => {
    const mine = await createSample(h.db, 'AssetEntity', voltCtx());
    const res = await h.gql(
      VOLT_MANAGER,
      'mutation($m: [AssetEntityInput!]!) { r: updateAssetEntity(assetEntityModels: $m) { id comments } }',
      {
        m: [
          { id: mine, comments: 'first' },
          { id: mine, comments: 'second' },
        ],
      },
    );
    expect(res.errors).toBeUndefined();
    const { rows } = await h.db.query<{ comments: string }>('SELECT comments FROM asset WHERE id = $1', [mine]);
    expect(rows[0].comments).toBe('second');
  });
});

/**
 * Shared rows the data keeps to some roles (scope 'shared' with byRole, access/role-scopes.ts,
 * and the member-body documents of the 'documents' scope): a row made visible to the SafetyManager
 * role only is missing for a Worker from lists, counts, by-id reads, id filters, nested selections
 * from every entity that refers to it, and the CSV export; the SafetyManager reads it.
 */
const roleOnly = async (table: string, row: Record<string, unknown>) => insertRow(h.db, table, row);
const roleIdOf = async (name: string) => (await h.db.query<{ id: string }>('SELECT id FROM role WHERE name = $1', [name])).rows[0].id;
async function managersOnlyLink(): Promise<string> {
  const link = await roleOnly('safety_link', { name: 'Managers only link', create: '/safety-form/managers', view: '/mesafety' });
  await roleOnly('role_safety_link_permission', { safety_link_id: link, role_id: await roleIdOf(ROLES.safetyManager), canview: true });
  return link;
}
const roleRestricted: Record<RoleScopeRule, () => Promise<string>> = {
  safetyLinks: managersOnlyLink,
  safetyLinkPermissions: async () => {
    const link = await managersOnlyLink();
    const { rows } = await h.db.query<{ id: string }>('SELECT id FROM role_safety_link_permission WHERE safety_link_id = $1', [link]);
    return rows[0].id;
  },
  safetyLinkSections: async () => {
    const section = await roleOnly('safety_link_section', { name: 'Managers only section' });
    await h.db.query('UPDATE safety_link SET safety_link_section_id = $1 WHERE id = $2', [section, await managersOnlyLink()]);
    return section;
  },
};
async function managersOnlyMeaDocument(): Promise<string> {
  const type = await roleOnly('document_types', { name: 'Managers only MEA type', mea_document: true });
  await roleOnly('link_roles_mea_document_access', { roles_id: await roleIdOf(ROLES.safetyManager), document_types_id: type });
  const doc = await roleOnly('document', { document_name: 'Managers only MEA document', status: 'ACTIVE', document_link: '/mesafety' });
  await roleOnly('link_document_types_documents', { documents_id: doc, document_types_id: type });
  return doc;
}
const roleScoped: [EntityName, () => Promise<string>][] = [
  ...allEntities().flatMap((e) =>
    e.scope.kind === 'shared' && e.scope.byRole ? [[e.name, roleRestricted[e.scope.byRole]] as [EntityName, () => Promise<string>]] : [],
  ),
  ['DocumentEntity', managersOnlyMeaDocument],
];

/** Fields of other entities whose selection reads rows of `target` (references, children, links). */
function fieldsReaching(target: EntityName): { entity: EntityDef; field: string }[] {
  return allEntities().flatMap((entity) =>
    Object.entries(entity.fields).flatMap(([field, def]) => {
      const reaches =
        def.kind === 'reference' || def.kind === 'children'
          ? def.target === target
          : def.kind === 'links'
            ? (getEntity(def.link).fields[def.other] as { target?: string }).target === target
            : false;
      return reaches ? [{ entity, field }] : [];
    }),
  );
}

describe.each(roleScoped.map(([name, make]) => [name, make] as const))('%s: a row kept to other roles', (name, make) => {
  const n = opNames(name);
  let id: string;
  beforeAll(async () => {
    id = await make();
    expect(h.users[SPARK_WORKER].role).not.toBe(ROLES.safetyManager);
  });

  it('is missing from lists, counts, by-id reads, id filters and the CSV export; the role it is kept to reads it', async () => {
    const res = await h.gql<Record<string, unknown>>(
      SPARK_WORKER,
      `query($ids: [ID!], $id: ID!, $sid: String!) { l: ${n.list}(ids: $ids) { id } c: ${n.count}(ids: $ids) one: ${n.byId}(id: $id) { id }
        w: ${n.list}(where: [{path: "id", comparison: equal, value: [$sid]}]) { id } }`,
      { ids: [id], id, sid: id },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ l: [], c: 0, one: null, w: [] });
    const conditions = encodeURIComponent(JSON.stringify([[{ path: 'id', comparison: 'equal', value: [id] }]]));
    const csv = await h.app.inject({
      url: `/api/entity/${name}/export?stringConditions=${conditions}`,
      headers: { cookie: `${SESSION_COOKIE}=${h.users[SPARK_WORKER].cookie}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(id);
    const own = await h.gql(SPARK_MANAGER, `query($id: ID!) { one: ${n.byId}(id: $id) { id } }`, { id });
    expect(own.data).toEqual({ one: { id } });
  });

  it.each(fieldsReaching(name).map((r) => [`${r.entity.name}.${r.field}`, r] as const))(
    'is missing from the nested selection %s',
    async (_l, { entity: from, field }) => {
      const res = await h.gql(SPARK_WORKER, `{ r: ${opNames(from.name).list}(take: 1000) { id ${field} { id } } }`);
      if (errorCode(res) === 'FORBIDDEN') return; // the worker reads none of them
      expect(res.errors, `${from.name}.${field}`).toBeUndefined();
      expect(JSON.stringify(res.data), `${from.name}.${field}`).not.toContain(id);
    },
  );
});
