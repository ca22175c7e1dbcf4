import { randomUUID } from 'node:crypto';
import { GROUPS } from '@hub/model';
import { photoMessages } from '@hub/model/forms';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authMessages } from '../auth/env';
import { createSession, hashToken } from '../auth/session';
import { textMessages } from '../core/strings';
import { diskStorage } from '../files/storage';
import { PHOTO_UPLOAD_LIMITS, photoUploadMessages } from '../forms/photos';
import { runPhotoCleanup } from '../jobs/photo-cleanup';
import type { JobContext } from '../jobs/types';
import { riskAssessmentAnswers } from './forms-fixtures';
import { formSubmissions } from './forms-submissions';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from './harness';
import { pdfText } from './pdf-text';
import { TINY_JPEG, uploadPhoto } from './photo-fixtures';

/**
 * Session 27 attack review of what landed that day: photo copies uploaded again after a save
 * refused for a missing photo (the same save key sent once more), the kept text of direct
 * statements with their session check, encoded API paths, and the organisations a form's
 * Make inactive names. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const subs = formSubmissions(() => h);
type Res = Awaited<ReturnType<Harness['gql']>>;
const idOf = (res: Res) => (res.data as { r: { id: string }[] }).r[0].id;
const count = async (sql: string, params: unknown[] = []) => Number((await h.db.query<{ n: number }>(sql, params)).rows[0].n);
const linkOf = async (id: string) =>
  (await h.db.query<{ s: string | null }>('SELECT form_submissions_id AS s FROM form_photo WHERE id = $1', [id])).rows[0]?.s;

async function photo(who = SPARK_WORKER): Promise<string> {
  const res = await uploadPhoto(h, who, {});
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.r[0].id;
}

async function versionOf(formType: string): Promise<string> {
  const { rows } = await h.db.query<{ v: string }>('SELECT published_version_id AS v FROM forms WHERE form_type = $1', [formType]);
  return rows[0].v;
}

const save = async (who: string, answers: Record<string, unknown>, key: string, isCompleted = true, extra: Record<string, unknown> = {}) =>
  subs.create(who, {
    formVersionId: await versionOf('RISK_ASSESSMENT'),
    isCompleted,
    idempotencyKey: key,
    submissionData: JSON.stringify(answers),
    ...extra,
  });

/** The clean-up job run a day and an hour from now: every photo no saved form names goes. */
async function cleanUp(): Promise<void> {
  const ctx: JobContext = {
    db: h.db,
    storage: diskStorage('/tmp/hub-session27-files'),
    mailer: { send: async () => {} },
    publicUrl: 'http://x',
    now: new Date(Date.now() + 25 * 3600_000),
    attempt: 1,
    log: () => {},
    signal: new AbortController().signal,
  };
  await runPhotoCleanup(ctx);
}

