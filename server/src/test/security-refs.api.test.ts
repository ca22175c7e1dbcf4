import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riskAssessmentAnswers } from './forms-fixtures';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, SUPER, startHarness, type Harness } from './harness';

/**
 * Writes that reach around an entity's own rules: children lists saved through a parent,
 * API tokens acting as members, and review requests edited directly (architecture.md, Access).
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

type Res = Awaited<ReturnType<Harness['gql']>>;
type Body = { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
const code = (res: Body) => res.errors?.[0]?.extensions?.code;
const message = (res: Body) => res.errors?.[0]?.message;

const mutation = (entity: string, op: 'create' | 'update', merge = '') => {
  const lower = entity.charAt(0).toLowerCase() + entity.slice(1);
  return `mutation($m: [${entity}Input!]!) { r: ${op}${entity}(${lower}Models: $m${merge}) { id } }`;
};
const save = (who: string, entity: string, op: 'create' | 'update', input: Record<string, unknown>, merge = ''): Promise<Res> =>
  h.gql(who, mutation(entity, op, merge), { m: [input] });
const idOf = (res: Res) => (res.data as { r: { id: string }[] }).r[0].id;

async function riskVersion(): Promise<string> {
  const { rows } = await h.db.query<{ v: string }>(`SELECT published_version_id AS v FROM forms WHERE form_type = 'RISK_ASSESSMENT'`);
  return rows[0].v;
}

async function submission(who: string, completed: boolean, extra: Record<string, unknown> = {}): Promise<Res> {
  const answers = completed ? riskAssessmentAnswers() : { task: 'Half done' };
  return save(who, 'FormSubmissionsEntity', 'create', {
    formVersionId: await riskVersion(),
    isCompleted: completed,
    submissionData: JSON.stringify(answers),
    ...extra,
  });
}

async function submit(who: string, completed = true): Promise<string> {
  const res = await submission(who, completed);
  expect(res.errors).toBeUndefined();
  return idOf(res);
}

/** A file row and an attachment row of `table` hanging off `parentId` through `column`. */
async function attach(table: string, column: string, parentId: string, label: string): Promise<string> {
  const file = await h.db.query<{ id: string }>(
    `INSERT INTO file (file_name, content_type, size, storage_key) VALUES ($1, 'image/jpeg', 3, $2) RETURNING id`,
    [`${label}.jpg`, `test/${label}`],
  );
  const fileCol = table === 'additional_attachment' ? 'attachment_id' : 'attachments_id';
  const { rows } = await h.db.query<{ id: string }>(`INSERT INTO ${table} (${fileCol}, ${column}) VALUES ($1, $2) RETURNING id`, [
    file.rows[0].id,
    parentId,
  ]);
  return rows[0].id;
}
const attachToSubmission = (id: string, label: string) => attach('additional_attachment', 'form_submissions_id', id, label);

const parentOf = async (table: string, column: string, id: string) =>
  (await h.db.query<{ p: string | null }>(`SELECT ${column} AS p FROM ${table} WHERE id = $1`, [id])).rows[0]?.p;
const ownerOf = (submissionId: string) => parentOf('form_submissions', 'mehub_account_id', submissionId);

async function asset(org: string, description: string, parent: string | null = null): Promise<string> {
  const { rows } = await h.db.query<{ id: string }>(
    `INSERT INTO asset (asset_type, description, status, member_organisation_id, parent_asset_id) VALUES ('LADDER', $1, 'IN_SERVICE', $2, $3) RETURNING id`,
    [description, org, parent],
  );
  return rows[0].id;
}

