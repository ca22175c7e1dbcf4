import { messages, recordMessages } from '@hub/model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fieldWriteMessages } from '../access/fields';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { recordApi } from '../test/records-api';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const api = recordApi(() => h);
const D = 'DocumentEntity';
const L = 'LicenceEntity';
const SAFETY_WORKER = 'safetyworker@sparkright.example';
const MANAGER = 'manager@sparkright.example';
const PRO_MANAGER = 'promanager@sparkright.example';

const typeId = async (name: string) =>
  (await h.db.query<{ id: string }>('SELECT id FROM document_types WHERE name = $1', [name])).rows[0].id;
const doc = async (who: string, extra: Record<string, unknown> = {}) => {
  const res = await api.create<{ id: string; status: string }>(
    who,
    D,
    [{ documentName: 'Ladder SWMS', documentLink: 'https://example.org/x', documentTypess: [{ id: await typeId('SWMS') }], ...extra }],
    'id status',
  );
  expect(res.message).toBeNull();
  return res.r![0];
};
const statusOf = async (table: string, id: string) => (await api.row<{ s: string }>(table, id, 'status AS s'))?.s;
/** The Member Back-office group for a Sparkright worker (back-end access without a manager role). */
const giveBackoffice = async (email: string) => {
  await h.db.query(`INSERT INTO user_group (user_id, group_name) VALUES ($1, 'Member Back-office')`, [h.users[email].id]);
  h.uncacheSessions();
};

describe('document status', () => {
  it('creates ACTIVE for a SafetyManager and PENDING for anyone else, whatever they send; administrators choose', async () => {
    expect((await doc(SPARK_MANAGER, { status: 'PENDING' })).status).toBe('ACTIVE');
    expect((await doc(SAFETY_WORKER, { status: 'ACTIVE' })).status).toBe('PENDING');
    expect((await doc(MANAGER)).status).toBe('PENDING');
    expect((await doc(ADMIN, { status: 'INACTIVE', memberOrganisationId: h.org.spark })).status).toBe('INACTIVE');
  });

  it('follows the transitions: approve, make inactive, make active; nothing else', async () => {
    const { id } = await doc(SAFETY_WORKER);
    expect((await api.update(SPARK_MANAGER, D, [{ id, status: 'INACTIVE' }])).message).toBe(
      recordMessages.documentTransition('PENDING', 'INACTIVE'),
    );
    expect((await api.update(SPARK_MANAGER, D, [{ id, status: 'ACTIVE' }])).message).toBeNull();
    expect((await api.update(SPARK_MANAGER, D, [{ id, status: 'INACTIVE' }])).message).toBeNull();
    expect((await api.update(SPARK_MANAGER, D, [{ id, status: 'PENDING' }])).message).toBe(
      recordMessages.documentTransition('INACTIVE', 'PENDING'),
    );
    expect((await api.update(SPARK_MANAGER, D, [{ id, status: 'ACTIVE' }])).message).toBeNull();
    expect(await statusOf('document', id)).toBe('ACTIVE');
  });

  it('refuses status changes by other roles, and lets a back-end holder without a manager role make one inactive', async () => {
    const { id } = await doc(SPARK_MANAGER);
    for (const who of [SAFETY_WORKER, MANAGER, SPARK_WORKER])
      expect((await api.update(who, D, [{ id, status: 'INACTIVE' }])).message).toBe(`${messages.accessDenied}: update DocumentEntity`);
    await giveBackoffice(SPARK_WORKER);
    expect((await api.update(SPARK_WORKER, D, [{ id, status: 'INACTIVE' }])).message).toBeNull();
    expect(await statusOf('document', id)).toBe('INACTIVE');
  });

  it('holds the bulk path to the transitions', async () => {
    const a = await doc(SPARK_MANAGER);
    const b = await doc(SAFETY_WORKER);
    const res = await api.bulk(SPARK_MANAGER, D, [a.id, b.id], ['status'], { status: 'INACTIVE' });
    expect(res.message).toContain(recordMessages.documentTransition('PENDING', 'INACTIVE'));
    expect(await statusOf('document', a.id)).toBe('ACTIVE');
    expect((await api.bulk(SPARK_MANAGER, D, [b.id], ['status'], { status: 'ACTIVE' })).message).toBeNull();
    expect(await statusOf('document', b.id)).toBe('ACTIVE');
  });

  it("removes only pending documents, by approvers; Voltline cannot approve or remove Sparkright's", async () => {
    const pending = await doc(SAFETY_WORKER);
    const active = await doc(SPARK_MANAGER);
    expect((await api.update(VOLT_MANAGER, D, [{ id: pending.id, status: 'ACTIVE' }])).code).toBe('NOT_FOUND');
    expect((await api.remove(VOLT_MANAGER, D, [pending.id])).code).toBe('NOT_FOUND');
    expect((await api.remove(SAFETY_WORKER, D, [pending.id])).message).toBe(`${messages.accessDenied}: delete DocumentEntity`);
    expect((await api.remove(SPARK_MANAGER, D, [active.id])).message).toBe(recordMessages.documentRemoveOnlyPending);
    expect((await api.remove(SPARK_MANAGER, D, [pending.id])).message).toBeNull();
    expect(await statusOf('document', pending.id)).toBeUndefined();
  });

  it('keeps member-body documents away from members', async () => {
    const mea = await typeId('MEA Policies');
    const res = await api.create(SPARK_MANAGER, D, [
      { documentName: 'x', documentLink: 'https://example.org/y', documentTypess: [{ id: mea }] },
    ]);
    expect(res.message).toBe(recordMessages.documentMea);
    const own = await doc(SPARK_MANAGER);
    expect((await api.update(SPARK_MANAGER, D, [{ id: own.id, documentTypess: [{ id: mea }] }])).message).toBe(recordMessages.documentMea);
  });

  it('holds the file-or-link rule on create and on partial updates', async () => {
    const neither = await api.create(SPARK_MANAGER, D, [{ documentName: 'x', documentTypess: [{ id: await typeId('SDS') }] }]);
    expect(neither.message).toBe(messages.documentNeither);
    const { id } = await doc(SPARK_MANAGER);
    // Clearing the link without a file; clearing nothing but naming the (absent) file is fine while the link stays.
    expect((await api.update(SPARK_MANAGER, D, [{ id, documentLink: null }])).message).toBe(messages.documentNeither);
    expect((await api.update(SPARK_MANAGER, D, [{ id, documentUploadId: null }])).message).toBeNull();
    expect((await api.update(SPARK_MANAGER, D, [{ id, documentTypess: [] }])).message).toBe(messages.atLeastOne);
  });
});