describe('a save refused for a missing photo, sent again with the same key', () => {
  it('records nothing under the key: the retry naming the photo uploaded again is saved, with that photo', async () => {
    const gone = await photo();
    await cleanUp();
    expect(await count('SELECT count(*)::int AS n FROM form_photo WHERE id = $1', [gone])).toBe(0);
    const key = randomUUID();
    for (const isCompleted of [false, true]) {
      const refused = await save(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [gone] }), key, isCompleted);
      expect(refused.errors?.[0]?.message).toBe(photoMessages.notFound);
    }
    expect(await count('SELECT count(*)::int AS n FROM form_submissions WHERE idempotency_key = $1', [key])).toBe(0);
    const again = await photo();
    const saved = await save(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [again] }), key);
    expect(saved.errors).toBeUndefined();
    expect(await linkOf(again)).toBe(idOf(saved));
    expect((await subs.stored(idOf(saved))).submission_data['task-photos']).toEqual([again]);
  });

  it('a replay of a used key with other answers is the first row: no photo it names is attached', async () => {
    const key = randomUUID();
    const first = await save(SPARK_WORKER, riskAssessmentAnswers(), key, false);
    expect(first.errors).toBeUndefined();
    const mine = await photo();
    const colleague = await photo(SPARK_MANAGER);
    for (const ids of [[mine], [colleague], [randomUUID()]]) {
      const replay = await save(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': ids }), key.toUpperCase(), true);
      expect(replay.errors).toBeUndefined();
      expect(idOf(replay)).toBe(idOf(first));
    }
    expect(await linkOf(mine)).toBeNull();
    expect(await linkOf(colleague)).toBeNull();
    expect((await subs.stored(idOf(first))).submission_data['task-photos']).toBeUndefined();
    expect(await count('SELECT count(*)::int AS n FROM form_submissions WHERE id = $1 AND NOT is_completed', [idOf(first)])).toBe(1);
  });

  it("another member's or organisation's photo and an unknown id get the same refusal, and record nothing under the key", async () => {
    const ids = { colleague: await photo(SPARK_MANAGER), volt: await photo(VOLT_MANAGER), none: randomUUID() };
    const keys: string[] = [];
    for (const [what, id] of Object.entries(ids)) {
      const key = randomUUID();
      keys.push(key);
      const res = await save(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [id] }), key);
      expect(
        res.errors?.map((e) => e.message),
        what,
      ).toEqual([photoMessages.notFound]);
      expect(JSON.stringify(res.errors)).not.toContain(id);
    }
    // An administrator saving for the Sparkright worker cannot take Voltline's photo either.
    const byAdmin = await save(ADMIN, riskAssessmentAnswers({ 'task-photos': [ids.volt] }), randomUUID(), true, {
      mehubAccountId: h.users[SPARK_WORKER].id,
    });
    expect(byAdmin.errors?.[0]?.message).toBe(photoMessages.notFound);
    expect(await count('SELECT count(*)::int AS n FROM form_submissions WHERE idempotency_key = ANY($1)', [keys])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM form_photo WHERE form_submissions_id IS NOT NULL')).toBe(0);
  });

  it('an API token uploads no photo', async () => {
    const made = await h.app.inject({
      method: 'POST',
      url: '/api/account/generate-key',
      headers: h.headers(SPARK_MANAGER),
      payload: { name: 'Field app' },
    });
    const token = made.json<{ key: string }>().key;
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: 'mutation($m: [FormPhotoEntityInput!]!) { r: createFormPhotoEntity(formPhotoEntityModels: $m) { id } }',
        variables: { m: [{ questionId: 'task', idempotencyKey: randomUUID(), photo: null, thumbnail: null }] },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.m.0.photo'], 1: ['variables.m.0.thumbnail'] }));
    form.append('0', new Blob([new Uint8Array(TINY_JPEG)], { type: 'image/jpeg' }), 'p.jpg');
    form.append('1', new Blob([new Uint8Array(TINY_JPEG)], { type: 'image/jpeg' }), 't.jpg');
    const req = new Request('http://x/api/graphql', { method: 'POST', body: form });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': req.headers.get('content-type')!, authorization: `Bearer ${token}` },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    expect(res.json<{ errors?: { message: string }[] }>().errors?.[0]?.message).toBe(photoUploadMessages.membersOnly);
    expect(await count('SELECT count(*)::int AS n FROM form_photo')).toBe(0);
  });
});

describe('photos a member keeps on the hub unsaved are bounded', () => {
  const max = PHOTO_UPLOAD_LIMITS.unsavedPerAccount;
  afterEach(() => {
    PHOTO_UPLOAD_LIMITS.unsavedPerAccount = max;
  });

  it('past the bound an upload is refused with what to do; a replayed key still answers; a save makes room; others are not held', async () => {
    expect(max).toBe(500);
    PHOTO_UPLOAD_LIMITS.unsavedPerAccount = 3;
    const key = randomUUID();
    const first = await uploadPhoto(h, SPARK_WORKER, { key });
    const ids = [first.body.data!.r[0].id, await photo(), await photo()];
    const files = await count('SELECT count(*)::int AS n FROM file');
    const over = await uploadPhoto(h, SPARK_WORKER, {});
    expect(over.body.errors?.[0]?.message).toBe(photoUploadMessages.tooManyUnsaved(3));
    expect(await count('SELECT count(*)::int AS n FROM form_photo WHERE mehub_account_id = $1', [h.users[SPARK_WORKER].id])).toBe(3);
    // Nothing of the refused upload is kept: no file row without its photo.
    expect(await count('SELECT count(*)::int AS n FROM file')).toBe(files);
    // The device's retry of an upload that was made gets its photo, bound or not.
    const replay = await uploadPhoto(h, SPARK_WORKER, { key });
    expect(replay.body.data?.r[0].id).toBe(ids[0]);
    // A colleague and another organisation upload as before.
    await photo(SPARK_MANAGER);
    await photo(VOLT_MANAGER);
    // A draft naming two of them leaves room for two more.
    const draft = await save(SPARK_WORKER, { task: 'Draft', 'task-photos': ids.slice(0, 2) }, randomUUID(), false);
    expect(draft.errors).toBeUndefined();
    await photo();
    await photo();
    expect((await uploadPhoto(h, SPARK_WORKER, {})).body.errors?.[0]?.message).toBe(photoUploadMessages.tooManyUnsaved(3));
  });
  it('uploads sent at the same moment do not pass the bound together', async () => {
    PHOTO_UPLOAD_LIMITS.unsavedPerAccount = 2;
    const answers = await Promise.all([0, 1, 2].map(() => uploadPhoto(h, SPARK_WORKER, {})));
    expect(answers.filter((a) => !a.body.errors).length).toBe(2);
    expect(answers.filter((a) => a.body.errors?.[0]?.message === photoUploadMessages.tooManyUnsaved(2)).length).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM form_photo WHERE mehub_account_id = $1', [h.users[SPARK_WORKER].id])).toBe(2);
  });
});

