import { GROUPS, allEntities, hasRoleFact, isManagerRole, opNames, type EntityDef, type Operation } from '@hub/model';
import { actionMessages } from '@hub/model/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowed } from '../access/rules';
import { photoUploadMessages } from '../forms/photos';
import type { Caller } from '../access/caller';
import { ADMIN, SUPER, startHarness, type Harness } from './harness';
import { changeFor, createSample, sampleInput } from './samples';

/**
 * Generated from the model: for every entity, group (and the member roles the matrix
 * names) and operation, the API allows exactly what data-layer.md section 6 allows.
 */
const CALLERS = [
  SUPER,
  ADMIN,
  'safetymanager@sparkright.example',
  'manager@sparkright.example',
  'worker@sparkright.example',
  null,
] as const;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

function callerOf(email: string | null): Caller | null {
  if (!email) return null;
  const u = h.users[email];
  const groups = email === SUPER ? [GROUPS.superAdministrators] : email === ADMIN ? [GROUPS.admin] : [GROUPS.member];
  return {
    userId: u.id,
    kind: u.organisationId ? 'account' : 'admin',
    groups,
    role: u.role,
    roleId: null,
    organisationId: u.organisationId,
    email,
  };
}

function expectOutcome(
  entity: EntityDef,
  who: string | null,
  op: Operation,
  res: { errors?: { message: string; extensions?: Record<string, unknown> }[] },
) {
  const expected = allowed(callerOf(who), entity, op);
  const label = `${who ?? 'visitor'} ${op} ${entity.name}`;
  if (expected) expect(res.errors, label).toBeUndefined();
  else {
    expect(res.errors?.[0]?.extensions?.code, label).toBe(who ? 'FORBIDDEN' : 'UNAUTHENTICATED');
  }
}

describe.each(allEntities().map((e) => [e.name, e] as const))('%s', (_name, entity) => {
  const n = opNames(entity.name);
  const ctxOf = (who: string | null) => {
    const member = who && h.users[who].organisationId ? h.users[who] : h.users['safetymanager@sparkright.example'];
    return { org: member.organisationId!, account: member.id };
  };

  it.each(CALLERS.map((c) => [c ?? 'visitor', c] as const))('read as %s', async (_l, who) => {
    await createSample(h.db, entity.name, ctxOf(who));
    const res = await h.gql(who, `{ ${n.list}(take: 5) { id } ${n.count} }`);
    expectOutcome(entity, who, 'read', res);
    if (!res.errors) expect((res.data as Record<string, unknown[]>)[n.list].length).toBeGreaterThan(0);
  });

  it.each(CALLERS.map((c) => [c ?? 'visitor', c] as const))('create as %s', async (_l, who) => {
    const input = await sampleInput(h.db, entity.name, ctxOf(who));
    const before = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${entity.table}`);
    const res = await h.gql(who, `mutation($m: [${n.input}!]!) { ${n.create}(${n.inputArg}: $m) { id } }`, { m: [input] });
    // Attaching an asset or a document to a submission is also a role rule (the limited attachments
    // toolbar, forms/attach-rules.ts): those roles are refused whatever the matrix allows.
    const attaching = entity.name === 'FormSubmissionsAssets' || entity.name === 'FormSubmissionsDocuments';
    if (attaching && who && hasRoleFact('limitedAttachToolbar', h.users[who].role))
      expect(res.errors?.[0]?.message, `${who} create ${entity.name}`).toMatch(/^Your role cannot attach/);
    // A member's photo is the JPEG they upload (a multipart request, forms/photos.api.test.ts): a JSON create names none.
    else if (entity.name === 'FormPhotoEntity' && who && h.users[who].organisationId && allowed(callerOf(who), entity, 'create'))
      expect(res.errors?.[0]?.message, `${who} create ${entity.name}`).toBe(photoUploadMessages.photoRequired);
    else expectOutcome(entity, who, 'create', res);
    const after = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${entity.table}`);
    expect(after.rows[0].n - before.rows[0].n).toBe(res.errors ? 0 : 1);
  });

  it.each(CALLERS.map((c) => [c ?? 'visitor', c] as const))('update as %s', async (_l, who) => {
    // Which account a member may change is a row rule (security-accounts suite); the matrix is tested on their own.
    const own = entity.name === 'MehubAccountEntity' && who && h.users[who].organisationId;
    const id = own ? h.users[who].id : await createSample(h.db, entity.name, ctxOf(who));
    // An account's membership-system fields (memnetID, the first text) are the administrators' (access/fields.ts).
    const change = entity.name === 'MehubAccountEntity' ? { firstname: 'Changed' } : changeFor(entity);
    const res = await h.gql(who, `mutation($m: [${n.input}!]!) { ${n.update}(${n.inputArg}: $m) { id } }`, {
      m: [{ id, ...change }],
    });
    // The assignee of a corrective action who is no manager closes it and changes nothing else (access/actions.ts).
    if (entity.name === 'CorrectiveActionEntity' && who && h.users[who].organisationId && !isManagerRole(h.users[who].role))
      expect(res.errors?.[0]?.message, `${who} update ${entity.name}`).toBe(actionMessages.assigneeCloseOnly);
    else expectOutcome(entity, who, 'update', res);
  });

  /**
   * A row the workflow lets its holder remove, so that the matrix alone decides (access/records.ts
   * assertDeleteRules): a document while pending, a licence while pending (the sample's account
   * is the caller's own). Approved ones are the records' suites' cases.
   */
  const deletableSample = async (who: string | null) => {
    const pending = entity.name === 'DocumentEntity' ? { status: 'PENDING' } : {};
    const id = await createSample(h.db, entity.name, ctxOf(who), pending);
    if (entity.name === 'LicenceEntity')
      await h.db.query(`UPDATE licence SET status = 'PENDING', authorized_date = NULL WHERE id = $1`, [id]);
    return id;
  };

  it.each(CALLERS.map((c) => [c ?? 'visitor', c] as const))('delete as %s', async (_l, who) => {
    const id = await deletableSample(who);
    const res = await h.gql(who, `mutation($ids: [ID!]!) { ${n.delete}(${n.idsArg}: $ids) }`, { ids: [id] });
    expectOutcome(entity, who, 'delete', res);
    const { rows } = await h.db.query(`SELECT 1 FROM ${entity.table} WHERE id = $1`, [id]);
    expect(rows.length).toBe(res.errors ? 1 : 0);
  });
});
