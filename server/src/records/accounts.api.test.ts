import { recordMessages } from '@hub/model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fieldWriteMessages } from '../access/fields';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { recordApi } from '../test/records-api';

/**
 * User accounts through GraphQL (issue 11, users): isPrimaryContact read and written through the
 * account, roles and the membership system's fields for administrators only.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const api = recordApi(() => h);
const A = 'MehubAccountEntity';
const MANAGER = 'manager@sparkright.example';
const SAFETY_WORKER = 'safetyworker@sparkright.example';
const VOLT_WORKER = 'worker@voltline.example';

const primaryOf = async (code: string) =>
  (await h.db.query<{ p: string | null }>('SELECT primary_contact_id AS p FROM member_organisation WHERE member_code = $1', [code])).rows[0]
    .p;
const flags = async (who: string) =>
  (await h.gql<{ r: { id: string; isPrimaryContact: boolean }[] }>(who, '{ r: mehubAccountEntitys { id isPrimaryContact } }')).data!.r;

describe('isPrimaryContact', () => {
  it('reads true for the organisation’s primary contact only, by id, in lists and nested', async () => {
    const worker = h.users[SPARK_WORKER].id;
    expect((await api.update(MANAGER, A, [{ id: worker, isPrimaryContact: true }])).message).toBeNull();
    const list = await flags(MANAGER);
    expect(list.filter((u) => u.isPrimaryContact).map((u) => u.id)).toEqual([worker]);
    const one = await h.gql<{ r: { isPrimaryContact: boolean } }>(
      SPARK_WORKER,
      `{ r: mehubAccountEntity(id: "${worker}") { isPrimaryContact } }`,
    );
    expect(one.data!.r.isPrimaryContact).toBe(true);
    const nested = await h.gql<{ r: { mehubAccounts: { id: string; isPrimaryContact: boolean }[] }[] }>(
      MANAGER,
      '{ r: memberOrganisationEntitys { mehubAccounts { id isPrimaryContact } } }',
    );
    expect(nested.data!.r[0].mehubAccounts.filter((u) => u.isPrimaryContact).map((u) => u.id)).toEqual([worker]);
    const filtered = await h.gql<{ r: { id: string }[] }>(
      MANAGER,
      '{ r: mehubAccountEntitys(where: [{ path: "isPrimaryContact", comparison: equal, value: ["true"] }]) { id } }',
    );
    expect(filtered.errors).toBeUndefined();
    expect(filtered.data!.r.map((u) => u.id)).toEqual([worker]);
  });

  it('a manager sets it, moves it and clears it; the answer of the save reads the new value', async () => {
    const worker = h.users[SPARK_WORKER].id;
    const manager = h.users[MANAGER].id;
    const set = await api.update<{ isPrimaryContact: boolean }>(
      MANAGER,
      A,
      [{ id: worker, isPrimaryContact: true }],
      'id isPrimaryContact',
    );
    expect(set.message).toBeNull();
    expect(set.r![0].isPrimaryContact).toBe(true);
    expect(await primaryOf('DEMO1')).toBe(worker);
    expect((await api.update(MANAGER, A, [{ id: manager, isPrimaryContact: true }])).message).toBeNull();
    expect(await primaryOf('DEMO1')).toBe(manager);
    // Clearing someone who is not the contact changes nothing.
    expect((await api.update(MANAGER, A, [{ id: worker, isPrimaryContact: false }])).message).toBeNull();
    expect(await primaryOf('DEMO1')).toBe(manager);
    expect((await api.update(MANAGER, A, [{ id: manager, isPrimaryContact: false }])).message).toBeNull();
    expect(await primaryOf('DEMO1')).toBeNull();
  });

  it('a SafetyManager and an administrator set it too, with the account’s other fields in one save', async () => {
    const worker = h.users[SPARK_WORKER].id;
    expect((await api.update(SPARK_MANAGER, A, [{ id: worker, isPrimaryContact: true, firstname: 'Wendy' }])).message).toBeNull();
    expect(await primaryOf('DEMO1')).toBe(worker);
    expect((await api.row<{ f: string }>('mehub_account', worker, 'firstname AS f'))!.f).toBe('Wendy');
    expect((await api.update(ADMIN, A, [{ id: h.users[VOLT_MANAGER].id, isPrimaryContact: true }])).message).toBeNull();
    expect(await primaryOf('DEMO2')).toBe(h.users[VOLT_MANAGER].id);
  });

  it('a worker cannot set it, their own included; sending what is stored is no change', async () => {
    const me = h.users[SAFETY_WORKER].id;
    const before = await primaryOf('DEMO1');
    const res = await api.update(SAFETY_WORKER, A, [{ id: me, isPrimaryContact: true }]);
    expect(res.message).toBe(recordMessages.primaryContact);
    expect(await primaryOf('DEMO1')).toBe(before);
    expect((await api.update(SAFETY_WORKER, A, [{ id: me, isPrimaryContact: before === me, firstname: 'Sam' }])).message).toBeNull();
    expect((await api.update(SPARK_WORKER, A, [{ id: h.users[SPARK_WORKER].id, isPrimaryContact: true }])).message).toBe(
      recordMessages.primaryContact,
    );
  });

  it('never crosses organisations: Voltline’s manager sets no Sparkright contact', async () => {
    const before = await primaryOf('DEMO1');
    const res = await api.update(VOLT_MANAGER, A, [{ id: h.users[SPARK_WORKER].id, isPrimaryContact: true }]);
    expect(res.code).toBe('NOT_FOUND');
    expect(await primaryOf('DEMO1')).toBe(before);
    expect(await primaryOf('DEMO2')).not.toBe(h.users[SPARK_WORKER].id);
  });

  it('is not a bulk field', async () => {
    const res = await api.bulk(MANAGER, A, [h.users[SPARK_WORKER].id], ['isPrimaryContact'], { isPrimaryContact: true });
    expect(res.message).toMatch(/cannot be updated in bulk/);
  });
});

describe('roles and the membership system’s fields', () => {
  const roleId = async (name: string) => (await h.db.query<{ id: string }>('SELECT id FROM role WHERE name = $1', [name])).rows[0].id;

  it('a manager changes no colleague’s role, single or bulk; an administrator does', async () => {
    const worker = h.users[SPARK_WORKER].id;
    const sm = await roleId('SafetyManager');
    expect((await api.update(MANAGER, A, [{ id: worker, roleId: sm }])).message).toBe(fieldWriteMessages.role);
    expect((await api.bulk(MANAGER, A, [worker], ['roleId'], { roleId: sm })).message).toBe(fieldWriteMessages.role);
    expect((await api.bulk(SPARK_MANAGER, A, [worker], ['roleId'], { roleId: sm })).message).toBe(fieldWriteMessages.role);
    expect((await api.row<{ r: string }>('mehub_account', worker, 'role_id AS r'))!.r).not.toBe(sm);
    // The stored role sent back (a whole-record save) is no change.
    const stored = (await api.row<{ r: string }>('mehub_account', worker, 'role_id AS r'))!.r;
    expect((await api.update(MANAGER, A, [{ id: worker, roleId: stored, firstname: 'Will' }])).message).toBeNull();
    expect((await api.update(ADMIN, A, [{ id: worker, roleId: sm }])).message).toBeNull();
    expect((await api.row<{ r: string }>('mehub_account', worker, 'role_id AS r'))!.r).toBe(sm);
  });

  it('members change none of memnetID, isDuplicate, organisation, start and end dates, their own included', async () => {
    const worker = h.users[SPARK_WORKER].id;
    const manager = h.users[MANAGER].id;
    const volt = (await h.db.query<{ id: string }>(`SELECT id FROM member_organisation WHERE member_code = 'DEMO2'`)).rows[0].id;
    const changes: Record<string, unknown>[] = [
      { memnetID: '999999' },
      { isDuplicate: true },
      { startDate: '2020-01-01' },
      { endDate: '2030-12-31' },
      { memberOrganisationId: volt },
    ];
    for (const change of changes) {
      expect((await api.update(MANAGER, A, [{ id: worker, ...change }])).message, JSON.stringify(change)).toBe(
        fieldWriteMessages.membership,
      );
      expect((await api.update(MANAGER, A, [{ id: manager, ...change }])).message, JSON.stringify(change)).toBe(
        fieldWriteMessages.membership,
      );
      expect((await api.update(SPARK_WORKER, A, [{ id: worker, ...change }])).message, JSON.stringify(change)).toBe(
        fieldWriteMessages.membership,
      );
    }
    const bulk = await api.bulk(SPARK_MANAGER, A, [worker], ['memnetID'], { memnetID: '1' });
    expect(bulk.message).toBe(fieldWriteMessages.membership);
    const row = await api.row<Record<string, unknown>>('mehub_account', worker, 'memnet_id, is_duplicate, member_organisation_id');
    expect(row!.memnet_id).not.toBe('999999');
    expect(row!.is_duplicate).toBe(false);
    expect(row!.member_organisation_id).not.toBe(volt);
  });

  it('the stored values sent back are no change; an administrator changes them', async () => {
    const worker = h.users[SPARK_WORKER].id;
    const stored = (
      await h.gql<{ r: Record<string, unknown> }>(
        MANAGER,
        `{ r: mehubAccountEntity(id: "${worker}") { memnetID isDuplicate startDate endDate memberOrganisationId } }`,
      )
    ).data!.r;
    expect((await api.update(MANAGER, A, [{ id: worker, ...stored, firstname: 'Walt' }])).message).toBeNull();
    expect((await api.update(ADMIN, A, [{ id: worker, memnetID: '424242', startDate: '2021-02-03' }])).message).toBeNull();
    expect((await api.row<{ m: string }>('mehub_account', worker, 'memnet_id AS m'))!.m).toBe('424242');
  });

  it("Voltline's worker is refused Sparkright's accounts as not found", async () => {
    expect((await api.update(VOLT_WORKER, A, [{ id: h.users[SPARK_WORKER].id, firstname: 'x' }])).code).toBe('NOT_FOUND');
  });
});

describe("colleagues' personal details (field-level read rule, access/fields.ts)", () => {
  const MOBILE = '0400 111 222';
  beforeEach(async () => {
    await h.db.query(`UPDATE mehub_account SET mobile_number = $1, street_address1 = '1 Main St', postcode = '6000', memnet_id = '777'`, [
      MOBILE,
    ]);
  });
  const PERSONAL = 'mobileNumber streetAddress1 postcode memnetID';
  type Row = { id: string; firstname: string | null; email: string; mobileNumber: string | null; streetAddress1: string | null };
  const colleague = () => h.users[SPARK_MANAGER].id;

  it('worker roles read ids, names and email of colleagues, their personal details empty: list, by id, nested', async () => {
    for (const who of [SAFETY_WORKER, SPARK_WORKER]) {
      const list = (await h.gql<{ r: Row[] }>(who, `{ r: mehubAccountEntitys { id firstname email ${PERSONAL} } }`)).data!.r;
      const other = list.find((u) => u.id === colleague())!;
      expect(other.email).toBe(SPARK_MANAGER);
      expect([other.mobileNumber, other.streetAddress1]).toEqual([null, null]);
      expect(list.find((u) => u.id === h.users[who].id)!.mobileNumber).toBe(MOBILE);
      const one = (await h.gql<{ r: Row }>(who, `{ r: mehubAccountEntity(id: "${colleague()}") { id email ${PERSONAL} } }`)).data!.r;
      expect(one.email).toBe(SPARK_MANAGER);
      expect(one.mobileNumber).toBeNull();
      const nested = await h.gql<{ r: { mehubAccounts: Row[] }[] }>(
        who,
        `{ r: memberOrganisationEntitys { mehubAccounts { id ${PERSONAL} } } }`,
      );
      expect(nested.data!.r[0].mehubAccounts.filter((u) => u.mobileNumber !== null).map((u) => u.id)).toEqual([h.users[who].id]);
      const viaLicence = await h.gql<{ r: { mehubAccount: Row | null }[] }>(
        who,
        `{ r: licenceEntitys { mehubAccount { id mobileNumber } } }`,
      );
      expect(
        viaLicence.data!.r.every((l) => !l.mehubAccount || l.mehubAccount.id === h.users[who].id || l.mehubAccount.mobileNumber === null),
      ).toBe(true);
    }
  });

  it('managers and administrators read them', async () => {
    for (const who of [MANAGER, SPARK_MANAGER, ADMIN]) {
      const one = (await h.gql<{ r: Row }>(who, `{ r: mehubAccountEntity(id: "${h.users[SPARK_WORKER].id}") { mobileNumber } }`)).data!.r;
      expect(one.mobileNumber, who).toBe(MOBILE);
    }
  });

  it('no search condition nor sort tells them', async () => {
    const byMobile = await h.gql<{ r: { id: string }[] }>(
      SAFETY_WORKER,
      `{ r: mehubAccountEntitys(where: [{ path: "mobileNumber", comparison: equal, value: ["${MOBILE}"] }]) { id } }`,
    );
    expect(byMobile.data!.r.map((u) => u.id)).toEqual([h.users[SAFETY_WORKER].id]);
    const nested = await h.gql<{ r: { id: string }[] }>(
      SAFETY_WORKER,
      `{ r: memberOrganisationEntitys(where: [{ path: "mehubAccounts.memnetID", comparison: contains, value: ["77"] }]) { id } }`,
    );
    expect(nested.errors).toBeUndefined();
    const sorted = await h.gql<{ r: { id: string }[] }>(
      SAFETY_WORKER,
      `{ r: mehubAccountEntitys(orderBy: [{ path: "postcode" }]) { id } }`,
    );
    expect(sorted.errors).toBeUndefined();
    const isNull = await h.gql<{ r: { id: string }[] }>(
      SPARK_WORKER,
      `{ r: mehubAccountEntitys(where: [{ path: "mobileNumber", comparison: notEqual, value: [null] }]) { id } }`,
    );
    expect(isNull.data!.r.map((u) => u.id)).toEqual([h.users[SPARK_WORKER].id]);
  });

  it('the CSV export leaves them empty; the PDF of a colleague is refused', async () => {
    const csv = await h.app.inject({ url: '/api/entity/MehubAccountEntity/export', headers: h.headers(SAFETY_WORKER) });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines.filter((l) => l.includes(MOBILE))).toHaveLength(1);
    expect(lines.find((l) => l.includes(MOBILE))).toContain(h.users[SAFETY_WORKER].id);
    expect(lines.some((l) => l.includes(SPARK_MANAGER))).toBe(true);
    const managerCsv = await h.app.inject({ url: '/api/entity/MehubAccountEntity/export', headers: h.headers(MANAGER) });
    expect(managerCsv.body.split(MOBILE).length - 1).toBeGreaterThan(1);
    for (const who of [SAFETY_WORKER, SPARK_WORKER]) {
      const pdf = await h.app.inject({ url: `/api/entity/MehubAccountEntity/pdf/${colleague()}`, headers: h.headers(who) });
      expect(pdf.statusCode, who).toBe(403);
    }
  });
});
