import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeMultipart } from './multipart-body';
import { parseCsv } from './csv';
import { insertRow } from './rows';
import { actionMessages, designerMessages } from '@hub/model/forms';
import { addDays } from '@hub/model/reminders';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, startHarness, type Harness } from './harness';

/**
 * Issue 26 attack report, item 4 and parts of 6: no error answer after a commit, one draft per
 * user and form, reserved question ids, the corrective action workflow on every path, and CSV
 * cells neutralised whatever invisible character comes first. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const ONE_AT_A_TIME = 'Send one mutation at a time.';
const count = async (sql: string, params: unknown[] = []) => Number((await h.db.query<{ n: number }>(sql, params)).rows[0].n);
const assets = () => count('SELECT count(*)::int AS n FROM asset');
const attachments = () => count('SELECT count(*)::int AS n FROM asset_attachments');

describe('a multi-field mutation never answers an error after committing (issue 26, 4)', () => {
  const good = `{assetType: OTHER, description: "first"}`;
  const bad = `{assetType: OTHER}`;

  it('refuses two mutation fields, the second failing, before writing anything', async () => {
    const before = await assets();
    const res = await h.gql(
      SPARK_MANAGER,
      `mutation { a: createAssetEntity(assetEntityModels: [${good}]) { id } b: createAssetEntity(assetEntityModels: [${bad}]) { id } }`,
    );
    expect(res.errors?.[0].message).toBe(ONE_AT_A_TIME);
    expect(await assets()).toBe(before);
  });

  it('refuses aliases of the same mutation, fragments, skipped fields and two different mutations alike', async () => {
    const before = await assets();
    for (const q of [
      `mutation { a: createAssetEntity(assetEntityModels: [${good}]) { id } b: createAssetEntity(assetEntityModels: [${good}]) { id } }`,
      `mutation { ...F } fragment F on Mutation { a: createAssetEntity(assetEntityModels: [${good}]) { id } b: createAssetEntity(assetEntityModels: [${good}]) { id } }`,
      `mutation { a: createAssetEntity(assetEntityModels: [${good}]) { id } ... on Mutation { b: createAssetEntity(assetEntityModels: [${good}]) { id } } }`,
      `mutation { a: createAssetEntity(assetEntityModels: [${good}]) { id } b: createAssetEntity(assetEntityModels: [${good}]) @skip(if: true) { id } }`,
      `mutation { a: createAssetEntity(assetEntityModels: [${good}]) { id } d: deleteAssetEntity(assetEntityIds: []) }`,
    ]) {
      const res = await h.gql(SPARK_MANAGER, q);
      expect(res.errors?.[0].message, q).toBe(ONE_AT_A_TIME);
      expect(res.data).toBeNull();
    }
    expect(await assets()).toBe(before);
  });

  it('still runs one mutation (with __typename, or chosen among a query and a mutation by operationName)', async () => {
    const before = await assets();
    const one = await h.gql(SPARK_MANAGER, `mutation { __typename a: createAssetEntity(assetEntityModels: [${good}]) { id } }`);
    expect(one.errors).toBeUndefined();
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: h.headers(SPARK_MANAGER),
      payload: {
        query: `query Q { countAssetEntitys } mutation M { createAssetEntity(assetEntityModels: [${good}]) { id } }`,
        operationName: 'M',
      },
    });
    expect(res.json().errors).toBeUndefined();
    expect(await assets()).toBe(before + 2);
    // A field that fails alone commits nothing and answers its error.
    const failing = await h.gql(SPARK_MANAGER, `mutation { createAssetEntity(assetEntityModels: [${good}, ${bad}]) { id } }`);
    expect(failing.errors?.length).toBeGreaterThan(0);
    expect(await assets()).toBe(before + 2);
  });

  it('refuses a multipart request whose 2 files go to two mutation fields, before storing a file', async () => {
    const asset = (await h.gql<{ assetEntitys: { id: string }[] }>(SPARK_MANAGER, `{ assetEntitys(take: 1) { id } }`)).data!.assetEntitys[0]
      .id;
    const before = await attachments();
    const query = `mutation($a: [AssetAttachmentsEntityInput!]!, $b: [AssetAttachmentsEntityInput!]!) {
      a: createAssetAttachmentsEntity(assetAttachmentsEntityModels: $a) { id }
      b: createAssetAttachmentsEntity(assetAttachmentsEntityModels: $b) { id } }`;
    const { body, type } = await encodeMultipart([
      {
        name: 'operations',
        value: JSON.stringify({
          query,
          variables: { a: [{ assetId: asset, attachments: null }], b: [{ assetId: asset, attachments: null }] },
        }),
      },
      { name: 'map', value: JSON.stringify({ 0: ['variables.a.0.attachments'], 1: ['variables.b.0.attachments'] }) },
      { name: '0', data: Buffer.from('one'), filename: 'one.txt' },
      { name: '1', data: Buffer.from('two'), filename: 'two.txt' },
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': type, ...h.headers(SPARK_MANAGER) },
      payload: body,
    });
    expect(res.json().errors?.[0].message).toBe(ONE_AT_A_TIME);
    expect(await attachments()).toBe(before);
  });
});

describe('CSV cells are neutralised whatever blank or invisible character comes first (issue 26, 6d)', () => {
  const hostile = {
    space: ' =1+1',
    spaces: '   +SUM(A1)',
    nbsp: '\u00a0=1+1',
    zeroWidthSpace: '\u200b=1+1',
    byteOrderMark: '\ufeff@SUM(A1)',
    wordJoiner: '\u2060-1+1',
    lineFeed: '\n=1+1',
    lineFeedAlone: '\nnotes',
    carriageReturn: '\r=1+1',
    tab: '\t=1+1',
    fullwidthEquals: '\uff1d1+1',
    fullwidthPlus: '\uff0b1+1',
    fullwidthAt: '\uff20SUM(A1)',
    pipe: '|cmd',
    spacePipe: ' |cmd',
    fullwidthPipe: '\uff5ccmd',
    equals: '=1+1',
    minus: '-1+1',
  };
  const harmless = { plain: 'Ladder 3', spaced: ' Ladder 4', dash: 'Ladder - spare' };

  it("prefixes every such cell with ' and leaves plain text as it is", async () => {
    const all = { ...hostile, ...harmless };
    const models = Object.values(all).map((description) => ({ assetType: 'OTHER', description }));
    const created = await h.gql(
      SPARK_MANAGER,
      `mutation($m: [AssetEntityInput!]!) { r: createAssetEntity(assetEntityModels: $m) { id } }`,
      {
        m: models,
      },
    );
    expect(created.errors).toBeUndefined();
    const res = await h.app.inject({ url: '/api/entity/AssetEntity/export', headers: h.headers(SPARK_MANAGER) });
    expect(res.statusCode).toBe(200);
    const [head, ...rows] = parseCsv(res.body);
    const at = head.indexOf('Asset Name/Description');
    const cells = new Set(rows.map((r) => r[at]));
    for (const [name, value] of Object.entries(hostile)) expect(cells.has(`'${value}`), name).toBe(true);
    for (const [name, value] of Object.entries(harmless)) expect(cells.has(value), name).toBe(true);
  });
});

describe('reserved question ids are refused by the form definition (issue 26, 6b)', () => {
  it('refuses __proto__, toString, constructor and hasOwnProperty (nested too) and keeps no version', async () => {
    const form = await h.gql<{ r: { id: string }[] }>(
      ADMIN,
      `mutation($m: [FormsEntityInput!]!) { r: createFormsEntity(formsEntityModels: $m) { id } }`,
      {
        m: [{ name: 'Reserved ids', formType: 'QUALITY', isActive: true, isDefault: false }],
      },
    );
    expect(form.errors).toBeUndefined();
    const formId = form.data!.r[0].id;
    const versions = () => count('SELECT count(*)::int AS n FROM forms_entity_form_version WHERE form_id = $1', [formId]);
    for (const id of ['__proto__', 'toString', 'constructor', 'hasOwnProperty', 'valueOf']) {
      for (const contents of [
        [{ id, title: 'Q', questionType: 'text' }],
        [{ id: 'sec', title: 'S', questionType: 'formSection', contents: [{ id, title: 'Q', questionType: 'text' }] }],
      ]) {
        // JSON text keeps '__proto__' as an own key, as a client would send it.
        const formData = JSON.stringify({ slides: [{ name: 'Slide', contents }], pagination: { type: 'page' }, customOptions: [] });
        const res = await h.gql(
          ADMIN,
          `mutation($m: [FormsEntityFormVersionInput!]!) { r: createFormsEntityFormVersion(formsEntityFormVersionModels: $m) { id } }`,
          { m: [{ formId, active: true, formData }] },
        );
        expect(res.errors?.[0].message, id).toContain(designerMessages.reservedId(id));
      }
    }
    expect(await versions()).toBe(0);
  });
});

describe("the corrective action workflow's own rules on every path (issue 26, 6c)", () => {
  const UPDATE = `mutation($m: [CorrectiveActionEntityInput!]!) { r: updateCorrectiveActionEntity(correctiveActionEntityModels: $m) { id } }`;
  const BULK = `mutation($c: [[WhereExpressionGraph!]!], $f: [String!]!, $v: CorrectiveActionEntityInput!) {
    r: updateCorrectiveActionEntitysConditional(conditions: $c, fieldsToUpdate: $f, values: $v) }`;
  const today = () => new Date().toISOString().slice(0, 10);

  /** An open action of Sparkright, assigned to a worker. */
  async function openAction(): Promise<{ id: string; assignee: string }> {
    const id = await insertRow(h.db, 'corrective_action', {
      description: 'Fit edge protection',
      status: 'OPEN',
      priority: 'HIGH',
      due_date: addDays(today(), 7),
      assignee_id: h.users[SPARK_WORKER].id,
      member_organisation_id: h.org.spark,
    });
    return { id, assignee: SPARK_WORKER };
  }
  const stored = async (id: string) =>
    (
      await h.db.query<{ closing_comment: string | null; due: string; status: string }>(
        "SELECT closing_comment, to_char(due_date, 'YYYY-MM-DD') AS due, status FROM corrective_action WHERE id = $1",
        [id],
      )
    ).rows[0];

  it('the closing comment is written only by the save that closes the action', async () => {
    const a = await openAction();
    const before = await stored(a.id);
    for (const who of [a.assignee, SPARK_MANAGER]) {
      const res = await h.gql(who, UPDATE, { m: [{ id: a.id, closingComment: 'Sneaked in while open' }] });
      expect(res.errors?.[0].message, who).toBe(actionMessages.closingOnly);
    }
    const bulk = await h.gql(SPARK_MANAGER, BULK, {
      c: [[{ path: 'id', comparison: 'equal', value: [a.id] }]],
      f: ['closingComment'],
      v: { closingComment: 'Bulk comment' },
    });
    expect(bulk.errors?.[0].message).toBe(actionMessages.closingOnly);
    expect(await stored(a.id)).toEqual(before);
    const closed = await h.gql(a.assignee, UPDATE, { m: [{ id: a.id, status: 'CLOSED', closingComment: 'Fixed' }] });
    expect(closed.errors).toBeUndefined();
    expect(await stored(a.id)).toMatchObject({ status: 'CLOSED', closing_comment: 'Fixed' });
  });

  it('a due date set by a manager is within today and a year ahead, by update and bulk update', async () => {
    const a = await openAction();
    const before = await stored(a.id);
    const cases: [string, string][] = [
      ['2001-01-01', actionMessages.dueDatePast],
      ['9999-12-31', actionMessages.dueDateFar],
      [addDays(today(), -3), actionMessages.dueDatePast],
      [addDays(today(), 400), actionMessages.dueDateFar],
    ];
    for (const [dueDate, message] of cases) {
      const res = await h.gql(SPARK_MANAGER, UPDATE, { m: [{ id: a.id, dueDate }] });
      expect(res.errors?.[0].message, dueDate).toBe(message);
      const bulk = await h.gql(SPARK_MANAGER, BULK, {
        c: [[{ path: 'id', comparison: 'equal', value: [a.id] }]],
        f: ['dueDate'],
        v: { dueDate },
      });
      expect(bulk.errors?.[0].message, dueDate).toBe(message);
    }
    expect(await stored(a.id)).toEqual(before);
    // The stored date sent back (a whole-record save) is no change, even when it has passed.
    await h.db.query("UPDATE corrective_action SET due_date = '2020-01-01' WHERE id = $1", [a.id]);
    expect((await h.gql(SPARK_MANAGER, UPDATE, { m: [{ id: a.id, dueDate: '2020-01-01', priority: 'LOW' }] })).errors).toBeUndefined();
    const moved = await h.gql(SPARK_MANAGER, UPDATE, { m: [{ id: a.id, dueDate: addDays(today(), 30) }] });
    expect(moved.errors).toBeUndefined();
    expect((await stored(a.id)).due).toBe(addDays(today(), 30));
  });
});