describe('kept direct statements and their session check', () => {
  const Q = `query($w: [WhereExpressionGraph!]) { a: assetEntitys(where: $w, take: 5) { id memberOrganisationId } }`;
  const vars = { w: [{ path: 'status', comparison: 'equal', value: ['IN_SERVICE'] }] };
  type Assets = { a: { id: string; memberOrganisationId: string }[] };

  /** `fn` as SPARK_MANAGER signed in with the session `cookie` (its own anti-forgery token). */
  async function as<T>(cookie: string, fn: () => Promise<T>): Promise<T> {
    const user = h.users[SPARK_MANAGER];
    const own = user.cookie;
    user.cookie = cookie;
    try {
      return await fn();
    } finally {
      user.cookie = own;
    }
  }

  it('two sessions of one account share the kept text, each checked as itself: the one ended is refused, the other answered', async () => {
    const first = h.users[SPARK_MANAGER].cookie;
    const second = await createSession(h.db, h.users[SPARK_MANAGER].id, 'account', 12);
    for (let round = 0; round < 3; round++)
      for (const cookie of [first, second]) {
        const res = await as(cookie, () => h.gql<Assets>(SPARK_MANAGER, Q, vars));
        expect(res.errors).toBeUndefined();
        for (const r of res.data!.a) expect(r.memberOrganisationId).toBe(h.org.spark);
      }
    await h.db.query('DELETE FROM session WHERE id = $1', [hashToken(second)]);
    h.uncacheSessions();
    const ended = await as(second, () => h.gql<Assets>(SPARK_MANAGER, Q, vars));
    expect(ended.status).toBe(401);
    expect(ended.data ?? null).toBeNull();
    const live = await as(first, () => h.gql<Assets>(SPARK_MANAGER, Q, vars));
    expect(live.status).toBe(200);
    expect(live.data!.a.length).toBeGreaterThan(0);
  });

  it("an administrator's and a member's equal reads, and a member moved to another organisation, each get their own rows", async () => {
    const admin = await h.gql<Assets>(ADMIN, Q, vars);
    const member = await h.gql<Assets>(SPARK_MANAGER, Q, vars);
    expect(new Set(admin.data!.a.map((r) => r.memberOrganisationId)).size).toBeGreaterThan(0);
    for (const r of member.data!.a) expect(r.memberOrganisationId).toBe(h.org.spark);
    await h.gql<Assets>(SPARK_MANAGER, Q, vars);
    await h.db.query('UPDATE mehub_account SET member_organisation_id = $2 WHERE id = $1', [h.users[SPARK_MANAGER].id, h.org.volt]);
    const moved = await h.gql<Assets>(SPARK_MANAGER, Q, vars);
    expect(moved.errors).toBeUndefined();
    for (const r of moved.data!.a) expect(r.memberOrganisationId).toBe(h.org.volt);
  });
});