describe('licences', () => {
  const licence = (extra: Record<string, unknown> = {}) => ({
    licenceName: 'Electrical licence',
    licenceIssuer: 'Energy Safe Victoria',
    licenceType: 'ELECTRICAL',
    ...extra,
  });
  const FIELDS = 'id status authorizedDate mehubAccountId';
  type Row = { id: string; status: string; authorizedDate: string | null; mehubAccountId: string };

  it('approves the saves of managers and back-end holders by renewal date; workers wait', async () => {
    const future = await api.create<Row>(MANAGER, L, [licence({ renewalDate: '2099-01-01', status: 'PENDING' })], FIELDS);
    expect(future.r![0]).toMatchObject({ status: 'ACTIVE', mehubAccountId: h.users[MANAGER].id });
    expect(future.r![0].authorizedDate).not.toBeNull();
    const past = await api.create<Row>(PRO_MANAGER, L, [licence({ renewalDate: '2001-01-01' })], FIELDS);
    expect(past.r![0].status).toBe('EXPIRED');
    const worker = await api.create<Row>(SPARK_WORKER, L, [licence()], FIELDS);
    expect(worker.r![0]).toMatchObject({ status: 'PENDING', authorizedDate: null });
    expect((await api.create(SPARK_WORKER, L, [licence({ status: 'ACTIVE' })])).message).toBe(recordMessages.licenceApprove);
    await giveBackoffice(SPARK_WORKER);
    expect((await api.create<Row>(SPARK_WORKER, L, [licence()], FIELDS)).r![0].status).toBe('ACTIVE');
  });

  it("lets a manager approve a colleague's licence and keeps workers to their own", async () => {
    const { id } = (await api.create<Row>(SAFETY_WORKER, L, [licence({ renewalDate: '2099-01-01' })], FIELDS)).r![0];
    // A worker cannot approve, nor add a licence to a colleague.
    expect((await api.update(SAFETY_WORKER, L, [{ id, status: 'ACTIVE' }])).message).toBe(recordMessages.licenceApprove);
    expect((await api.create(SPARK_WORKER, L, [licence({ mehubAccountId: h.users[MANAGER].id })])).message).toBe(
      recordMessages.licenceOwnOnly,
    );
    expect((await api.update(SPARK_WORKER, L, [{ id, status: 'ACTIVE' }])).code).toBe('NOT_FOUND');
    // Voltline neither.
    expect((await api.update(VOLT_MANAGER, L, [{ id, status: 'ACTIVE' }])).code).toBe('NOT_FOUND');
    const approved = await api.update<Row>(MANAGER, L, [{ id, status: 'ACTIVE' }], FIELDS);
    expect(approved.message).toBeNull();
    expect(approved.r![0].status).toBe('ACTIVE');
    expect(approved.r![0].authorizedDate).not.toBeNull();
    // The worker's own edit sends it back for approval.
    const edited = await api.update<Row>(SAFETY_WORKER, L, [{ id, description: 'renewed card' }], FIELDS);
    expect(edited.r![0]).toMatchObject({ status: 'PENDING', authorizedDate: null });
    // A manager creates for a colleague of their organisation.
    const forColleague = await api.create<Row>(MANAGER, L, [licence({ mehubAccountId: h.users[SPARK_WORKER].id })], FIELDS);
    expect(forColleague.r![0]).toMatchObject({ status: 'ACTIVE', mehubAccountId: h.users[SPARK_WORKER].id });
    expect((await api.create(VOLT_MANAGER, L, [licence({ mehubAccountId: h.users[SPARK_WORKER].id })])).message).toMatch(/does not exist/);
  });

  it('removes: an approver any, the holder only while pending; reminder logs go with it', async () => {
    const { id } = (await api.create<Row>(SPARK_WORKER, L, [licence()], FIELDS)).r![0];
    const other = (await api.create<Row>(SPARK_WORKER, L, [licence()], FIELDS)).r![0].id;
    await h.db.query(`INSERT INTO reminder_log (entity_id, description) VALUES ($1, 'pending')`, [other]);
    expect((await api.update(MANAGER, L, [{ id, status: 'ACTIVE' }])).message).toBeNull();
    expect((await api.remove(SPARK_WORKER, L, [id])).message).toBe(recordMessages.licenceRemove);
    expect((await api.remove(SPARK_WORKER, L, [other])).message).toBeNull();
    expect((await h.db.query('SELECT 1 FROM reminder_log WHERE entity_id = $1', [other])).rows).toHaveLength(0);
    expect((await api.remove(VOLT_MANAGER, L, [id])).code).toBe('NOT_FOUND');
    expect((await api.remove(MANAGER, L, [id])).message).toBeNull();
  });
});

