import { randomUUID } from 'node:crypto';
import { messages } from '@hub/model';
import { actionMessages, photoMessages } from '@hub/model/forms';
import { addDays } from '@hub/model/reminders';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { diskStorage } from '../files/storage';
import { runPhotoCleanup } from '../jobs/photo-cleanup';
import type { JobContext } from '../jobs/types';
import { riskAssessmentAnswers } from './forms-fixtures';
import { formSubmissions } from './forms-submissions';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from './harness';
import { TINY_JPEG, uploadPhoto } from './photo-fixtures';

/**
 * Issue 15 attack review: submission idempotency keys, photo evidence and corrective actions,
 * attacked as a visitor, another organisation, a colleague, an assignee and with racing saves
 * and an interrupted clean-up. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (the
 * races only there: PGlite runs one statement at a time).
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const POSTGRES = process.env.TEST_ENGINE === 'postgres';
const subs = formSubmissions(() => h);
const SAFETY_WORKER = 'safetyworker@sparkright.example';
const VOLT_WORKER = 'worker@voltline.example';
const today = () => new Date().toISOString().slice(0, 10);
type Res = Awaited<ReturnType<Harness['gql']>>;
const idOf = (res: Res) => (res.data as { r: { id: string }[] }).r[0].id;

async function photo(who = SPARK_WORKER): Promise<{ id: string; photoId: string; thumbnailId: string }> {
  const res = await uploadPhoto(h, who, {});
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.r[0];
}

async function versionOf(formType: string): Promise<string> {
  const { rows } = await h.db.query<{ v: string }>('SELECT published_version_id AS v FROM forms WHERE form_type = $1', [formType]);
  return rows[0].v;
}

const create = async (who: string, answers: Record<string, unknown>, isCompleted = true, extra: Record<string, unknown> = {}) =>
  subs.create(who, { formVersionId: await versionOf('RISK_ASSESSMENT'), isCompleted, submissionData: JSON.stringify(answers), ...extra });

const photoRow = async (id: string) =>
  (await h.db.query<{ form_submissions_id: string | null }>('SELECT form_submissions_id FROM form_photo WHERE id = $1', [id])).rows[0];
const count = async (sql: string, params: unknown[] = []) => Number((await h.db.query<{ n: number }>(sql, params)).rows[0].n);

function jobContext(db: Db = h.db): JobContext {
  return {
    db,
    storage: diskStorage('/tmp/hub-issue15-files'),
    mailer: { send: async () => {} },
    publicUrl: 'http://x',
    now: new Date(),
    attempt: 1,
    log: () => {},
    signal: new AbortController().signal,
  };
}

/** Runs `fn` in a transaction on its own connection and keeps it open until `release` is called. */
function holdTransaction(fn: (tx: Db) => Promise<void>): { ready: Promise<void>; release: () => void; done: Promise<void> } {
  let release!: () => void;
  let ready!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const started = new Promise<void>((r) => (ready = r));
  const done = h.db.transaction(async (tx) => {
    await fn(tx);
    ready();
    await gate;
  });
  return { ready: started, release, done };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('idempotency keys', () => {
  it("another account's key, in this or another organisation, makes a row of its own and blocks nobody", async () => {
    const key = randomUUID();
    const mine = await create(SPARK_WORKER, riskAssessmentAnswers(), true, { idempotencyKey: key });
    expect(mine.errors).toBeUndefined();
    for (const who of [SPARK_MANAGER, VOLT_MANAGER, VOLT_WORKER]) {
      if (who === VOLT_WORKER && !h.users[who]) continue;
      const theirs = await subs.create(who, {
        formVersionId: await versionOf('RISK_ASSESSMENT'),
        isCompleted: false,
        idempotencyKey: key,
        submissionData: JSON.stringify({ task: 'theirs' }),
      });
      // Volt cannot fill Sparkright's form; the refusal is the form's, never the key's row.
      if (theirs.errors) expect(theirs.errors[0].message).not.toContain(idOf(mine));
      else expect(idOf(theirs)).not.toBe(idOf(mine));
    }
    const again = await create(SPARK_WORKER, riskAssessmentAnswers({ task: 'changed' }), true, { idempotencyKey: key.toUpperCase() });
    expect(idOf(again)).toBe(idOf(mine));
    expect((await subs.stored(idOf(mine))).submission_data.task).toBe('Replace the main switchboard');
  });

  it('hostile keys are refused with the message, never matched; a key cannot be set or read afterwards', async () => {
    for (const key of ['__proto__', 'constructor', 'x'.repeat(5000), '', ' ', `${randomUUID()} `, "' OR 1=1 --", 42, { a: 1 }]) {
      const res = await create(SPARK_WORKER, riskAssessmentAnswers(), true, { idempotencyKey: key });
      expect(res.errors?.[0]?.message, JSON.stringify(key).slice(0, 40)).toMatch(
        new RegExp(`${messages.idempotencyKey.slice(0, 30)}|String cannot represent|too long|at most|characters`),
      );
    }
    expect(await count('SELECT count(*)::int AS n FROM form_submissions WHERE idempotency_key IS NOT NULL')).toBe(0);
    const key = randomUUID();
    const id = idOf(await create(SPARK_WORKER, riskAssessmentAnswers(), true, { idempotencyKey: key }));
    // Fixed once created, even by an administrator's save.
    await subs.update(ADMIN, { id, idempotencyKey: randomUUID() });
    expect((await h.db.query('SELECT idempotency_key AS k FROM form_submissions WHERE id = $1', [id])).rows[0]).toEqual({ k: key });
    const read = await h.gql(SPARK_MANAGER, `query($id: ID!) { formSubmissionsEntity(id: $id) { id idempotencyKey } }`, { id });
    expect(read.errors?.[0]?.message).toMatch(/idempotencyKey/);
    const filter = await h.gql(
      SPARK_MANAGER,
      `{ formSubmissionsEntitys(where: [{path: "idempotencyKey", comparison: notEqual, value: [null]}]) { id } }`,
    );
    expect(filter.errors?.[0]?.message).toMatch(/idempotencyKey/);
    const csv = await h.app.inject({ method: 'GET', url: '/api/entity/FormSubmissionsEntity/export', headers: h.headers(ADMIN) });
    expect(csv.body).not.toMatch(/Idempotency/i);
  });

  it('a visitor or an API-less caller naming a member gets nothing of their row', async () => {
    const key = randomUUID();
    await create(SPARK_WORKER, riskAssessmentAnswers(), false, { idempotencyKey: key });
    const res = await subs.create(null as never, { mehubAccountId: h.users[SPARK_WORKER].id, idempotencyKey: key });
    expect(res.data).toBeNull();
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('photos', () => {
  it('another organisation never reads a photo: by id, list, count, nested from the submission, file, metadata or CSV', async () => {
    const p = await photo();
    const sub = idOf(await create(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [p.id] })));
    const q = `query($id: ID!, $s: ID!) { one: formPhotoEntity(id: $id) { id } l: formPhotoEntitys(take: 100) { id } c: countFormPhotoEntitys
      s: formSubmissionsEntity(id: $s) { id submissionData } }`;
    expect((await h.gql(VOLT_MANAGER, q, { id: p.id, s: sub })).data).toEqual({ one: null, l: [], c: 0, s: null });
    for (const url of [
      `/api/files/${p.photoId}`,
      `/api/files/${p.thumbnailId}`,
      `/api/files/metadata/${p.photoId}`,
      `/api/files/${p.photoId}?download=true`,
    ])
      expect((await h.app.inject({ method: 'GET', url, headers: h.headers(VOLT_MANAGER) })).statusCode, url).toBe(404);
    const csv = await h.app.inject({ method: 'GET', url: '/api/entity/FormPhotoEntity/export', headers: h.headers(VOLT_MANAGER) });
    expect(csv.body).not.toContain(p.id);
    // The manager of the organisation reads it, through the photo's own reference too.
    const nested = await h.gql(
      SPARK_MANAGER,
      `query($id: ID!) { formPhotoEntity(id: $id) { id formSubmissions { id } mehubAccount { id } } }`,
      { id: p.id },
    );
    expect(nested.data).toEqual({
      formPhotoEntity: { id: p.id, formSubmissions: { id: sub }, mehubAccount: { id: h.users[SPARK_WORKER].id } },
    });
  });

  it('a polyglot JPEG (JPEG bytes, then HTML) is stored as a JPEG and served as an image that cannot run', async () => {
    const polyglot = Buffer.concat([TINY_JPEG, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const res = await uploadPhoto(h, SPARK_WORKER, { photo: polyglot, name: 'evidence.html', type: 'text/html' });
    expect(res.body.errors).toBeUndefined();
    const served = await h.app.inject({
      method: 'GET',
      url: `/api/files/${res.body.data!.r[0].photoId}`,
      headers: h.headers(SPARK_WORKER),
    });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
  });

  it("a photo in the member's draft of another form is not taken by this form's submission", async () => {
    const p = await photo();
    const draft = await subs.create(SPARK_WORKER, {
      formVersionId: await versionOf('INCIDENT'),
      isCompleted: false,
      submissionData: JSON.stringify({ description: 'Draft', 'description-photos': [p.id] }),
    });
    expect(draft.errors).toBeUndefined();
    const res = await create(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [p.id] }));
    expect(res.errors?.[0]?.message).toBe(photoMessages.elsewhere);
    expect((await photoRow(p.id)).form_submissions_id).toBe(idOf(draft));
    // A draft of the same form is replaced by the submission, which takes its photos.
    const same = await create(SPARK_WORKER, { task: 'Draft', 'task-photos': [p.id] }, false);
    expect(same.errors?.[0]?.message).toBe(photoMessages.elsewhere);
  });

  it('a photo in a draft survives the clean-up however old it is; one let go by a later save does not', async () => {
    const [kept, dropped] = [await photo(), await photo()];
    await create(SPARK_WORKER, { task: 'Draft', 'task-photos': [kept.id, dropped.id] }, false);
    await create(SPARK_WORKER, { task: 'Draft again', 'task-photos': [kept.id] }, false);
    await h.db.query(`UPDATE form_photo SET created = now() - interval '30 days'`);
    const outcome = await runPhotoCleanup(jobContext());
    expect(outcome.counts).toEqual({ photos: 1, files: 2 });
    expect(await photoRow(kept.id)).toBeDefined();
    expect(await photoRow(dropped.id)).toBeUndefined();
    expect(await count('SELECT count(*)::int AS n FROM file WHERE id = ANY($1::uuid[])', [[kept.photoId, kept.thumbnailId]])).toBe(2);
  });

  it('a clean-up interrupted before its file rows went keeps the photo rows too (no file row left without its photo)', async () => {
    const p = await photo();
    await h.db.query(`UPDATE form_photo SET created = now() - interval '2 days'`);
    // The database fails the clean-up's removal of the file rows (a crash at that moment).
    const failing: Db = {
      ...h.db,
      query: (text: string, params?: unknown[]) =>
        /DELETE FROM file/.test(text) ? Promise.reject(new Error('killed')) : h.db.query(text, params as never[]),
      transaction: (fn) =>
        h.db.transaction((tx) =>
          fn({
            ...tx,
            query: (t: string, p2?: unknown[]) =>
              /DELETE FROM file/.test(t) ? Promise.reject(new Error('killed')) : tx.query(t, p2 as never[]),
          } as Db),
        ),
    } as Db;
    await expect(runPhotoCleanup(jobContext(failing))).rejects.toThrow('killed');
    expect(await photoRow(p.id)).toBeDefined();
    expect(
      await count(
        `SELECT count(*)::int AS n FROM file WHERE owner_entity = 'FormPhotoEntity' AND owner_id NOT IN (SELECT id FROM form_photo)`,
      ),
    ).toBe(0);
    // The next run removes both.
    expect((await runPhotoCleanup(jobContext())).counts).toEqual({ photos: 1, files: 2 });
    expect(await count(`SELECT count(*)::int AS n FROM file WHERE owner_entity = 'FormPhotoEntity'`)).toBe(0);
  });

  it.runIf(POSTGRES)('two submissions sent at the same moment never both take one photo', async () => {
    for (let i = 0; i < 6; i++) {
      const p = await photo();
      const [a, b] = await Promise.all([
        create(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [p.id] })),
        create(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [p.id] })),
      ]);
      const ok = [a, b].filter((r) => !r.errors);
      expect(ok, `round ${i}`).toHaveLength(1);
      expect([a, b].find((r) => r.errors)!.errors![0].message).toBe(photoMessages.elsewhere);
      expect((await photoRow(p.id)).form_submissions_id).toBe(idOf(ok[0]));
    }
  });

  it.runIf(POSTGRES)('the clean-up never removes a photo a save linked while it ran', async () => {
    const p = await photo();
    const holder = idOf(await create(SPARK_WORKER, { task: 'Draft' }, false));
    await h.db.query(`UPDATE form_photo SET created = now() - interval '2 days' WHERE id = $1`, [p.id]);
    // A save links the photo and has not committed yet when the clean-up reads the unused photos.
    const save = holdTransaction(async (tx) => {
      await tx.query('UPDATE form_photo SET form_submissions_id = $1 WHERE id = $2', [holder, p.id]);
    });
    await save.ready;
    const job = runPhotoCleanup(jobContext());
    await sleep(300);
    save.release();
    await save.done;
    expect((await job).counts).toEqual({ photos: 0, files: 0 });
    expect((await photoRow(p.id)).form_submissions_id).toBe(holder);
  });

  it.runIf(POSTGRES)('a submission naming a photo the clean-up is removing is refused, not saved naming a photo that is gone', async () => {
    const p = await photo();
    const before = await subs.count();
    const cleanup = holdTransaction(async (tx) => {
      await tx.query('DELETE FROM form_photo WHERE id = $1', [p.id]);
    });
    await cleanup.ready;
    const res = create(SPARK_WORKER, riskAssessmentAnswers({ 'task-photos': [p.id] }));
    await sleep(300);
    cleanup.release();
    await cleanup.done;
    expect((await res).errors?.[0]?.message).toBe(photoMessages.notFound);
    expect(await subs.count()).toBe(before);
  });
});