describe('an encoded API path gets every guard', () => {
  const MUTATION = 'mutation { createAssetEntity(assetEntityModels: [{assetType: OTHER, description: "encoded"}]) { id } }';
  const post = (headers: Record<string, string>, payload: unknown, url = '/%61pi/graphql') =>
    h.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });

  it('anti-forgery, the session and the NUL guard hold for /%61pi/graphql and /%61%70%69/graphql', async () => {
    for (const url of ['/%61pi/graphql', '/%61%70%69/graphql', '/api/%67raphql']) {
      const { cookie } = h.headers(SPARK_MANAGER);
      // No anti-forgery token: refused before anything runs.
      const forged = await post({ cookie }, { query: MUTATION }, url);
      expect(forged.statusCode, url).toBe(403);
      expect(forged.json<{ errors: { message: string }[] }>().errors[0].message, url).toBe(authMessages.xsrf);
      // A NUL byte in the variables: the 400 of the guard.
      const nul = await post(
        h.headers(SPARK_MANAGER),
        {
          query: 'query($w: [WhereExpressionGraph!]) { assetEntitys(where: $w) { id } }',
          variables: { w: [{ path: 'description', comparison: 'equal', value: ['a\u0000'] }] },
        },
        url,
      );
      expect(nul.statusCode, url).toBe(400);
      expect(nul.json<{ errors: { message: string }[] }>().errors[0].message, url).toContain(textMessages.nul);
      // No session: nothing is read.
      const visitor = await post(h.headers(null), { query: '{ assetEntitys { id } }' }, url);
      expect(JSON.stringify(visitor.json())).not.toContain(h.org.spark);
    }
    expect(await count(`SELECT count(*)::int AS n FROM asset WHERE description = 'encoded'`)).toBe(0);
    // An ended session through the encoded path: the usual 401, nothing written.
    await h.gql(SPARK_MANAGER, '{ __typename }');
    await h.db.query('DELETE FROM session WHERE user_id = $1', [h.users[SPARK_MANAGER].id]);
    h.uncacheSessions();
    const ended = await post(h.headers(SPARK_MANAGER), { query: MUTATION });
    expect(ended.statusCode).toBe(401);
    expect(await count(`SELECT count(*)::int AS n FROM asset WHERE description = 'encoded'`)).toBe(0);
  });
});

describe("a form's organisations as Forms Builder reads them for Make inactive", () => {
  it("a Member Back-office user sees their own organisation only, never another's name, on both read paths", async () => {
    const { rows } = await h.db.query<{ id: string }>(`SELECT id FROM forms WHERE form_type = 'RISK_ASSESSMENT'`);
    const form = rows[0].id;
    for (const org of [h.org.spark, h.org.volt])
      await h.db.query(
        'INSERT INTO link_forms_member_organisations (forms_id, member_organisations_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [form, org],
      );
    await h.db.query('INSERT INTO user_group (user_id, group_name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      h.users[SPARK_MANAGER].id,
      GROUPS.memberBackoffice,
    ]);
    h.uncacheSessions();
    const { rows: volt } = await h.db.query<{ name: string }>('SELECT name FROM member_organisation WHERE id = $1', [h.org.volt]);
    type Forms = { r: { id: string; memberOrganisationss: { id: string; name: string | null }[] }[] };
    const queries = [
      // The page's own read (a direct statement: a list with a nested list).
      `query($c: [[WhereExpressionGraph!]!]) { r: formsEntitys(conditions: $c, orderBy: [{path: "name"}, {path: "id"}]) {
        id name memberOrganisationss { id name } } }`,
      // The same through graphql-js (a repeated key takes the usual path).
      `query($c: [[WhereExpressionGraph!]!]) { r: formsEntitys(conditions: $c) { id memberOrganisationss { id name } memberOrganisationss { id } } }`,
    ];
    for (const q of queries) {
      const res = await h.gql<Forms>(SPARK_MANAGER, q, { c: [[{ path: 'id', comparison: 'equal', value: [form] }]] });
      expect(res.errors).toBeUndefined();
      expect(res.data!.r).toHaveLength(1);
      expect(res.data!.r[0].memberOrganisationss.map((o) => o.id)).toEqual([h.org.spark]);
      expect(JSON.stringify(res)).not.toContain(volt[0].name);
      expect(JSON.stringify(res)).not.toContain(h.org.volt);
    }
    // Nor does making it inactive remove Voltline's assignment: the form is not theirs alone.
    const off = await h.gql(SPARK_MANAGER, 'mutation($m: [FormsEntityInput!]!) { r: updateFormsEntity(formsEntityModels: $m) { id } }', {
      m: [{ id: form, isActive: false }],
    });
    expect(off.errors?.length).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM link_forms_member_organisations WHERE forms_id = $1', [form])).toBe(2);
  });
});