describe('one draft per user and form, whatever arrives at once (issue 26, 6a)', () => {
  const riskForm = async () =>
    (
      await h.db.query<{ id: string; v: string }>(
        `SELECT id, published_version_id AS v FROM forms WHERE form_type = 'RISK_ASSESSMENT' ORDER BY name LIMIT 1`,
      )
    ).rows[0];
  const drafts = (formId: string, who: string) =>
    count(
      `SELECT count(*)::int AS n FROM form_submissions s JOIN forms_entity_form_version v ON v.id = s.form_version_id
       WHERE v.form_id = $1 AND s.mehub_account_id = $2 AND NOT s.is_completed`,
      [formId, h.users[who].id],
    );
  const doc = (name: string) =>
    insertRow(h.db, 'document', {
      document_name: name,
      document_link: `https://example.org/${name}`,
      status: 'ACTIVE',
      member_organisation_id: h.org.spark,
    });

  it('six attachDocuments at once make one draft, and every answer names it', async () => {
    const f = await riskForm();
    await h.db.query(
      `DELETE FROM form_submissions s USING forms_entity_form_version v
       WHERE v.id = s.form_version_id AND v.form_id = $1 AND s.mehub_account_id = $2 AND NOT s.is_completed`,
      [f.id, h.users[SPARK_MANAGER].id],
    );
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => doc(`swms-${i}`)));
    const answers = await Promise.all(
      ids.map((id) =>
        h.app.inject({
          method: 'POST',
          url: '/api/entity/DocumentEntity/attachDocuments',
          headers: { ...h.headers(SPARK_MANAGER), 'content-type': 'application/json' },
          payload: { formId: f.id, documents: [id] },
        }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(await drafts(f.id, SPARK_MANAGER)).toBe(1);
    const named = new Set(answers.map((a) => (JSON.parse(a.body) as { submissionId: string }).submissionId));
    const { rows } = await h.db.query<{ id: string }>(
      `SELECT s.id FROM form_submissions s JOIN forms_entity_form_version v ON v.id = s.form_version_id
       WHERE v.form_id = $1 AND s.mehub_account_id = $2 AND NOT s.is_completed`,
      [f.id, h.users[SPARK_MANAGER].id],
    );
    // The last answer names the draft that stayed; each attach set exactly one document on it.
    expect(named.has(rows[0].id)).toBe(true);
    const linked = await count('SELECT count(*)::int AS n FROM link_form_submissions_documents WHERE form_submissions_id = $1', [
      rows[0].id,
    ]);
    expect(linked).toBe(1);
  });

  it('six draft saves at once leave one draft', async () => {
    const f = await riskForm();
    const save = () =>
      h.gql(
        SPARK_WORKER,
        `mutation($m: [FormSubmissionsEntityInput!]!) { createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
        {
          m: [{ formVersionId: f.v, isCompleted: false, submissionData: '{}' }],
        },
      );
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(save));
    for (const a of answers) expect(a.errors).toBeUndefined();
    expect(await drafts(f.id, SPARK_WORKER)).toBe(1);
  });
});
