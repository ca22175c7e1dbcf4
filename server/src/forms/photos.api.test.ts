import { randomUUID } from 'node:crypto';
import { getEntity, messages } from '@hub/model';
import { PHOTO_LIMITS, photoMessages } from '@hub/model/forms';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_CALLER } from '../crud/hooks';
import { diskStorage } from '../files/storage';
import { runPhotoCleanup } from '../jobs/photo-cleanup';
import { riskAssessmentAnswers } from '../test/forms-fixtures';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { TINY_JPEG, uploadPhoto } from '../test/photo-fixtures';
import { photoUploadMessages } from './photos';

/** Photo evidence (issue 15): the upload, its access, the answers that name photos, the clean-up job. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const RISK = 'Job Safety Risk Assessment';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function versionId(): Promise<string> {
  const { rows } = await h.db.query<{ v: string }>('SELECT published_version_id AS v FROM forms WHERE name = $1', [RISK]);
  return rows[0].v;
}

async function submit(who: string, answers: Record<string, unknown>, isCompleted = true) {
  return h.gql<{ r: { id: string }[] }>(
    who,
    `mutation($m: [FormSubmissionsEntityInput!]!) { r: createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
    { m: [{ formVersionId: await versionId(), isCompleted, submissionData: JSON.stringify(answers) }] },
  );
}

async function photo(who: string, questionId = 'task'): Promise<{ id: string; photoId: string; thumbnailId: string }> {
  const res = await uploadPhoto(h, who, { questionId });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.r[0];
}

const photoRow = async (id: string) =>
  (
    await h.db.query<{ form_submissions_id: string | null; mehub_account_id: string }>(
      'SELECT form_submissions_id, mehub_account_id FROM form_photo WHERE id = $1',
      [id],
    )
  ).rows[0];
const photoCount = async () => Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM form_photo')).rows[0].n);
const file = (who: string | null, id: string) => h.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: h.headers(who) });

describe('uploading a photo', () => {
  it('stores a JPEG and its thumbnail as the uploader own, served inline as an image', async () => {
    const res = await uploadPhoto(h, SPARK_WORKER, { questionId: 'task', caption: 'Main switch' });
    expect(res.body.errors).toBeUndefined();
    const p = res.body.data!.r[0];
    expect(p).toMatchObject({
      questionId: 'task',
      mehubAccountId: h.users[SPARK_WORKER].id,
      memberOrganisationId: h.org.spark,
      formSubmissionsId: null,
      photo: { contentType: 'image/jpeg', size: TINY_JPEG.length },
      thumbnail: { contentType: 'image/jpeg' },
    });
    const served = await file(SPARK_WORKER, p.photoId);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-disposition']).toMatch(/^inline/);
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(Buffer.from(served.rawPayload).equals(TINY_JPEG)).toBe(true);
  });

  it('refuses PNG, HTML and SVG named .jpg, by their bytes, keeping nothing', async () => {
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    for (const [bytes, type] of [
      [PNG, 'image/png'],
      [html, 'text/plain'],
      [svg, 'text/plain'],
    ] as const) {
      for (const target of ['photo', 'thumbnail'] as const) {
        const res = await uploadPhoto(h, SPARK_WORKER, { [target]: bytes, name: 'evidence.jpg', type: 'image/jpeg' });
        expect(res.body.errors?.[0]?.message).toBe(messages.fileType(type, 'image/jpeg'));
      }
    }
    expect(await photoCount()).toBe(0);
    expect(Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM file')).rows[0].n)).toBe(0);
  });

  it('holds the photo to 20 MB and the thumbnail to 1 MB', async () => {
    const big = Buffer.concat([TINY_JPEG, Buffer.alloc(20_000_001 - TINY_JPEG.length)]);
    const photoRes = await uploadPhoto(h, SPARK_WORKER, { photo: big });
    expect(photoRes.status).toBe(413);
    expect(photoRes.body.errors?.[0]?.message).toBe(messages.fileTooLarge(20));
    const thumb = Buffer.concat([TINY_JPEG, Buffer.alloc(1_000_001 - TINY_JPEG.length)]);
    const thumbRes = await uploadPhoto(h, SPARK_WORKER, { thumbnail: thumb });
    expect(thumbRes.body.errors?.[0]?.message).toBe(messages.fileTooLarge(1));
    expect(await photoCount()).toBe(0);
  });

  it('answers a replay of the same key with the same photo, for that account only', async () => {
    const key = randomUUID();
    const first = await uploadPhoto(h, SPARK_WORKER, { key });
    const again = await uploadPhoto(h, SPARK_WORKER, { key: key.toUpperCase(), questionId: 'controls' });
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data!.r[0].id).toBe(first.body.data!.r[0].id);
    expect(again.body.data!.r[0].questionId).toBe('task');
    expect(await photoCount()).toBe(1);
    // The replay's files are not kept.
    expect(Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM file')).rows[0].n)).toBe(2);
    const other = await uploadPhoto(h, SPARK_MANAGER, { key });
    expect(other.body.data!.r[0].id).not.toBe(first.body.data!.r[0].id);
    expect(await photoCount()).toBe(2);
  });

  it('needs the photo itself, its thumbnail, a UUID key and a plain question id', async () => {
    expect((await uploadPhoto(h, SPARK_WORKER, { thumbnail: null })).body.errors?.[0]?.message).toBe(photoUploadMessages.thumbnailRequired);
    expect((await uploadPhoto(h, SPARK_WORKER, { key: 'not-a-uuid' })).body.errors?.[0]?.message).toContain(messages.idempotencyKey);
    const noKey = await h.gql(
      SPARK_WORKER,
      `mutation($m: [FormPhotoEntityInput!]!) { createFormPhotoEntity(formPhotoEntityModels: $m) { id } }`,
      {
        m: [{ questionId: 'task' }],
      },
    );
    expect(noKey.errors?.[0]?.message).toBe(photoUploadMessages.photoRequired);
    for (const questionId of ['__proto__', 'constructor', 'a\u0000b', 'x'.repeat(201), ' '])
      expect((await uploadPhoto(h, SPARK_WORKER, { questionId })).body.errors?.[0]?.message, JSON.stringify(questionId)).toMatch(
        /question id|NUL|length|characters|valid|required/i,
      );
    // A file already stored (any type) is never taken as a photo: only the JPEG uploaded now.
    const mine = await photo(SPARK_WORKER);
    const byId = await h.gql(
      SPARK_WORKER,
      `mutation($m: [FormPhotoEntityInput!]!) { createFormPhotoEntity(formPhotoEntityModels: $m) { id } }`,
      {
        m: [{ questionId: 'task', idempotencyKey: randomUUID(), photoId: mine.photoId, thumbnailId: mine.thumbnailId }],
      },
    );
    expect(byId.errors?.[0]?.message).toBe(photoUploadMessages.photoRequired);
  });

  it('never lets a member set the submission or the owner of a photo', async () => {
    const res = await h.gql(
      SPARK_WORKER,
      `mutation($m: [FormPhotoEntityInput!]!) { createFormPhotoEntity(formPhotoEntityModels: $m) { id } }`,
      {
        m: [{ questionId: 'task', idempotencyKey: randomUUID(), formSubmissionsId: randomUUID() }],
      },
    );
    expect(res.errors?.[0]?.message).toMatch(/formSubmissionsId/);
    const other = await uploadPhoto(h, SPARK_WORKER, {});
    expect((await photoRow(other.body.data!.r[0].id)).mehub_account_id).toBe(h.users[SPARK_WORKER].id);
  });
});

describe('who reads a photo', () => {
  const LIST = `query($ids: [ID!], $id: ID!) { l: formPhotoEntitys(ids: $ids) { id } c: countFormPhotoEntitys(ids: $ids) one: formPhotoEntity(id: $id) { id } }`;

  it('an unsaved photo: its uploader only, not a colleague nor another organisation', async () => {
    const p = await photo(SPARK_WORKER);
    for (const who of [SPARK_MANAGER, VOLT_MANAGER]) {
      const res = await h.gql(who, LIST, { ids: [p.id], id: p.id });
      expect(res.data, who).toEqual({ l: [], c: 0, one: null });
      expect((await file(who, p.photoId)).statusCode, who).toBe(404);
      expect((await file(who, p.thumbnailId)).statusCode, who).toBe(404);
    }
    expect((await h.gql(SPARK_WORKER, LIST, { ids: [p.id], id: p.id })).data).toEqual({ l: [{ id: p.id }], c: 1, one: { id: p.id } });
    expect((await h.gql(ADMIN, LIST, { ids: [p.id], id: p.id })).data).toEqual({ l: [{ id: p.id }], c: 1, one: { id: p.id } });
  });

  it('a submitted photo: whoever reads the submission, never another organisation', async () => {
    const p = await photo(SPARK_WORKER);
    const res = await submit(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [p.id] }));
    expect(res.errors).toBeUndefined();
    expect((await photoRow(p.id)).form_submissions_id).toBe(res.data!.r[0].id);
    expect((await h.gql(SPARK_MANAGER, LIST, { ids: [p.id], id: p.id })).data).toEqual({ l: [{ id: p.id }], c: 1, one: { id: p.id } });
    expect((await file(SPARK_MANAGER, p.photoId)).statusCode).toBe(200);
    expect((await h.gql(VOLT_MANAGER, LIST, { ids: [p.id], id: p.id })).data).toEqual({ l: [], c: 0, one: null });
    expect((await file(VOLT_MANAGER, p.photoId)).statusCode).toBe(404);
    expect((await file(null, p.photoId)).statusCode).toBe(404);
  });

  it('a photo in a draft: its owner only', async () => {
    const p = await photo(SPARK_WORKER);
    const res = await submit(SPARK_WORKER, { task: 'Draft', 'task-photos': [p.id] }, false);
    expect(res.errors).toBeUndefined();
    expect((await photoRow(p.id)).form_submissions_id).toBe(res.data!.r[0].id);
    expect((await h.gql(SPARK_MANAGER, LIST, { ids: [p.id], id: p.id })).data).toEqual({ l: [], c: 0, one: null });
  });

  it('members cannot change or delete photos', async () => {
    const p = await photo(SPARK_WORKER);
    const upd = await h.gql(
      SPARK_WORKER,
      `mutation($m: [FormPhotoEntityInput!]!) { updateFormPhotoEntity(formPhotoEntityModels: $m) { id } }`,
      {
        m: [{ id: p.id, caption: 'x' }],
      },
    );
    expect(upd.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const del = await h.gql(SPARK_WORKER, `mutation($ids: [ID!]!) { deleteFormPhotoEntity(formPhotoEntityIds: $ids) }`, { ids: [p.id] });
    expect(del.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('photos named in answers', () => {
  const refused = (res: { errors?: { message: string; extensions?: Record<string, unknown> }[] }) => res.errors?.[0]?.message;

  it('links the photos to the submission, moving them from the draft it replaces', async () => {
    const [a, b] = [await photo(SPARK_WORKER), await photo(SPARK_WORKER, 'controls')];
    const draft = await submit(SPARK_WORKER, { task: 'Draft', 'task-photos': [a.id] }, false);
    const draftId = draft.data!.r[0].id;
    expect((await photoRow(a.id)).form_submissions_id).toBe(draftId);
    const done = await submit(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [a.id], 'controls-photos': [b.id] }));
    expect(done.errors).toBeUndefined();
    const id = done.data!.r[0].id;
    expect((await photoRow(a.id)).form_submissions_id).toBe(id);
    expect((await photoRow(b.id)).form_submissions_id).toBe(id);
    const { rows } = await h.db.query('SELECT 1 FROM form_submissions WHERE id = $1', [draftId]);
    expect(rows).toEqual([]);
  });

  it('lets a draft photo go when a later draft no longer names it', async () => {
    const a = await photo(SPARK_WORKER);
    await submit(SPARK_WORKER, { task: 'Draft', 'task-photos': [a.id] }, false);
    await submit(SPARK_WORKER, { task: 'Draft again' }, false);
    expect((await photoRow(a.id)).form_submissions_id).toBeNull();
  });

  it("refuses a colleague's photo, another organisation's, and one already in a completed submission", async () => {
    const colleague = await photo(SPARK_MANAGER);
    expect(refused(await submit(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [colleague.id] })))).toBe(photoMessages.notFound);
    const theirs = await photo(VOLT_MANAGER);
    expect(refused(await submit(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [theirs.id] })))).toBe(photoMessages.notFound);
    expect(refused(await submit(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [randomUUID()] })))).toBe(photoMessages.notFound);
    const mine = await photo(SPARK_WORKER);
    const first = await submit(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [mine.id] }));
    expect(first.errors).toBeUndefined();
    expect(refused(await submit(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [mine.id] })))).toBe(photoMessages.elsewhere);
    expect((await photoRow(mine.id)).form_submissions_id).toBe(first.data!.r[0].id);
    expect((await photoRow(colleague.id)).form_submissions_id).toBeNull();
  });

  it('refuses local references with a message that says what to do', async () => {
    const res = await submit(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [`local:${randomUUID()}`] }));
    expect(refused(res)).toBe(photoMessages.notUploaded);
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION' });
    const draft = await submit(SPARK_WORKER, { task: 'x', 'task-photos': [`local:${randomUUID()}`] }, false);
    expect(refused(draft)).toBe(photoMessages.notUploaded);
  });

  it('refuses photo keys of no question, hostile ones included, and lists that are not lists of ids', async () => {
    const mine = await photo(SPARK_WORKER);
    for (const key of ['__proto__-photos', 'constructor-photos', 'nosuch-photos', 'toString-photos']) {
      const text = JSON.stringify(riskAssessmentAnswers()).replace(/}$/, `,"${key}":["${mine.id}"]}`);
      const res = await h.gql(
        SPARK_WORKER,
        `mutation($m: [FormSubmissionsEntityInput!]!) { r: createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
        { m: [{ formVersionId: await versionId(), isCompleted: true, submissionData: text }] },
      );
      expect(res.errors?.[0]?.message, key).toMatch(new RegExp(`${photoMessages.notAQuestion}|not valid JSON|prototype`));
    }
    expect(refused(await submit(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': mine.id })))).toBe(photoMessages.notAList);
    expect(refused(await submit(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': ['../../etc/passwd'] })))).toBe(
      photoMessages.badReference,
    );
    expect((await photoRow(mine.id)).form_submissions_id).toBeNull();
  });

  it('refuses more than 20 photos on a question', async () => {
    const ids = Array.from({ length: PHOTO_LIMITS.perQuestion + 1 }, () => randomUUID());
    expect(refused(await submit(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': ids })))).toBe(photoMessages.tooManyOnQuestion);
  });

  it("keeps the owner's photos when a manager reviews the submission", async () => {
    const mine = await photo(SPARK_WORKER);
    const done = await submit(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [mine.id] }));
    const id = done.data!.r[0].id;
    const review = await h.gql(
      SPARK_MANAGER,
      `mutation($m: [FormSubmissionsEntityInput!]!) { r: updateFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id submissionData } }`,
      {
        m: [{ id, submissionData: JSON.stringify({ 'ReviewSlide-option': 'CI Improvement Opportunity', 'ReviewSlide-comments': 'Fine' }) }],
      },
    );
    expect(review.errors).toBeUndefined();
    expect((await photoRow(mine.id)).form_submissions_id).toBe(id);
    expect(JSON.parse((review.data as { r: { submissionData: string }[] }).r[0].submissionData)['task-photos']).toEqual([mine.id]);
  });
});

describe('an administrator deleting a photo', () => {
  const keysOf = async (fileIds: string[]) =>
    (await h.db.query<{ k: string }>('SELECT storage_key AS k FROM file WHERE id = ANY($1::uuid[])', [fileIds])).rows.map((r) => r.k);
  const stored = async (key: string) =>
    new Promise<boolean>((resolve) => {
      const s = h.storage.open(key);
      s.once('error', () => resolve(false));
      s.once('readable', () => {
        s.destroy();
        resolve(true);
      });
    });
  const review = (id: string, answers: Record<string, unknown>) =>
    h.gql<{ r: { id: string; submissionData: string }[] }>(
      SPARK_MANAGER,
      `mutation($m: [FormSubmissionsEntityInput!]!) { r: updateFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id submissionData } }`,
      { m: [{ id, submissionData: JSON.stringify(answers) }] },
    );
  const del = (who: string, ids: string[]) =>
    h.gql(who, `mutation($ids: [ID!]!) { deleteFormPhotoEntity(formPhotoEntityIds: $ids) }`, { ids });

  it("takes it out of its submission's answers, so the review saves, and removes its files from storage", async () => {
    const gone = await photo(SPARK_WORKER);
    const kept = await photo(SPARK_WORKER);
    const done = await submit(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [gone.id, kept.id] }));
    expect(done.errors).toBeUndefined();
    const id = done.data!.r[0].id;
    const keys = await keysOf([gone.photoId, gone.thumbnailId]);
    expect(keys).toHaveLength(2);
    for (const k of keys) expect(await stored(k)).toBe(true);

    const res = await del(ADMIN, [gone.id]);
    expect(res.errors).toBeUndefined();
    expect(await photoRow(gone.id)).toBeUndefined();
    const answers = await h.db.query<{ d: Record<string, unknown> }>('SELECT submission_data AS d FROM form_submissions WHERE id = $1', [
      id,
    ]);
    expect(answers.rows[0].d['task-photos']).toEqual([kept.id]);
    // The reviewer's save, whatever the page had loaded before: the stored answers no longer name the photo.
    const saved = await review(id, { 'ReviewSlide-option': 'CI Improvement Opportunity', 'ReviewSlide-comments': 'Fine' });
    expect(saved.errors).toBeUndefined();
    expect(JSON.parse(saved.data!.r[0].submissionData)['task-photos']).toEqual([kept.id]);
    // Its file rows and the files themselves are gone; the other photo's stay.
    expect(await keysOf([gone.photoId, gone.thumbnailId])).toEqual([]);
    for (const k of keys) expect(await stored(k)).toBe(false);
    expect((await file(SPARK_MANAGER, gone.photoId)).statusCode).toBe(404);
    expect((await file(SPARK_MANAGER, kept.photoId)).statusCode).toBe(200);
    for (const k of await keysOf([kept.photoId, kept.thumbnailId])) expect(await stored(k)).toBe(true);
  });

  it("a draft's photo too; members, of the organisation or another, still cannot delete one (nothing changes)", async () => {
    const p = await photo(SPARK_WORKER);
    const draft = await submit(SPARK_WORKER, { task: 'Draft', 'task-photos': [p.id] }, false);
    expect(draft.errors).toBeUndefined();
    for (const who of [SPARK_WORKER, SPARK_MANAGER, VOLT_MANAGER]) {
      const res = await del(who, [p.id]);
      expect(res.errors?.[0]?.extensions?.code, who).toMatch(/FORBIDDEN|NOT_FOUND/);
    }
    expect(await photoRow(p.id)).toBeDefined();
    expect(await keysOf([p.photoId, p.thumbnailId])).toHaveLength(2);
    expect((await del(ADMIN, [p.id])).errors).toBeUndefined();
    const d = await h.db.query<{ d: Record<string, unknown> }>('SELECT submission_data AS d FROM form_submissions WHERE id = $1', [
      draft.data!.r[0].id,
    ]);
    expect(d.rows[0].d['task-photos']).toEqual([]);
    expect(await keysOf([p.photoId, p.thumbnailId])).toEqual([]);
  });
});

describe('the clean-up job', () => {
  it('removes unused photos older than a day with their files, and keeps the rest', async () => {
    const old = await photo(SPARK_WORKER);
    const fresh = await photo(SPARK_WORKER);
    const used = await photo(SPARK_WORKER);
    await submit(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [used.id] }));
    await h.db.query(`UPDATE form_photo SET created = now() - interval '25 hours' WHERE id = ANY($1::uuid[])`, [[old.id, used.id]]);
    const storage = diskStorage(
      `${(h.app as unknown as { hubConfig?: { dataDir: string } }).hubConfig?.dataDir ?? '/tmp/hub-photo-job'}/files`,
    );
    const outcome = await runPhotoCleanup({
      db: h.db,
      storage,
      mailer: { send: async () => {} },
      publicUrl: 'http://x',
      now: new Date(),
      attempt: 1,
      log: () => {},
      signal: new AbortController().signal,
    });
    expect(outcome.counts).toEqual({ photos: 1, files: 2 });
    expect(await photoRow(old.id)).toBeUndefined();
    expect(await photoRow(fresh.id)).toBeDefined();
    expect(await photoRow(used.id)).toBeDefined();
    const { rows } = await h.db.query('SELECT 1 FROM file WHERE id = ANY($1::uuid[])', [[old.photoId, old.thumbnailId]]);
    expect(rows).toEqual([]);
    expect(getEntity('FormPhotoEntity').name).toBe('FormPhotoEntity');
    expect(SYSTEM_CALLER.kind).toBe('admin');
  });
});

describe('the PDF', () => {
  it("shows the submission's photos under their question, and no other photo", async () => {
    const [a, b] = [await photo(SPARK_WORKER), await photo(SPARK_WORKER)];
    const c = await photo(SPARK_WORKER, 'controls');
    const done = await submit(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [a.id, b.id], 'controls-photos': [c.id] }));
    const id = done.data!.r[0].id;
    const pdf = async (who: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/entity/FormSubmissionsEntity/pdf',
        headers: { ...h.headers(who), 'content-type': 'application/json' },
        payload: { SubmissionId: id, TimeZoneId: 'Australia/Melbourne' },
      });
    const res = await pdf(SPARK_MANAGER);
    expect(res.statusCode).toBe(200);
    const body = res.rawPayload.toString('latin1');
    // Three photos (JPEG images) besides the sketch (a PNG).
    expect(body.match(/\/Filter \/DCTDecode/g)?.length).toBe(3);
    expect((await pdf(VOLT_MANAGER)).statusCode).toBe(404);
  });
});