describe("an account's submissions, licences and review requests through the account", () => {
  it("are not cleared by a manager: a colleague's draft keeps its owner", async () => {
    const draft = await submit(SPARK_WORKER, false);
    const res = await save(SPARK_MANAGER, 'MehubAccountEntity', 'update', { id: h.users[SPARK_WORKER].id, formSubmissions: [] });
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(message(res)).toBe("'formSubmissions' cannot be changed through a mehub account: save each form submission itself");
    expect(await ownerOf(draft)).toBe(h.users[SPARK_WORKER].id);
  });

  it("do not hand a manager a colleague's submission, merged or not", async () => {
    const done = await submit(SPARK_WORKER);
    const me = h.users[SPARK_MANAGER].id;
    const replace = await save(SPARK_MANAGER, 'MehubAccountEntity', 'update', { id: me, formSubmissions: [{ id: done }] });
    expect(code(replace)).toBe('BAD_USER_INPUT');
    const merge = await save(
      SPARK_MANAGER,
      'MehubAccountEntity',
      'update',
      { id: me, formSubmissions: [{ id: done }] },
      ', mergeReferences: ["formSubmissions"]',
    );
    expect(code(merge)).toBe('BAD_USER_INPUT');
    expect(await ownerOf(done)).toBe(h.users[SPARK_WORKER].id);
  });

  it('refuses the other lists that say whose a row is, or whose rows have their own rules', async () => {
    const worker = h.users[SPARK_WORKER].id;
    for (const list of ['licences', 'reminderLogs', 'reviewedFormRequests']) {
      const res = await save(SPARK_MANAGER, 'MehubAccountEntity', 'update', { id: worker, [list]: [] });
      expect(code(res), list).toBe('BAD_USER_INPUT');
      expect(message(res), list).toContain(`'${list}'`);
    }
    // Not through the caller's own account either.
    const own = await save(SPARK_MANAGER, 'MehubAccountEntity', 'update', { id: h.users[SPARK_MANAGER].id, formSubmissions: [] });
    expect(code(own)).toBe('BAD_USER_INPUT');
  });

  it('are still written by administrators', async () => {
    const done = await submit(SPARK_WORKER);
    const me = h.users[SPARK_MANAGER].id;
    const res = await save(
      SUPER,
      'MehubAccountEntity',
      'update',
      { id: me, formSubmissions: [{ id: done }] },
      ', mergeReferences: ["formSubmissions"]',
    );
    expect(res.errors).toBeUndefined();
    expect(await ownerOf(done)).toBe(me);
  });
});

describe('attachment lists', () => {
  it("do not let a member pull a colleague's attachments into their own submission", async () => {
    const theirs = await submit(SPARK_MANAGER);
    const photo = await attachToSubmission(theirs, 'manager-photo');
    const before = await h.db.query('SELECT count(*)::int AS n FROM form_submissions');
    const res = await submission(SPARK_WORKER, true, { additionalAttachmentss: [{ id: photo }] });
    expect(code(res)).toBe('VALIDATION');
    expect(res.errors![0]).toMatchObject({
      message: 'The selected additional attachment belongs to another form submission that is not yours',
      extensions: { path: 'additionalAttachmentss' },
    });
    expect(await parentOf('additional_attachment', 'form_submissions_id', photo)).toBe(theirs);
    expect((await h.db.query('SELECT count(*)::int AS n FROM form_submissions')).rows).toEqual(before.rows);
  });

  it("do not let a reviewer empty a colleague's submission", async () => {
    const theirs = await submit(SPARK_WORKER);
    const photo = await attachToSubmission(theirs, 'worker-photo');
    const res = await save(SPARK_MANAGER, 'FormSubmissionsEntity', 'update', { id: theirs, additionalAttachmentss: [] });
    expect(code(res)).toBe('FORBIDDEN');
    expect(message(res)).toBe('You can change the additional attachments of your own form submission only');
    expect(await parentOf('additional_attachment', 'form_submissions_id', photo)).toBe(theirs);
  });

  it("still move the owner's own draft attachments to the submission they complete", async () => {
    const draft = await submit(SPARK_WORKER, false);
    const photo = await attachToSubmission(draft, 'draft-photo');
    const res = await submission(SPARK_WORKER, true, { additionalAttachmentss: [{ id: photo }] });
    expect(res.errors).toBeUndefined();
    expect(await parentOf('additional_attachment', 'form_submissions_id', photo)).toBe(idOf(res));
  });

  it("still carry asset attachments between the organisation's assets", async () => {
    const first = await asset(h.org.spark, 'Ladder one');
    const file = await attach('asset_attachments', 'asset_id', first, 'ladder-photo');
    const res = await save(SPARK_WORKER, 'AssetEntity', 'create', {
      assetType: 'LADDER',
      description: 'Ladder two',
      assetAttachmentss: [{ id: file }],
    });
    expect(res.errors).toBeUndefined();
    expect(await parentOf('asset_attachments', 'asset_id', file)).toBe(idOf(res));
  });

  it("still carry licence attachments between the member's own licences, not a colleague's", async () => {
    const { rows } = await h.db.query<{ id: string }>('SELECT id FROM licence WHERE mehub_account_id = $1 ORDER BY licence_name', [
      h.users[SPARK_MANAGER].id,
    ]);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const file = await attach('licence_attachments', 'licence_id', rows[0].id, 'licence-scan');
    const own = await save(SPARK_MANAGER, 'LicenceEntity', 'update', { id: rows[1].id, licenceAttachmentss: [{ id: file }] });
    expect(own.errors).toBeUndefined();
    expect(await parentOf('licence_attachments', 'licence_id', file)).toBe(rows[1].id);
    const mine = await save(SPARK_WORKER, 'LicenceEntity', 'create', {
      licenceName: 'Pulled',
      licenceIssuer: 'Nobody',
      licenceType: 'DRIVER',
      licenceAttachmentss: [{ id: file }],
    });
    expect(code(mine)).toBe('VALIDATION');
    expect(await parentOf('licence_attachments', 'licence_id', file)).toBe(rows[1].id);
  });

  it("clear only the children the caller can see (another organisation's child asset stays)", async () => {
    const parent = await asset(h.org.spark, 'Trailer');
    const ours = await asset(h.org.spark, 'Our ladder', parent);
    const theirs = await asset(h.org.volt, 'Their ladder', parent);
    const res = await save(SPARK_MANAGER, 'AssetEntity', 'update', { id: parent, assetss: [] });
    expect(res.errors).toBeUndefined();
    expect(await parentOf('asset', 'parent_asset_id', ours)).toBeNull();
    expect(await parentOf('asset', 'parent_asset_id', theirs)).toBe(parent);
  });
});

