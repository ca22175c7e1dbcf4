import { addDays } from '@hub/model/reminders';
import { actionMessages, riskMatrixAnswers } from '@hub/model/forms';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session';
import { riskAssessmentAnswers } from '../test/forms-fixtures';
import { formSubmissions } from '../test/forms-submissions';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';

/**
 * Corrective actions (issue 15): raised exactly once by a completed submission's `{id}-action`
 * answers under failing answers, never by a draft nor under a passing answer; read by the
 * organisation's managers and the assignee only; closed with a comment (and an image) by
 * either; changed otherwise by managers only.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const subs = formSubmissions(() => h);
const SAFETY_WORKER = 'safetyworker@sparkright.example';
const PRO_MANAGER = 'promanager@sparkright.example';
const MANAGER = 'manager@sparkright.example';
const PRO_WORKER = 'proworker@sparkright.example';
const today = () => new Date().toISOString().slice(0, 10);
const action = (over: Record<string, unknown> = {}) => ({
  description: 'Fit edge protection before work at height',
  assigneeId: h.users[SAFETY_WORKER].id,
  priority: 'high',
  dueDate: addDays(today(), 7),
  ...over,
});

type Row = Record<string, unknown>;
const rows = async () =>
  (
    await h.db.query<Row>(
      `SELECT id, description, status, priority, to_char(due_date, 'YYYY-MM-DD') AS due, assignee_id, form_submissions_id, question_id,
              question_title, answer, risk_score, raised_by_id, member_organisation_id, closed_at, closed_by_id, closing_comment
         FROM corrective_action ORDER BY created`,
    )
  ).rows;
const demoCount = async () => (await rows()).length;

const LIST = `{ correctiveActionEntitys(take: 100) { id description status assigneeId } countCorrectiveActionEntitys }`;
const list = async (who: string) => {
  const res = await h.gql<{ correctiveActionEntitys: Row[]; countCorrectiveActionEntitys: number }>(who, LIST);
  expect(res.errors).toBeUndefined();
  return res.data!;
};
const updateAction = (who: string, input: Record<string, unknown>) =>
  h.gql(
    who,
    `mutation($m: [CorrectiveActionEntityInput!]!) { r: updateCorrectiveActionEntity(correctiveActionEntityModels: $m) { id status closedAt closedById } }`,
    { m: [input] },
  );

async function raiseOne(extra: Record<string, unknown> = {}): Promise<{ submission: string; action: Row }> {
  const before = new Set((await rows()).map((r) => r.id));
  const submission = await subs.submit(riskAssessmentAnswers({ 'risk-action': action(extra) }));
  const added = (await rows()).filter((r) => !before.has(r.id));
  expect(added).toHaveLength(1);
  return { submission, action: added[0] };
}

describe('raising', () => {
  it('a submission filled offline days ago raises its action with the due date its filler chose then', async () => {
    // Within the submission's window (ACTION_DUE_GRACE_DAYS), past the day a manager may set by hand.
    const { action: a } = await raiseOne({ dueDate: addDays(today(), -10) });
    expect(a).toMatchObject({ status: 'OPEN', due: addDays(today(), -10) });
    // A manager changing it by hand keeps to the workflow's window.
    const moved = await updateAction(SPARK_MANAGER, { id: a.id, dueDate: addDays(today(), -9) });
    expect(moved.errors?.[0]?.message).toContain(actionMessages.dueDatePast);
  });

  it('a completed submission raises one action per failing answer, with what raised it', async () => {
    const { submission, action: a } = await raiseOne();
    expect(a).toMatchObject({
      description: 'Fit edge protection before work at height',
      status: 'OPEN',
      priority: 'HIGH',
      due: addDays(today(), 7),
      assignee_id: h.users[SAFETY_WORKER].id,
      form_submissions_id: submission,
      question_id: 'risk',
      question_title: 'Risk before controls',
      answer: 'Catastrophic (16)',
      risk_score: 16,
      raised_by_id: h.users[SPARK_WORKER].id,
      member_organisation_id: h.org.spark,
      closed_at: null,
    });
    // The answer travels with the submission.
    expect((await subs.stored(submission)).submission_data['risk-action']).toMatchObject({ priority: 'high' });
  });

  it('a draft raises none; completing it raises them once; a review afterwards raises nothing more', async () => {
    const before = await demoCount();
    const f = await subs.riskForm();
    const draft = await subs.create(SPARK_WORKER, {
      formVersionId: f.versionId,
      isCompleted: false,
      submissionData: JSON.stringify(riskAssessmentAnswers({ 'risk-action': action() })),
    });
    expect(draft.errors).toBeUndefined();
    expect(await demoCount()).toBe(before);
    // Submitting replaces the draft with the completed submission.
    const id = await subs.submit(riskAssessmentAnswers({ 'risk-action': action() }));
    expect(await demoCount()).toBe(before + 1);
    // A manager saves the completed submission again (review path): no second action.
    const again = await subs.update(SPARK_MANAGER, { id, jobNumber: 'J-2' });
    expect(again.errors).toBeUndefined();
    expect(await demoCount()).toBe(before + 1);
  });

  it('a submission replayed with its idempotency key (an offline outbox sending again) raises nothing twice', async () => {
    const before = await demoCount();
    const f = await subs.riskForm();
    const input = {
      formVersionId: f.versionId,
      isCompleted: true,
      idempotencyKey: '5d0c7f3e-3c4b-4f55-9d7e-2a1b0c9d8e7f',
      submissionData: JSON.stringify(riskAssessmentAnswers({ 'risk-action': action() })),
    };
    const first = await subs.create(SPARK_WORKER, input);
    expect(first.errors).toBeUndefined();
    const replay = await subs.create(SPARK_WORKER, input);
    expect(replay.errors).toBeUndefined();
    expect(await demoCount()).toBe(before + 1);
  });

  it("a 'No' on an inspection question marked raisesAction raises an action; a 'Yes' none", async () => {
    const version = (await h.db.query<{ v: string }>(`SELECT published_version_id AS v FROM forms WHERE form_type = 'INSPECTIONS'`)).rows[0]
      .v;
    const inspection = (answers: Record<string, unknown>) =>
      subs.create(SAFETY_WORKER, {
        formVersionId: version,
        isCompleted: true,
        submissionData: JSON.stringify({
          jobNumber: 'J-9',
          jobAddress: '1 Test Street',
          date: '2026-05-01T10:00:00.000Z',
          area: 'Plant room',
          ...answers,
        }),
      });
    const before = await demoCount();
    const passing = await inspection({ rcd: 'Yes', 'rcd-action': action({ priority: 'moderate' }) });
    expect(passing.errors?.[0]?.message).toBe(actionMessages.notFailing);
    const failing = await inspection({ rcd: 'No', 'rcd-action': action({ priority: 'moderate', assigneeId: h.users[SPARK_WORKER].id }) });
    expect(failing.errors).toBeUndefined();
    const added = (await rows()).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      question_id: 'rcd',
      question_title: 'RCDs tested',
      answer: 'No',
      risk_score: null,
      priority: 'MODERATE',
    });
  });

  it('a risk below High raises none; High (10) does', async () => {
    const before = await demoCount();
    // The seeded risk assessment: 'risk' 2 x 2 passes; an action under it is refused.
    const res = await subs.create(SPARK_WORKER, {
      formVersionId: (await subs.riskForm()).versionId,
      isCompleted: true,
      submissionData: JSON.stringify(riskAssessmentAnswers({ ...riskMatrixAnswers('risk', 2, 2), 'risk-action': action() })),
    });
    expect(res.errors?.[0]?.message).toBe(actionMessages.notFailing);
    expect(res.errors?.[0]?.extensions?.issues ?? res.errors?.[0]?.extensions).toBeTruthy();
    expect(await demoCount()).toBe(before);
    // A risk of 9 (3 x 3, moderate) does not fail either; 10 (2 x 5) does.
    const nine = await subs.create(SPARK_WORKER, {
      formVersionId: (await subs.riskForm()).versionId,
      isCompleted: true,
      submissionData: JSON.stringify(riskAssessmentAnswers({ ...riskMatrixAnswers('risk', 3, 3), 'risk-action': action() })),
    });
    expect(nine.errors?.[0]?.message).toBe(actionMessages.notFailing);
    await subs.submit(riskAssessmentAnswers({ ...riskMatrixAnswers('risk', 2, 5), 'risk-action': action() }));
    expect(await demoCount()).toBe(before + 1);
  });

  it('refuses forged actions: under a passing answer, under no question, a forged score, bad fields', async () => {
    const before = await demoCount();
    const f = await subs.riskForm();
    const tryWith = async (answers: Record<string, unknown>) => {
      const res = await subs.create(SPARK_WORKER, {
        formVersionId: f.versionId,
        isCompleted: true,
        submissionData: JSON.stringify(answers),
      });
      return res.errors?.[0]?.message;
    };
    const n = await subs.count();
    expect(await tryWith(riskAssessmentAnswers({ 'residual-action': action() }))).toBe(actionMessages.notFailing);
    expect(await tryWith(riskAssessmentAnswers({ 'ghost-action': action() }))).toBe(actionMessages.notFailing);
    expect(await tryWith(riskAssessmentAnswers({ '__proto__-action': action() }))).toBe(actionMessages.notFailing);
    // A score the client sent is recomputed from the choices (2 x 2): not failing.
    expect(
      await tryWith(riskAssessmentAnswers({ ...riskMatrixAnswers('risk', 2, 2), 'risk-riskScore': 25, 'risk-action': action() })),
    ).toBe(actionMessages.notFailing);
    expect(await tryWith(riskAssessmentAnswers({ 'risk-action': action({ priority: 'urgent' }) }))).toBe(actionMessages.priority);
    expect(await tryWith(riskAssessmentAnswers({ 'risk-action': action({ dueDate: '31/12/2026' }) }))).toBe(actionMessages.dueDate);
    expect(await tryWith(riskAssessmentAnswers({ 'risk-action': action({ dueDate: '2020-01-01' }) }))).toBe(actionMessages.dueDatePast);
    expect(await tryWith(riskAssessmentAnswers({ 'risk-action': action({ description: ' ' }) }))).toBe(actionMessages.description);
    expect(await tryWith(riskAssessmentAnswers({ 'risk-action': action({ description: 'x'.repeat(2001) }) }))).toBe(
      actionMessages.descriptionTooLong,
    );
    expect(await tryWith(riskAssessmentAnswers({ 'risk-action': 'do something' }))).toBe(actionMessages.shape);
    expect(await tryWith(riskAssessmentAnswers({ 'risk-action': action({ status: 'CLOSED' }) }))).toBe(actionMessages.shape);
    // An assignee of another organisation, or no account at all.
    expect(await tryWith(riskAssessmentAnswers({ 'risk-action': action({ assigneeId: h.users[VOLT_MANAGER].id }) }))).toBe(
      actionMessages.assignee,
    );
    expect(await tryWith(riskAssessmentAnswers({ 'risk-action': action({ assigneeId: '00000000-0000-4000-8000-000000000001' }) }))).toBe(
      actionMessages.assignee,
    );
    expect(await tryWith(riskAssessmentAnswers({ 'risk-action': action({ assigneeId: 'not-a-uuid' }) }))).toBe(actionMessages.assignee);
    // Nothing was saved by any of them.
    expect(await subs.count()).toBe(n);
    expect(await demoCount()).toBe(before);
  });

  it('an action without an assignee is kept for the managers to assign', async () => {
    const { action: a } = await raiseOne({ assigneeId: null });
    expect(a.assignee_id).toBeNull();
    expect((await list(SPARK_MANAGER)).correctiveActionEntitys.map((r) => r.id)).toContain(a.id);
  });

  it('a member never creates an action directly', async () => {
    const res = await h.gql(
      SPARK_MANAGER,
      `mutation($m: [CorrectiveActionEntityInput!]!) { createCorrectiveActionEntity(correctiveActionEntityModels: $m) { id } }`,
      { m: [{ description: 'Made up', priority: 'LOW', dueDate: '2030-01-01' }] },
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('who reads them', () => {
  it('managers read all of their organisation’s; the assignee theirs; other members and organisations none', async () => {
    const { action: a } = await raiseOne();
    for (const who of [SPARK_MANAGER, MANAGER, PRO_MANAGER])
      expect((await list(who)).correctiveActionEntitys.map((r) => r.id)).toContain(a.id);
    const mine = await list(SAFETY_WORKER);
    expect(mine.correctiveActionEntitys.map((r) => r.id)).toContain(a.id);
    expect(mine.correctiveActionEntitys.every((r) => r.assigneeId === h.users[SAFETY_WORKER].id)).toBe(true);
    // The worker who raised it is not its assignee and no manager.
    const raiser = await list(SPARK_WORKER);
    expect(raiser.correctiveActionEntitys.map((r) => r.id)).not.toContain(a.id);
    expect(raiser.correctiveActionEntitys.every((r) => r.assigneeId === h.users[SPARK_WORKER].id)).toBe(true);
    const volt = await list(VOLT_MANAGER);
    expect(volt.correctiveActionEntitys.map((r) => r.id)).not.toContain(a.id);
    const byId = await h.gql(VOLT_MANAGER, `query($id: ID!) { correctiveActionEntity(id: $id) { id } }`, { id: a.id });
    expect(byId.data?.correctiveActionEntity ?? null).toBeNull();
    expect((await list(ADMIN)).correctiveActionEntitys.map((r) => r.id)).toContain(a.id);
  });

  it('another organisation cannot change, close or reassign one', async () => {
    const { action: a } = await raiseOne();
    const res = await updateAction(VOLT_MANAGER, { id: a.id, status: 'CLOSED', closingComment: 'Not mine' });
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const worker = await updateAction(SPARK_WORKER, { id: a.id, status: 'CLOSED', closingComment: 'Not assigned to me' });
    expect(worker.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await rows()).find((r) => r.id === a.id)?.status).toBe('OPEN');
  });
});

describe('closing and changing', () => {
  it('closing needs a comment; the assignee closes with one, stamped with who and when', async () => {
    const { action: a } = await raiseOne();
    const bare = await updateAction(SAFETY_WORKER, { id: a.id, status: 'CLOSED' });
    expect(bare.errors?.[0]?.message).toBe(actionMessages.closingComment);
    const blank = await updateAction(SAFETY_WORKER, { id: a.id, status: 'CLOSED', closingComment: '   ' });
    expect(blank.errors?.[0]?.message).toBe(actionMessages.closingComment);
    const closed = await updateAction(SAFETY_WORKER, { id: a.id, status: 'CLOSED', closingComment: 'Edge protection fitted' });
    expect(closed.errors).toBeUndefined();
    const row = (await rows()).find((r) => r.id === a.id)!;
    expect(row).toMatchObject({ status: 'CLOSED', closing_comment: 'Edge protection fitted', closed_by_id: h.users[SAFETY_WORKER].id });
    expect(row.closed_at).not.toBeNull();
    // Closed: the assignee changes nothing more; a manager reopens it, which clears the stamps.
    const after = await updateAction(SAFETY_WORKER, { id: a.id, closingComment: 'Changed my mind' });
    expect(after.errors?.[0]?.message).toBe(actionMessages.closedAlready);
    const reopened = await updateAction(SPARK_MANAGER, { id: a.id, status: 'OPEN' });
    expect(reopened.errors).toBeUndefined();
    expect((await rows()).find((r) => r.id === a.id)).toMatchObject({ status: 'OPEN', closed_at: null, closed_by_id: null });
  });

  it('a colleague who may not read an action learns nothing of it from the timelines', async () => {
    const { action: a } = await raiseOne();
    expect(
      (await updateAction(SAFETY_WORKER, { id: a.id, status: 'CLOSED', closingComment: 'Edge protection fitted' })).errors,
    ).toBeUndefined();
    // A Pro-Worker of the organisation: neither the assignee nor a manager nor the raiser.
    expect((await list(PRO_WORKER)).correctiveActionEntitys).toEqual([]);
    const events = await h.gql<{ r: { recordId: string | null; actionTitle: string; description: string }[] }>(
      PRO_WORKER,
      '{ r: mehubAccountTimelineEventsEntitys(take: 1000) { recordId actionTitle description } }',
    );
    expect(events.errors).toBeUndefined();
    expect(events.data!.r.filter((e) => e.recordId === a.id)).toEqual([]);
    expect(events.data!.r.some((e) => `${e.actionTitle}\n${e.description}`.includes('Edge protection'))).toBe(false);
  });

  it('the assignee cannot reassign, move the due date or change the priority; managers can', async () => {
    const { action: a } = await raiseOne();
    for (const change of [
      { assigneeId: h.users[SPARK_WORKER].id },
      { dueDate: addDays(today(), 60) },
      { priority: 'LOW' },
      { description: 'Something easier' },
      { status: 'OPEN', closingComment: 'x', assigneeId: null },
    ]) {
      const res = await updateAction(SAFETY_WORKER, { id: a.id, ...change });
      expect(res.errors?.[0]?.message, JSON.stringify(change)).toBe(actionMessages.assigneeCloseOnly);
    }
    // Values sent back unchanged are no change (a whole-record save).
    const same = await updateAction(SAFETY_WORKER, { id: a.id, priority: 'HIGH' });
    expect(same.errors).toBeUndefined();
    const moved = await updateAction(SPARK_MANAGER, { id: a.id, assigneeId: h.users[SPARK_WORKER].id, dueDate: addDays(today(), 30) });
    expect(moved.errors).toBeUndefined();
    expect((await rows()).find((r) => r.id === a.id)).toMatchObject({ assignee_id: h.users[SPARK_WORKER].id, due: addDays(today(), 30) });
    // The former assignee no longer reads it.
    expect((await list(SAFETY_WORKER)).correctiveActionEntitys.map((r) => r.id)).not.toContain(a.id);
  });

  it('a manager cannot assign an action to another organisation’s user', async () => {
    const { action: a } = await raiseOne();
    const res = await updateAction(SPARK_MANAGER, { id: a.id, assigneeId: h.users[VOLT_MANAGER].id });
    expect(res.errors).toBeDefined();
    const admin = await updateAction(ADMIN, { id: a.id, assigneeId: h.users[VOLT_MANAGER].id });
    expect(admin.errors?.[0]?.message).toBe(actionMessages.assignee);
    expect((await rows()).find((r) => r.id === a.id)?.assignee_id).toBe(h.users[SAFETY_WORKER].id);
  });

  it('closes with a photo that is an image, and never with another file', async () => {
    const { action: a } = await raiseOne();
    const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
    const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const close = async (data: Buffer, filename: string, type: string) => {
      const query = `mutation($m: [CorrectiveActionEntityInput!]!) { r: updateCorrectiveActionEntity(correctiveActionEntityModels: $m) { id closingPhotoId closingPhoto { contentType } } }`;
      const form = new FormData();
      form.append(
        'operations',
        JSON.stringify({ query, variables: { m: [{ id: a.id, status: 'CLOSED', closingComment: 'Fixed', closingPhoto: null }] } }),
      );
      form.append('map', JSON.stringify({ 0: ['variables.m.0.closingPhoto'] }));
      form.append('0', new Blob([new Uint8Array(data)], { type }), filename);
      const req = new Request('http://x/api/graphql', { method: 'POST', body: form });
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/graphql',
        headers: { 'content-type': req.headers.get('content-type')!, ...h.headers(SAFETY_WORKER) },
        payload: Buffer.from(await req.arrayBuffer()),
      });
      return res.json() as {
        data?: { r: { closingPhotoId: string; closingPhoto: { contentType: string } }[] };
        errors?: { message: string }[];
      };
    };
    const html = await close(HTML, 'photo.jpg', 'image/jpeg');
    expect(html.errors?.[0]?.message).toBeTruthy();
    expect((await rows()).find((r) => r.id === a.id)?.status).toBe('OPEN');
    const png = await close(PNG, 'photo.png', 'image/png');
    expect(png.errors).toBeUndefined();
    const photo = png.data!.r[0];
    expect(photo.closingPhoto.contentType).toBe('image/png');
    // The photo follows the action's access: the assignee and managers, nobody else.
    const download = (who: string) =>
      h.app.inject({ url: `/api/files/${photo.closingPhotoId}`, headers: { cookie: `${SESSION_COOKIE}=${h.users[who].cookie}` } });
    expect((await download(SPARK_MANAGER)).statusCode).toBe(200);
    expect((await download(SAFETY_WORKER)).statusCode).toBe(200);
    expect((await download(SPARK_WORKER)).statusCode).toBe(404);
    expect((await download(VOLT_MANAGER)).statusCode).toBe(404);
  });

  it('a bulk update is held to the same rules', async () => {
    const { action: a } = await raiseOne();
    const res = await h.gql(
      SAFETY_WORKER,
      `mutation($c: [[WhereExpressionGraph!]!], $f: [String!]!, $v: CorrectiveActionEntityInput!) {
         r: updateCorrectiveActionEntitysConditional(conditions: $c, fieldsToUpdate: $f, values: $v) }`,
      { c: [[{ path: 'id', comparison: 'equal', value: [a.id] }]], f: ['dueDate'], v: { dueDate: '2031-01-01' } },
    );
    expect(res.errors?.[0]?.message).toBe(actionMessages.assigneeCloseOnly);
  });
});

describe('inactive assignees', () => {
  /** An administrator deactivates the account, as the back-office's Users page does. */
  const deactivate = async (email: string) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/account/deactivate',
      headers: { 'content-type': 'application/json', ...h.headers(ADMIN) },
      payload: JSON.stringify({ Username: email }),
    });
    expect(res.statusCode).toBe(200);
  };

  it('a submission cannot raise an action for a deactivated colleague; nothing is saved', async () => {
    await deactivate(MANAGER);
    const n = await subs.count();
    const before = await demoCount();
    const f = await subs.riskForm();
    const res = await subs.create(SPARK_WORKER, {
      formVersionId: f.versionId,
      isCompleted: true,
      submissionData: JSON.stringify(riskAssessmentAnswers({ 'risk-action': action({ assigneeId: h.users[MANAGER].id }) })),
    });
    expect(res.errors?.[0]?.message).toBe(actionMessages.assigneeInactive);
    expect(await subs.count()).toBe(n);
    expect(await demoCount()).toBe(before);
    // Activated again, the same submission goes through.
    const back = await h.app.inject({
      method: 'POST',
      url: '/api/account/activate',
      headers: { 'content-type': 'application/json', ...h.headers(ADMIN) },
      payload: JSON.stringify({ Username: MANAGER }),
    });
    expect(back.statusCode).toBe(200);
    await raiseOne({ assigneeId: h.users[MANAGER].id });
  });

  it('the integration REST API refuses it the same way', async () => {
    await deactivate(MANAGER);
    const token = await h.app.inject({
      method: 'POST',
      url: '/api/account/generate-key',
      headers: { ...h.headers(SPARK_MANAGER), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Field app' }),
    });
    expect(token.statusCode, token.body).toBe(200);
    const formId = (await h.db.query<{ id: string }>(`SELECT id FROM forms WHERE form_type = 'RISK_ASSESSMENT' LIMIT 1`)).rows[0].id;
    const before = await demoCount();
    const post = (assigneeId: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/integration/submissions',
        headers: { authorization: `Bearer ${(token.json() as { key: string }).key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({
          formId,
          mehubAccountId: h.users[SPARK_WORKER].id,
          jobNumber: 'FS-1',
          answers: riskAssessmentAnswers({ 'risk-action': action({ assigneeId }) }),
        }),
      });
    const res = await post(h.users[MANAGER].id);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(actionMessages.assigneeInactive);
    expect(await demoCount()).toBe(before);
    // Another organisation's account (deactivated too) is as unknown as ever.
    await deactivate(VOLT_MANAGER);
    const other = await post(h.users[VOLT_MANAGER].id);
    expect(other.statusCode, other.body).toBe(400);
    expect(other.body).toContain(actionMessages.assignee);
    expect(other.body).not.toContain(actionMessages.assigneeInactive);
  });

  it('a manager (or an administrator) cannot reassign an action to a deactivated colleague; a bulk update neither', async () => {
    const { action: a } = await raiseOne();
    await deactivate(MANAGER);
    const res = await updateAction(SPARK_MANAGER, { id: a.id, assigneeId: h.users[MANAGER].id });
    expect(res.errors?.[0]?.message).toBe(actionMessages.assigneeInactive);
    const admin = await updateAction(ADMIN, { id: a.id, assigneeId: h.users[MANAGER].id });
    expect(admin.errors?.[0]?.message).toBe(actionMessages.assigneeInactive);
    const bulk = await h.gql(
      SPARK_MANAGER,
      `mutation($c: [[WhereExpressionGraph!]!], $f: [String!]!, $v: CorrectiveActionEntityInput!) {
         r: updateCorrectiveActionEntitysConditional(conditions: $c, fieldsToUpdate: $f, values: $v) }`,
      { c: [[{ path: 'id', comparison: 'equal', value: [a.id] }]], f: ['assigneeId'], v: { assigneeId: h.users[MANAGER].id } },
    );
    expect(bulk.errors?.[0]?.message).toBe(actionMessages.assigneeInactive);
    expect((await rows()).find((r) => r.id === a.id)?.assignee_id).toBe(h.users[SAFETY_WORKER].id);
  });

  it('an action whose assignee was deactivated later still shows, saves as it is, and can be reassigned', async () => {
    const { action: a } = await raiseOne();
    await deactivate(SAFETY_WORKER);
    const seen = await h.gql<{ r: { id: string; assigneeId: string; assignee: { isActive: boolean } }[] }>(
      SPARK_MANAGER,
      `query($c: [[WhereExpressionGraph!]!]) { r: correctiveActionEntitys(conditions: $c) { id assigneeId assignee { isActive } } }`,
      { c: [[{ path: 'id', comparison: 'equal', value: [a.id] }]] },
    );
    expect(seen.errors).toBeUndefined();
    expect(seen.data!.r[0]).toMatchObject({ assigneeId: h.users[SAFETY_WORKER].id, assignee: { isActive: false } });
    // The page's whole-record save keeps the assignee it had: a change of the due date goes through.
    const kept = await updateAction(SPARK_MANAGER, { id: a.id, assigneeId: h.users[SAFETY_WORKER].id, dueDate: addDays(today(), 20) });
    expect(kept.errors).toBeUndefined();
    const moved = await updateAction(SPARK_MANAGER, { id: a.id, assigneeId: h.users[PRO_MANAGER].id });
    expect(moved.errors).toBeUndefined();
    expect((await rows()).find((r) => r.id === a.id)?.assignee_id).toBe(h.users[PRO_MANAGER].id);
  });

  it('the colleagues list says who is active; another organisation’s deactivated account is refused like an unknown one', async () => {
    await deactivate(MANAGER);
    await deactivate(VOLT_MANAGER);
    const colleagues = await h.gql<{ r: { id: string; isActive: boolean }[] }>(
      SPARK_MANAGER,
      `{ r: mehubAccountEntitys(take: 500) { id isActive } }`,
    );
    expect(colleagues.errors).toBeUndefined();
    const byId = new Map(colleagues.data!.r.map((u) => [u.id, u.isActive]));
    expect(byId.get(h.users[MANAGER].id)).toBe(false);
    expect(byId.get(h.users[SAFETY_WORKER].id)).toBe(true);
    expect(byId.has(h.users[VOLT_MANAGER].id)).toBe(false);
    // Raised or reassigned: the same answer as for an id nobody has, never 'deactivated'.
    const f = await subs.riskForm();
    const raised = await subs.create(SPARK_WORKER, {
      formVersionId: f.versionId,
      isCompleted: true,
      submissionData: JSON.stringify(riskAssessmentAnswers({ 'risk-action': action({ assigneeId: h.users[VOLT_MANAGER].id }) })),
    });
    expect(raised.errors?.[0]?.message).toBe(actionMessages.assignee);
    const { action: a } = await raiseOne();
    const res = await updateAction(SPARK_MANAGER, { id: a.id, assigneeId: h.users[VOLT_MANAGER].id });
    expect(res.errors?.[0]?.message).toBe(actionMessages.assignee);
    // The other organisation's manager never reads whether Sparkright's people are active.
    const other = await h.gql<{ r: { id: string }[] }>(VOLT_MANAGER, `{ r: mehubAccountEntitys(take: 500) { id isActive } }`);
    expect(other.data?.r.map((u) => u.id) ?? []).not.toContain(h.users[MANAGER].id);
  });
});
