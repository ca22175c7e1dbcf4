import { messages, recordMessages } from '@hub/model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { recordApi } from '../test/records-api';

/**
 * Rules of the member records found missing in review (issue 11): attachments of an approved
 * licence, a licence renewing today, reminder logs named in another case, and links of
 * documents to accounts and to document types written past the document's own rules.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const api = recordApi(() => h);
const L = 'LicenceEntity';
const LA = 'LicenceAttachmentsEntity';
const SAFETY_WORKER = 'safetyworker@sparkright.example';
const MANAGER = 'manager@sparkright.example';
const FIELDS = 'id status authorizedDate';
type Row = { id: string; status: string; authorizedDate: string | null };
const licence = (extra: Record<string, unknown> = {}) => ({
  licenceName: 'Electrical licence',
  licenceIssuer: 'Energy Safety',
  licenceType: 'ELECTRICAL',
  mehubAccountId: h.users[SAFETY_WORKER].id,
  ...extra,
});
const stateOf = async (id: string) =>
  (await h.db.query<{ status: string; a: string | null }>('SELECT status, authorized_date AS a FROM licence WHERE id = $1', [id])).rows[0];
const approvedFor = async () => {
  const made = await api.create<Row>(MANAGER, L, [licence()], FIELDS);
  expect(made.r![0].status).toBe('ACTIVE');
  return made.r![0].id;
};

describe('attachments of an approved licence', () => {
  it('a worker adding one puts the licence back to pending, not authorized', async () => {
    const id = await approvedFor();
    expect((await api.create(SAFETY_WORKER, LA, [{ licenceId: id }])).message).toBeNull();
    expect(await stateOf(id)).toEqual({ status: 'PENDING', a: null });
  });

  it('a worker removing one does too; a manager adding or removing one leaves it approved', async () => {
    const id = await approvedFor();
    const added = await api.create(MANAGER, LA, [{ licenceId: id }]);
    expect(added.message).toBeNull();
    expect((await stateOf(id)).status).toBe('ACTIVE');
    const other = await api.create(MANAGER, LA, [{ licenceId: id }]);
    expect((await api.remove(MANAGER, LA, [other.r![0].id])).message).toBeNull();
    expect((await stateOf(id)).status).toBe('ACTIVE');
    expect((await api.remove(SAFETY_WORKER, LA, [added.r![0].id])).message).toBeNull();
    expect(await stateOf(id)).toEqual({ status: 'PENDING', a: null });
  });

  it("nobody else's licence is touched: Voltline's manager and a colleague are refused", async () => {
    const id = await approvedFor();
    expect((await api.create(VOLT_MANAGER, LA, [{ licenceId: id }])).message).toMatch(/does not exist/);
    expect((await api.create(SPARK_WORKER, LA, [{ licenceId: id }])).message).not.toBeNull();
    expect((await stateOf(id)).status).toBe('ACTIVE');
  });
});

describe('licence renewal date', () => {
  it('a licence renewing today is active (valid through its renewal date); yesterday is expired', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await api.create<Row>(MANAGER, L, [licence({ renewalDate: today })], FIELDS)).r![0].status).toBe('ACTIVE');
    expect((await api.create<Row>(MANAGER, L, [licence({ renewalDate: yesterday })], FIELDS)).r![0].status).toBe('EXPIRED');
  });
});

describe('reminder logs', () => {
  it('go with their asset or licence whatever the case of their entityID', async () => {
    const id = await approvedFor();
    const asset = (
      await h.db.query<{ id: string }>(
        `SELECT a.id FROM asset a JOIN member_organisation o ON o.id = a.member_organisation_id
         WHERE o.member_code = 'DEMO1' AND NOT EXISTS (SELECT 1 FROM asset c WHERE c.parent_asset_id = a.id) LIMIT 1`,
      )
    ).rows[0].id;
    for (const e of [id, asset])
      await h.db.query(`INSERT INTO reminder_log (entity_id, description) VALUES ($1, 'due'), ($2, 'due')`, [e.toUpperCase(), e]);
    expect((await api.remove(MANAGER, L, [id])).message).toBeNull();
    expect((await api.remove(SPARK_MANAGER, 'AssetEntity', [asset])).message).toBeNull();
    const { rows } = await h.db.query('SELECT 1 FROM reminder_log WHERE lower(entity_id) = ANY($1::text[])', [[id, asset]]);
    expect(rows).toHaveLength(0);
  });
});

describe('links of documents', () => {
  const typeId = async (mea: boolean) =>
    (await h.db.query<{ id: string }>('SELECT id FROM document_types WHERE mea_document = $1 ORDER BY name LIMIT 1', [mea])).rows[0].id;
  const pendingDocument = async () => {
    const res = await api.create<{ id: string; status: string }>(
      SAFETY_WORKER,
      'DocumentEntity',
      [{ documentName: 'Mine', documentLink: 'https://example.org/mine', documentTypess: [{ id: await typeId(false) }] }],
      'id status',
    );
    expect(res.r![0].status).toBe('PENDING');
    return res.r![0].id;
  };
  const meaDocument = async () =>
    (
      await h.db.query<{ id: string }>(
        `SELECT d.id FROM document d JOIN link_document_types_documents l ON l.documents_id = d.id
         JOIN document_types t ON t.id = l.document_types_id WHERE t.mea_document AND d.member_organisation_id IS NULL LIMIT 1`,
      )
    ).rows[0]?.id;
  const accountLinks = async (account: string) =>
    (await h.db.query('SELECT 1 FROM link_documents_mehub_accounts WHERE mehub_accounts_id = $1', [account])).rows.length;

  it("a member links no account to a pending document, through the account's documentss or a link row", async () => {
    const pending = await pendingDocument();
    const me = h.users[SAFETY_WORKER].id;
    expect((await api.update(SAFETY_WORKER, 'MehubAccountEntity', [{ id: me, documentss: [{ id: pending }] }])).message).toBe(
      recordMessages.documentLinkPending,
    );
    expect((await api.update(SPARK_MANAGER, 'MehubAccountEntity', [{ id: me, documentss: [{ id: pending }] }])).message).toBe(
      recordMessages.documentLinkPending,
    );
    expect((await api.create(SAFETY_WORKER, 'DocumentsMehubAccounts', [{ documentsId: pending, mehubAccountsId: me }])).message).toBe(
      recordMessages.documentLinkPending,
    );
    expect(await accountLinks(me)).toBe(0);
    // Approved, it links.
    expect((await api.update(SPARK_MANAGER, 'DocumentEntity', [{ id: pending, status: 'ACTIVE' }])).message).toBeNull();
    expect((await api.update(SAFETY_WORKER, 'MehubAccountEntity', [{ id: me, documentss: [{ id: pending }] }])).message).toBeNull();
    expect(await accountLinks(me)).toBe(1);
  });

  it('a member links no account to a member-body document', async () => {
    const mea = await meaDocument();
    if (!mea) return;
    const me = h.users[SPARK_MANAGER].id;
    const before = await accountLinks(me);
    const res = await api.update(SPARK_MANAGER, 'MehubAccountEntity', [{ id: me, documentss: [{ id: mea }] }]);
    expect(res.message).toBe(recordMessages.documentMea);
    expect(await accountLinks(me)).toBe(before);
  });

  it("a member's type link rows neither take a document's last type away nor add a member-body type", async () => {
    const doc = await pendingDocument();
    const links = async () =>
      (await h.db.query<{ id: string }>('SELECT id FROM link_document_types_documents WHERE documents_id = $1', [doc])).rows.map(
        (r) => r.id,
      );
    const [only] = await links();
    expect((await api.remove(SPARK_MANAGER, 'DocumentTypesDocuments', [only])).message).toBe(messages.atLeastOne);
    expect(
      (await api.create(SPARK_MANAGER, 'DocumentTypesDocuments', [{ documentsId: doc, documentTypesId: await typeId(true) }])).message,
    ).toBe(recordMessages.documentMea);
    // Another ordinary type, then one of the two removed: allowed.
    const other = (
      await h.db.query<{ id: string }>('SELECT id FROM document_types WHERE NOT mea_document AND id <> $1 LIMIT 1', [await typeId(false)])
    ).rows[0].id;
    expect((await api.create(SPARK_MANAGER, 'DocumentTypesDocuments', [{ documentsId: doc, documentTypesId: other }])).message).toBeNull();
    expect((await api.remove(SPARK_MANAGER, 'DocumentTypesDocuments', [only])).message).toBeNull();
    expect(await links()).toHaveLength(1);
    // Moving the last link to another document is taking it away too.
    const [last] = await links();
    const second = await pendingDocument();
    expect((await api.update(SPARK_MANAGER, 'DocumentTypesDocuments', [{ id: last, documentsId: second }])).message).toBe(
      messages.atLeastOne,
    );
    expect(await links()).toHaveLength(1);
  });
});