describe('user accounts', () => {
  const U = 'MehubAccountEntity';
  it('keeps worker roles to their own record; managers and back-end holders edit colleagues', async () => {
    const colleague = h.users[SPARK_WORKER].id;
    expect((await api.update(SAFETY_WORKER, U, [{ id: colleague, mobileNumber: '0400' }])).message).toBe(fieldWriteMessages.ownRecordOnly);
    expect((await api.update(SAFETY_WORKER, U, [{ id: h.users[SAFETY_WORKER].id, mobileNumber: '0400' }])).message).toBeNull();
    expect((await api.update(MANAGER, U, [{ id: colleague, mobileNumber: '0401' }])).message).toBeNull();
    expect((await api.update(VOLT_MANAGER, U, [{ id: colleague, mobileNumber: '0402' }])).code).toBe('NOT_FOUND');
    await giveBackoffice('proworker@sparkright.example');
    expect((await api.update('proworker@sparkright.example', U, [{ id: colleague, mobileNumber: '0403' }])).message).toBeNull();
  });

  it('keeps email, user name and two-factor flag as created', async () => {
    const id = h.users[MANAGER].id;
    await api.update(MANAGER, U, [{ id, userName: 'someone', twoFactorEnabled: true, email: MANAGER }]);
    expect(await api.row('mehub_account', id, 'user_name, two_factor_enabled')).toEqual({ user_name: MANAGER, two_factor_enabled: false });
  });
});