describe('corrective actions in the PDF and photo deletion', () => {
  const SAFETY_WORKER = 'safetyworker@sparkright.example';
  const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const pdfOf = async (who: string, id: string) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/entity/FormSubmissionsEntity/pdf',
      headers: { ...h.headers(who), 'content-type': 'application/json' },
      payload: JSON.stringify({ SubmissionId: id, TimeZoneId: 'UTC' }),
    });
    return { status: res.statusCode, text: res.statusCode === 200 ? pdfText(res.rawPayload) : '' };
  };
  const raise = async (who: string, assignee: string, description: string) => {
    const res = await save(
      who,
      riskAssessmentAnswers({ 'risk-action': { description, assigneeId: h.users[assignee].id, priority: 'high', dueDate: dayIn(7) } }),
      randomUUID(),
    );
    expect(res.errors).toBeUndefined();
    return idOf(res);
  };
  const personOf = async (email: string) =>
    (await h.db.query<{ f: string; s: string }>('SELECT firstname AS f, surname AS s FROM mehub_account WHERE email = $1', [email]))
      .rows[0];

  it("an assignee moved to another organisation is not named in the old organisation's PDF; another organisation's action never joins it", async () => {
    const spark = await raise(SPARK_WORKER, SAFETY_WORKER, 'Fit edge protection');
    await h.db.query(`UPDATE mehub_account SET firstname = 'Zebedee', surname = 'Quixotic' WHERE email = $1`, [SAFETY_WORKER]);
    expect((await pdfOf(SPARK_MANAGER, spark)).text).toContain('Zebedee');
    await h.db.query('UPDATE mehub_account SET member_organisation_id = $2 WHERE email = $1', [SAFETY_WORKER, h.org.volt]);
    h.uncacheSessions();
    const after = await pdfOf(SPARK_MANAGER, spark);
    expect(after.text).toContain('Fit edge protection');
    expect(after.text).not.toContain('Zebedee');
    expect(after.text).not.toContain('Quixotic');
    // Voltline's manager raises their own action and cannot hang it off Sparkright's submission.
    const volt = await raise(VOLT_MANAGER, VOLT_MANAGER, 'Voltline private step');
    const { rows } = await h.db.query<{ id: string }>('SELECT id FROM corrective_action WHERE form_submissions_id = $1', [volt]);
    const moved = await h.gql(
      VOLT_MANAGER,
      `mutation($m: [CorrectiveActionEntityInput!]!) { updateCorrectiveActionEntity(correctiveActionEntityModels: $m) { id } }`,
      { m: [{ id: rows[0].id, formSubmissionsId: spark }] },
    );
    expect(moved.errors?.length).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM corrective_action WHERE form_submissions_id = $1', [spark])).toBe(1);
    for (const who of [SPARK_MANAGER, SPARK_WORKER]) expect((await pdfOf(who, spark)).text).not.toContain('Voltline private step');
    expect((await pdfOf(VOLT_MANAGER, spark)).status).toBe(404);
    expect((await personOf(SAFETY_WORKER)).f).toBe('Zebedee');
  });

  it("a member deletes no photo, their own nor a colleague's, and no answer loses its reference", async () => {
    const mine = await photo();
    const saved = await save(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [mine] }), randomUUID());
    expect(saved.errors).toBeUndefined();
    const del = `mutation($ids: [ID!]!) { deleteFormPhotoEntity(formPhotoEntityIds: $ids) }`;
    for (const who of [SPARK_WORKER, SPARK_MANAGER, VOLT_MANAGER]) {
      const res = await h.gql(who, del, { ids: [mine] });
      expect(res.errors?.length, who).toBeGreaterThan(0);
      const rest = await h.app.inject({ method: 'DELETE', url: `/api/entity/FormPhotoEntity/${mine}`, headers: h.headers(who) });
      expect(rest.statusCode, who).toBeGreaterThanOrEqual(400);
    }
    expect(await linkOf(mine)).toBe(idOf(saved));
    expect((await subs.stored(idOf(saved))).submission_data['task-photos']).toEqual([mine]);
  });
});
