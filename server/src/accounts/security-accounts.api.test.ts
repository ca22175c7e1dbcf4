import { ROLES } from '@hub/model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPARK_MANAGER, SPARK_WORKER, SUPER, startHarness, type Harness } from '../test/harness';

/**
 * Account takeover through the generic GraphQL saves: who may write which fields of a
 * member account (architecture.md, Access; member-site.md section 6).
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const PASSWORD = 'demo-password-12';
const SAFETY_WORKER = 'safetyworker@sparkright.example';
const PRO_WORKER = 'proworker@sparkright.example';
const MANAGER = 'manager@sparkright.example';
const PRO_MANAGER = 'promanager@sparkright.example';

const UPDATE = `mutation($m: [MehubAccountEntityInput!]!) { updateMehubAccountEntity(mehubAccountEntityModels: $m) { id firstname roleId } }`;
const BULK = `mutation($ids: [ID!], $c: [[WhereExpressionGraph!]!], $f: [String!]!, $v: MehubAccountEntityInput!) {
  updateMehubAccountEntitysConditional(ids: $ids, conditions: $c, fieldsToUpdate: $f, values: $v) }`;

const code = (res: { errors?: { extensions?: Record<string, unknown> }[] }) => res.errors?.[0]?.extensions?.code;
const message = (res: { errors?: { message: string }[] }) => res.errors?.[0]?.message;

async function row(email: string) {
  const { rows } = await h.db.query<{
    firstname: string | null;
    password: string | null;
    role_id: string | null;
    email: string;
    memnet_id: string | null;
  }>('SELECT firstname, password, role_id, email, memnet_id FROM mehub_account WHERE id = $1', [h.users[email].id]);
  return rows[0];
}

async function roleId(name: string): Promise<string> {
  const { rows } = await h.db.query<{ id: string }>('SELECT id FROM role WHERE name = $1', [name]);
  return rows[0].id;
}

async function signIn(email: string, password = PASSWORD) {
  return h.app.inject({
    method: 'POST',
    url: '/api/authorization/login',
    headers: h.headers(null),
    payload: { username: email, password },
    remoteAddress: '10.9.9.9',
  });
}

async function apiToken(): Promise<string> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/account/generate-key',
    headers: h.headers(SPARK_MANAGER),
    payload: { name: 'Field app' },
  });
  return res.json().key as string;
}

async function asToken(key: string, query: string, variables: Record<string, unknown>) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ query, variables }),
  });
  return res.json() as { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

describe('passwords', () => {
  it('are never written through GraphQL by members, not even their own', async () => {
    const before = await row(SPARK_WORKER);
    const own = await h.gql(SPARK_WORKER, UPDATE, {
      m: [{ id: h.users[SPARK_WORKER].id, password: 'attacker-chosen-1', confirmPassword: 'attacker-chosen-1' }],
    });
    expect(code(own)).toBe('FORBIDDEN');
    expect(message(own)).toBe('Passwords are changed only through the password reset and account pages');
    const colleague = await h.gql(SPARK_MANAGER, UPDATE, {
      m: [{ id: h.users[SPARK_WORKER].id, password: 'attacker-chosen-1', confirmPassword: 'attacker-chosen-1' }],
    });
    expect(code(colleague)).toBe('FORBIDDEN');
    const cleared = await h.gql(SPARK_MANAGER, UPDATE, { m: [{ id: h.users[SPARK_WORKER].id, password: null }] });
    expect(code(cleared)).toBe('FORBIDDEN');
    expect((await row(SPARK_WORKER)).password).toBe(before.password);
    expect((await signIn(SPARK_WORKER, 'attacker-chosen-1')).statusCode).toBe(401);
  });

  it('are not written in bulk by members', async () => {
    const before = await row(SPARK_WORKER);
    // Refused (the confirmation rule already stops it before the access rule is reached).
    const res = await h.gql(SPARK_MANAGER, BULK, {
      ids: [h.users[SPARK_WORKER].id],
      f: ['password'],
      v: { password: 'attacker-chosen-1', confirmPassword: 'attacker-chosen-1' },
    });
    expect(res.errors).toBeDefined();
    expect((await row(SPARK_WORKER)).password).toBe(before.password);
  });

  it('are still set by administrators', async () => {
    const res = await h.gql(SUPER, UPDATE, {
      m: [{ id: h.users[SPARK_WORKER].id, password: 'admin-chosen-pass-1', confirmPassword: 'admin-chosen-pass-1' }],
    });
    expect(res.errors).toBeUndefined();
    expect((await signIn(SPARK_WORKER, 'admin-chosen-pass-1')).statusCode).toBe(200);
  });

  it('an account without a password cannot be signed in to (not even with the timing dummy)', async () => {
    await h.db.query('UPDATE mehub_account SET password = NULL WHERE id = $1', [h.users[SPARK_WORKER].id]);
    const res = await signIn(SPARK_WORKER, 'not-a-real-password-for-timing');
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].message).toBe('The email or password is incorrect, or the email address is not confirmed yet.');
  });
});

describe('worker roles', () => {
  it.each([SPARK_WORKER, SAFETY_WORKER, PRO_WORKER])('%s edits only their own record', async (worker) => {
    const other = await h.gql(worker, UPDATE, { m: [{ id: h.users[MANAGER].id, firstname: 'Hijacked' }] });
    expect(code(other)).toBe('FORBIDDEN');
    expect(message(other)).toBe('You can only edit your own user record');
    expect((await row(MANAGER)).firstname).toBe('Mia');
    const own = await h.gql<{ updateMehubAccountEntity: { firstname: string }[] }>(worker, UPDATE, {
      m: [{ id: h.users[worker].id, firstname: 'Renamed' }],
    });
    expect(own.errors).toBeUndefined();
    expect(own.data!.updateMehubAccountEntity[0].firstname).toBe('Renamed');
  });

  it('cannot update colleagues in bulk, and nothing changes', async () => {
    const res = await h.gql(SPARK_WORKER, BULK, {
      c: [[{ path: 'firstname', comparison: 'like', value: ['%'] }]],
      f: ['firstname'],
      v: { firstname: 'X' },
    });
    expect(code(res)).toBe('FORBIDDEN');
    const { rows } = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mehub_account WHERE firstname = 'X'`);
    expect(rows[0].n).toBe(0);
    const own = await h.gql(SPARK_WORKER, BULK, { ids: [h.users[SPARK_WORKER].id], f: ['firstname'], v: { firstname: 'X' } });
    expect(own.errors).toBeUndefined();
    expect((await row(SPARK_WORKER)).firstname).toBe('X');
  });
});

describe('roles', () => {
  it('a member cannot change their own role, one by one or in bulk', async () => {
    const manager = await roleId(ROLES.safetyManager);
    const before = await row(SPARK_WORKER);
    const single = await h.gql(SPARK_WORKER, UPDATE, { m: [{ id: h.users[SPARK_WORKER].id, roleId: manager }] });
    expect(code(single)).toBe('FORBIDDEN');
    expect(message(single)).toBe('You cannot change your own role');
    const bulk = await h.gql(SPARK_WORKER, BULK, { ids: [h.users[SPARK_WORKER].id], f: ['roleId'], v: { roleId: manager } });
    expect(code(bulk)).toBe('FORBIDDEN');
    expect((await row(SPARK_WORKER)).role_id).toBe(before.role_id);
    // Sending one's unchanged role (a whole-record save) is not a change.
    const same = await h.gql(SPARK_WORKER, UPDATE, { m: [{ id: h.users[SPARK_WORKER].id, roleId: before.role_id, firstname: 'Will' }] });
    expect(same.errors).toBeUndefined();
  });

  it("roles come from the administrators: a manager changes no role, a colleague's or their own, one by one or in bulk", async () => {
    const worker = await roleId(ROLES.worker);
    const manager = await roleId(ROLES.safetyManager);
    const before = (await row(PRO_WORKER)).role_id;
    const colleague = await h.gql(MANAGER, UPDATE, { m: [{ id: h.users[PRO_WORKER].id, roleId: worker }] });
    expect(code(colleague)).toBe('FORBIDDEN');
    expect(message(colleague)).toBe("Only an administrator can change a user's role");
    expect((await row(PRO_WORKER)).role_id).toBe(before);
    const self = await h.gql(MANAGER, UPDATE, { m: [{ id: h.users[MANAGER].id, roleId: manager }] });
    expect(code(self)).toBe('FORBIDDEN');
    const bulkColleague = await h.gql(PRO_MANAGER, BULK, { ids: [h.users[SPARK_WORKER].id], f: ['roleId'], v: { roleId: manager } });
    expect(code(bulkColleague)).toBe('FORBIDDEN');
    expect((await row(SPARK_WORKER)).role_id).toBe(await roleId(ROLES.worker));
  });

  it('managers edit colleagues of their organisation', async () => {
    const res = await h.gql(SPARK_MANAGER, UPDATE, { m: [{ id: h.users[SPARK_WORKER].id, firstname: 'William' }] });
    expect(res.errors).toBeUndefined();
    expect((await row(SPARK_WORKER)).firstname).toBe('William');
  });
});

describe('email', () => {
  it("a member cannot change another user's email", async () => {
    for (const who of [SPARK_MANAGER, SPARK_WORKER]) {
      const target = who === SPARK_WORKER ? MANAGER : SPARK_WORKER;
      const res = await h.gql(who, UPDATE, { m: [{ id: h.users[target].id, email: 'attacker@evil.example' }] });
      expect(code(res), who).toBe('FORBIDDEN');
      expect((await row(target)).email).toBe(target);
    }
    // A manager's whole-record save that repeats the stored address is fine.
    const same = await h.gql(SPARK_MANAGER, UPDATE, {
      m: [{ id: h.users[SPARK_WORKER].id, email: SPARK_WORKER.toUpperCase(), firstname: 'Will' }],
    });
    expect(same.errors).toBeUndefined();
    const bulk = await h.gql(SPARK_MANAGER, BULK, { ids: [h.users[SPARK_WORKER].id], f: ['email'], v: { email: 'attacker@evil.example' } });
    expect(bulk.errors).toBeDefined();
    expect((await row(SPARK_WORKER)).email).toBe(SPARK_WORKER);
  });
});

describe('API tokens', () => {
  it('cannot write accounts at all', async () => {
    const key = await apiToken();
    const single = await asToken(key, UPDATE, { m: [{ id: h.users[SPARK_WORKER].id, firstname: 'Hijacked' }] });
    expect(code(single)).toBe('FORBIDDEN');
    expect(message(single)).toBe('An API token cannot change user accounts');
    const bulk = await asToken(key, BULK, { ids: [h.users[SPARK_WORKER].id], f: ['firstname'], v: { firstname: 'Hijacked' } });
    expect(code(bulk)).toBe('FORBIDDEN');
    const password = await asToken(key, UPDATE, {
      m: [{ id: h.users[SPARK_WORKER].id, password: 'attacker-chosen-1', confirmPassword: 'attacker-chosen-1' }],
    });
    expect(code(password)).toBe('FORBIDDEN');
    expect((await row(SPARK_WORKER)).firstname).toBe('Will');
    // Reading stays allowed.
    const read = await asToken(key, '{ countMehubAccountEntitys }', {});
    expect(read.errors).toBeUndefined();
  });
});