async function apiToken(): Promise<string> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/account/generate-key',
    headers: h.headers(SPARK_MANAGER),
    payload: { name: 'Field app' },
  });
  return res.json().key as string;
}

async function asToken(key: string, query: string, variables: Record<string, unknown>): Promise<Body & { status: number }> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ query, variables }),
  });
  return { status: res.statusCode, ...(res.json() as Body) };
}

const TOKEN_MESSAGE = 'An API token cannot create or change form submissions or review requests: sign in as the member instead';

describe('API tokens', () => {
  it("cannot create a submission as a colleague (which would delete that colleague's draft and mail as them)", async () => {
    const draft = await submit(SPARK_WORKER, false);
    h.mail.length = 0;
    const key = await apiToken();
    const res = await asToken(key, mutation('FormSubmissionsEntity', 'create'), {
      m: [
        {
          formVersionId: await riskVersion(),
          isCompleted: true,
          submissionData: JSON.stringify(riskAssessmentAnswers()),
          mehubAccountId: h.users[SPARK_WORKER].id,
        },
      ],
    });
    expect(code(res)).toBe('FORBIDDEN');
    expect(message(res)).toBe(TOKEN_MESSAGE);
    expect(await ownerOf(draft)).toBe(h.users[SPARK_WORKER].id);
    expect(h.mail).toEqual([]);
  });

  it('cannot change submissions or review requests, in bulk neither; reading stays', async () => {
    const done = await submit(SPARK_WORKER);
    const key = await apiToken();
    const update = await asToken(key, mutation('FormSubmissionsEntity', 'update'), { m: [{ id: done, jobNumber: 'X' }] });
    expect(code(update)).toBe('FORBIDDEN');
    expect(message(update)).toBe(TOKEN_MESSAGE);
    const bulk = await asToken(
      key,
      `mutation($ids: [ID!], $f: [String!]!, $v: FormSubmissionsEntityInput!) { updateFormSubmissionsEntitysConditional(ids: $ids, fieldsToUpdate: $f, values: $v) }`,
      { ids: [done], f: ['jobNumber'], v: { jobNumber: 'X' } },
    );
    expect(message(bulk)).toBe(TOKEN_MESSAGE);
    const review = await asToken(key, mutation('FormReviewRequestEntity', 'create'), { m: [{ formSubmissionsId: done, formData: '{}' }] });
    expect(message(review)).toBe(TOKEN_MESSAGE);
    const read = await asToken(key, '{ countFormSubmissionsEntitys }', {});
    expect(read.errors).toBeUndefined();
  });
});