describe('corrective actions', () => {
  const action = (over: Record<string, unknown> = {}) => ({
    description: 'Fit edge protection',
    assigneeId: h.users[SAFETY_WORKER].id,
    priority: 'high',
    dueDate: addDays(today(), 7),
    ...over,
  });
  const upd = (who: string, input: Record<string, unknown>) =>
    h.gql(
      who,
      `mutation($m: [CorrectiveActionEntityInput!]!) { r: updateCorrectiveActionEntity(correctiveActionEntityModels: $m) { id } }`,
      {
        m: [input],
      },
    );
  async function raise(): Promise<string> {
    const sub = idOf(await create(SPARK_WORKER, riskAssessmentAnswers({ 'risk-action': action() })));
    return (await h.db.query<{ id: string }>('SELECT id FROM corrective_action WHERE form_submissions_id = $1', [sub])).rows[0].id;
  }

  it('a colleague or another organisation neither reads nor closes an action; the assignee only closes it', async () => {
    const id = await raise();
    for (const who of [SPARK_WORKER, VOLT_MANAGER]) {
      expect((await upd(who, { id, status: 'CLOSED', closingComment: 'x' })).errors?.[0]?.extensions?.code, who).toBe('NOT_FOUND');
      const read = await h.gql(who, `query($id: ID!) { a: correctiveActionEntity(id: $id) { id } c: countCorrectiveActionEntitys }`, {
        id,
      });
      expect(read.data, who).toEqual({ a: null, c: 0 });
      const csv = await h.app.inject({ method: 'GET', url: '/api/entity/CorrectiveActionEntity/export', headers: h.headers(who) });
      expect(csv.body, who).not.toContain(id);
    }
    for (const change of [
      { dueDate: addDays(today(), 300) },
      { priority: 'LOW' },
      { description: 'Nothing to do' },
      { assigneeId: h.users[SPARK_WORKER].id },
      { memberOrganisationId: h.org.volt },
    ])
      expect((await upd(SAFETY_WORKER, { id, ...change })).errors?.[0]?.message, JSON.stringify(change)).toBe(
        actionMessages.assigneeCloseOnly,
      );
    const bulk = await h.gql(
      SAFETY_WORKER,
      `mutation($v: CorrectiveActionEntityInput!) { r: updateCorrectiveActionEntitysConditional(ids: ["${id}"], fieldsToUpdate: ["dueDate"], values: $v) }`,
      { v: { dueDate: addDays(today(), 300) } },
    );
    expect(bulk.errors?.[0]?.message).toBe(actionMessages.assigneeCloseOnly);
    expect((await upd(SAFETY_WORKER, { id, status: 'CLOSED', closingComment: '   ' })).errors?.[0]?.message).toBe(
      actionMessages.closingComment,
    );
    expect((await upd(SAFETY_WORKER, { id, status: 'CLOSED', closingComment: 'Fitted' })).errors).toBeUndefined();
    expect((await upd(SAFETY_WORKER, { id, status: 'OPEN' })).errors?.[0]?.message).toBe(actionMessages.closedAlready);
  });

  it("a file named by id as the closing photo must be an image, as an upload must: a manager's readable PDF is refused", async () => {
    const id = await raise();
    // A PDF of one of Sparkright's assets: a file the manager may read.
    const { rows } = await h.db.query<{ id: string; type: string }>(
      `INSERT INTO file (file_name, content_type, size, storage_key, owner_entity, owner_id)
       SELECT 'notes.pdf', 'application/pdf', 10, 'no-such-key', 'AssetEntity', a.id FROM asset a WHERE a.member_organisation_id = $1 LIMIT 1
       RETURNING id, content_type AS type`,
      [h.org.spark],
    );
    expect(rows.length).toBe(1);
    const readable = await h.app.inject({ method: 'GET', url: `/api/files/metadata/${rows[0].id}`, headers: h.headers(SPARK_MANAGER) });
    expect(readable.statusCode).toBe(200);
    const res = await upd(SPARK_MANAGER, { id, status: 'CLOSED', closingComment: 'Fitted', closingPhotoId: rows[0].id });
    expect(res.errors?.[0]?.message).toBe(messages.fileType(rows[0].type, 'image/'));
    const { rows: after } = await h.db.query<{ status: string; p: string | null }>(
      'SELECT status, closing_photo_id AS p FROM corrective_action WHERE id = $1',
      [id],
    );
    expect(after[0]).toEqual({ status: 'OPEN', p: null });
  });

  it('a manager cannot move an action to another organisation nor assign it outside the organisation', async () => {
    const id = await raise();
    expect((await upd(SPARK_MANAGER, { id, memberOrganisationId: h.org.volt })).errors?.[0]?.extensions?.code).toBe('VALIDATION');
    expect((await upd(SPARK_MANAGER, { id, assigneeId: h.users[VOLT_MANAGER].id })).errors?.[0]?.message).toBe(actionMessages.assignee);
    const bulk = await h.gql(
      SPARK_MANAGER,
      `mutation($v: CorrectiveActionEntityInput!) { r: updateCorrectiveActionEntitysConditional(ids: ["${id}"], fieldsToUpdate: ["assignee"], values: $v) }`,
      { v: { assigneeId: h.users[VOLT_MANAGER].id } },
    );
    expect(bulk.errors?.[0]?.message).toBe(actionMessages.assignee);
    expect((await h.db.query('SELECT member_organisation_id, assignee_id FROM corrective_action WHERE id = $1', [id])).rows[0]).toEqual({
      member_organisation_id: h.org.spark,
      assignee_id: h.users[SAFETY_WORKER].id,
    });
  });

  it('forged action answers refuse the submission and raise nothing', async () => {
    const before = await count('SELECT count(*)::int AS n FROM corrective_action');
    for (const [answers, message] of [
      [{ 'residual-action': action() }, actionMessages.notFailing],
      [{ 'task-action': action() }, actionMessages.notFailing],
      [{ 'constructor-action': action() }, actionMessages.notFailing],
      [{ 'risk-action': action({ assigneeId: h.users[VOLT_MANAGER].id }) }, actionMessages.assignee],
      [{ 'risk-action': action({ dueDate: '99999-01-01' }) }, actionMessages.dueDate],
      [{ 'risk-action': action({ dueDate: '2020-01-01' }) }, actionMessages.dueDatePast],
      [{ 'risk-action': action({ status: 'CLOSED' }) }, actionMessages.shape],
      [{ 'risk-action': action({ description: 'x'.repeat(2001) }) }, actionMessages.descriptionTooLong],
    ] as const) {
      const res = await create(SPARK_WORKER, riskAssessmentAnswers(answers as Record<string, unknown>));
      expect(res.errors?.[0]?.message, Object.keys(answers)[0]).toBe(message);
    }
    expect(await count('SELECT count(*)::int AS n FROM corrective_action')).toBe(before);
  });
});