describe('review requests', () => {
  /** A real review by the organisation's reviewer: the review request is written by the system caller. */
  async function reviewed(): Promise<{ id: string; requestId: string }> {
    const id = await submit(SPARK_WORKER);
    const res = await save(SPARK_MANAGER, 'FormSubmissionsEntity', 'update', {
      id,
      submissionData: JSON.stringify({ 'ReviewSlide-option': 'Satisfactory' }),
    });
    expect(res.errors).toBeUndefined();
    const requestId = await parentOf('form_submissions', 'form_review_request_id', id);
    expect(requestId).toBeTruthy();
    return { id, requestId: requestId! };
  }
  const request = async (id: string) =>
    (
      await h.db.query<{ form_data: unknown; mehub_account_id: string | null; time_reviewed: string | null; show_notification: boolean }>(
        'SELECT form_data, mehub_account_id, time_reviewed::text, show_notification FROM form_review_request WHERE id = $1',
        [id],
      )
    ).rows[0];

  it('are not rewritten by a reviewer: review answers, reviewer and time stay', async () => {
    const { requestId } = await reviewed();
    const before = await request(requestId);
    for (const change of [
      { formData: JSON.stringify({ 'ReviewSlide-option': 'Unsatisfactory' }) },
      { mehubAccountId: h.users[SPARK_WORKER].id },
      { timeReviewed: '2020-01-01 00:00:00' },
      { showNotification: false, formData: '{}' },
    ]) {
      const res = await save(SPARK_MANAGER, 'FormReviewRequestEntity', 'update', { id: requestId, ...change });
      expect(code(res), JSON.stringify(change)).toBe('FORBIDDEN');
      expect(message(res)).toMatch(/^Only showNotification of a review request can be changed/);
    }
    const bulk = await h.gql(
      SPARK_MANAGER,
      `mutation($ids: [ID!], $f: [String!]!, $v: FormReviewRequestEntityInput!) { updateFormReviewRequestEntitysConditional(ids: $ids, fieldsToUpdate: $f, values: $v) }`,
      { ids: [requestId], f: ['formData'], v: { formData: '{}' } },
    );
    expect(code(bulk)).toBe('FORBIDDEN');
    expect(await request(requestId)).toEqual(before);
  });

  it('let a reviewer show or hide the notification only', async () => {
    const { requestId } = await reviewed();
    const res = await save(SPARK_MANAGER, 'FormReviewRequestEntity', 'update', { id: requestId, showNotification: false });
    expect(res.errors).toBeUndefined();
    expect((await request(requestId)).show_notification).toBe(false);
  });

  it('are not created by members', async () => {
    const id = await submit(SPARK_WORKER);
    const res = await save(SPARK_MANAGER, 'FormReviewRequestEntity', 'create', { formSubmissionsId: id, formData: '{}' });
    expect(code(res)).toBe('FORBIDDEN');
    expect((await h.db.query('SELECT 1 FROM form_review_request')).rows).toEqual([]);
  });

  it('are still corrected by administrators', async () => {
    const { requestId } = await reviewed();
    const res = await save(ADMIN, 'FormReviewRequestEntity', 'update', {
      id: requestId,
      formData: '{"ReviewSlide-option":"Unsatisfactory"}',
    });
    expect(res.errors).toBeUndefined();
    expect((await request(requestId)).form_data).toEqual({ 'ReviewSlide-option': 'Unsatisfactory' });
  });
});

describe("a colleague's completed submission is readable, not the reader's to change", () => {
  it('its attachments cannot be added to, changed or deleted by another member, even a manager', async () => {
    const theirs = await submit(SPARK_WORKER);
    const attachment = await attach('additional_attachment', 'form_submissions_id', theirs, 'their-photo');
    const mine = await submit(SPARK_MANAGER);

    // Readable: the manager sees the attachment of the completed submission.
    const read = await h.gql<{ r: { id: string }[] }>(SPARK_MANAGER, `{ r: additionalAttachmentEntitys(ids: ["${attachment}"]) { id } }`);
    expect(read.data!.r).toHaveLength(1);

    // Not theirs to add to, to re-point, or to delete, one by one or in bulk.
    const added = await save(SPARK_MANAGER, 'AdditionalAttachmentEntity', 'create', { formSubmissionsId: theirs });
    expect(code(added)).toBe('FORBIDDEN');
    const moved = await save(SPARK_MANAGER, 'AdditionalAttachmentEntity', 'update', { id: attachment, formSubmissionsId: mine });
    expect(moved.errors).toBeDefined();
    const deleted = await h.gql(
      SPARK_MANAGER,
      `mutation { deleteAdditionalAttachmentEntity(additionalAttachmentEntityIds: ["${attachment}"]) }`,
    );
    expect(deleted.errors).toBeDefined();
    const bulk = await h.gql<{ r: string[] }>(
      SPARK_MANAGER,
      `mutation { r: deleteAdditionalAttachmentEntitysConditional(ids: ["${attachment}"]) }`,
    );
    expect(bulk.data?.r ?? []).toHaveLength(0);
    const { rows } = await h.db.query<{ s: string }>('SELECT form_submissions_id AS s FROM additional_attachment WHERE id = $1', [
      attachment,
    ]);
    expect(rows[0]?.s).toBe(theirs);

    // Their own submission's attachments stay theirs to manage.
    const own = await save(SPARK_MANAGER, 'AdditionalAttachmentEntity', 'create', { formSubmissionsId: mine });
    expect(own.errors).toBeUndefined();
    const removed = await h.gql(
      SPARK_MANAGER,
      `mutation { deleteAdditionalAttachmentEntity(additionalAttachmentEntityIds: ["${idOf(own)}"]) }`,
    );
    expect(removed.errors).toBeUndefined();
  });
});
