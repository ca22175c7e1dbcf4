import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riskAssessmentAnswers } from './forms-fixtures';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from './harness';

/** What the API refuses whatever the client sent: invalid answers, and the rules of a review. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

async function riskForm(): Promise<{ id: string; versionId: string }> {
  const { rows } = await h.db.query<{ id: string; v: string }>(
    `SELECT id, published_version_id AS v FROM forms WHERE form_type = 'RISK_ASSESSMENT'`,
  );
  return { id: rows[0].id, versionId: rows[0].v };
}

type Gql = Awaited<ReturnType<Harness['gql']>>;

function create(who: string, input: Record<string, unknown>): Promise<Gql> {
  return h.gql(
    who,
    `mutation($m: [FormSubmissionsEntityInput!]!) { r: createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
    { m: [input] },
  );
}

function update(who: string, input: Record<string, unknown>): Promise<Gql> {
  return h.gql(
    who,
    `mutation($m: [FormSubmissionsEntityInput!]!) { r: updateFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
    { m: [input] },
  );
}

async function submit(answers = riskAssessmentAnswers(), who = SPARK_WORKER): Promise<string> {
  const f = await riskForm();
  const res = await create(who, { formVersionId: f.versionId, isCompleted: true, submissionData: JSON.stringify(answers) });
  expect(res.errors).toBeUndefined();
  return (res.data as { r: { id: string }[] }).r[0].id;
}

const count = async () => Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM form_submissions')).rows[0].n);
const stored = async (id: string) =>
  (
    await h.db.query<{ submission_data: Record<string, unknown>; form_review_request_id: string | null }>(
      'SELECT submission_data, form_review_request_id FROM form_submissions WHERE id = $1',
      [id],
    )
  ).rows[0];

describe('refusal of invalid answers', () => {
  it("refuses a completed submission missing a required answer, with the spec's message and path, and writes nothing", async () => {
    const f = await riskForm();
    const before = await count();
    const answers = riskAssessmentAnswers();
    delete answers.task;
    const res = await create(SPARK_WORKER, { formVersionId: f.versionId, isCompleted: true, submissionData: JSON.stringify(answers) });
    expect(res.errors![0]).toMatchObject({
      message: 'This field is required',
      extensions: { code: 'VALIDATION', path: 'submissionData.task', validation: 'required' },
    });
    expect(await count()).toBe(before);
  });

  it('checks a question shown by a condition, and only when it is shown', async () => {
    const f = await riskForm();
    const answers = riskAssessmentAnswers({ heights: true });
    delete answers.fallProtection;
    const res = await create(SPARK_WORKER, { formVersionId: f.versionId, isCompleted: true, submissionData: JSON.stringify(answers) });
    expect(res.errors![0].extensions).toMatchObject({ path: 'submissionData.fallProtection' });
    const hidden = await create(SPARK_WORKER, {
      formVersionId: f.versionId,
      isCompleted: true,
      submissionData: JSON.stringify({ ...answers, heights: false }),
    });
    expect(hidden.errors).toBeUndefined();
  });

  it('lets a draft be incomplete', async () => {
    const f = await riskForm();
    const res = await create(SPARK_WORKER, { formVersionId: f.versionId, isCompleted: false, submissionData: '{}' });
    expect(res.errors).toBeUndefined();
  });

  it('refuses malformed answers, a missing form version and a form the member may not fill in', async () => {
    const f = await riskForm();
    const before = await count();
    const bad = await create(SPARK_WORKER, { formVersionId: f.versionId, isCompleted: false, submissionData: '{"task": ' });
    expect(bad.errors![0]).toMatchObject({ message: 'The submission data is not valid JSON', extensions: { path: 'submissionData' } });
    const list = await create(SPARK_WORKER, { formVersionId: f.versionId, isCompleted: false, submissionData: '[1, 2]' });
    expect(list.errors![0].message).toBe('The submission data is not valid JSON');
    const noVersion = await create(SPARK_WORKER, { isCompleted: false, submissionData: '{}' });
    expect(noVersion.errors![0]).toMatchObject({
      message: 'The form version is required',
      extensions: { path: 'formVersionId', validation: 'required' },
    });
    await h.db.query(`DELETE FROM link_forms_member_organisations WHERE forms_id = $1 AND member_organisations_id = $2`, [
      f.id,
      h.org.spark,
    ]);
    const hidden = await create(SPARK_WORKER, { formVersionId: f.versionId, isCompleted: false, submissionData: '{}' });
    expect(hidden.errors![0]).toMatchObject({ extensions: { code: 'VALIDATION', path: 'formVersionId', validation: 'notExist' } });
    expect(await count()).toBe(before);
  });

  it('keeps review answers out of a member filling in the form', async () => {
    const id = await submit(riskAssessmentAnswers({ 'ReviewSlide-option': 'Satisfactory' }));
    expect(await stored(id)).not.toHaveProperty('submission_data.ReviewSlide-option');
  });
});

describe('review', () => {
  it('is refused to a worker', async () => {
    const id = await submit();
    const res = await update(SPARK_WORKER, { id, submissionData: JSON.stringify({ 'ReviewSlide-option': 'Satisfactory' }) });
    expect(res.errors![0].extensions!.code).toBe('FORBIDDEN');
  });

  it("needs an option: 'This field is required'", async () => {
    const id = await submit();
    const res = await update(SPARK_MANAGER, {
      id,
      submissionData: JSON.stringify({ ...riskAssessmentAnswers(), 'ReviewSlide-comments': 'Looks fine' }),
    });
    expect(res.errors![0]).toMatchObject({ message: 'This field is required', extensions: { path: 'submissionData.ReviewSlide-option' } });
    expect((await stored(id)).form_review_request_id).toBeNull();
  });

  it('needs comments for a CI Improvement Opportunity', async () => {
    const id = await submit();
    const res = await update(SPARK_MANAGER, { id, submissionData: JSON.stringify({ 'ReviewSlide-option': 'CI Improvement Opportunity' }) });
    expect(res.errors![0]).toMatchObject({
      message: 'This field is required',
      extensions: { path: 'submissionData.ReviewSlide-comments' },
    });
  });

  it('records a valid review, mails the owner and leaves the other answers as submitted', async () => {
    const id = await submit();
    const before = (await stored(id)).submission_data;
    h.mail.length = 0;
    const sent = {
      ...riskAssessmentAnswers({ task: 'Changed by the reviewer' }),
      'ReviewSlide-option': 'CI Improvement Opportunity',
      'ReviewSlide-comments': 'Label the circuits',
    };
    const res = await update(SPARK_MANAGER, { id, submissionData: JSON.stringify(sent), jobNumber: 'CHANGED' });
    expect(res.errors).toBeUndefined();

    const after = await stored(id);
    expect(after.submission_data).toEqual({
      ...before,
      'ReviewSlide-option': 'CI Improvement Opportunity',
      'ReviewSlide-comments': 'Label the circuits',
    });
    const { rows } = await h.db.query<{
      id: string;
      time_reviewed: string | null;
      mehub_account_id: string;
      show_notification: boolean;
      form_submissions_id: string;
    }>('SELECT id, time_reviewed::text, mehub_account_id, show_notification, form_submissions_id FROM form_review_request');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: after.form_review_request_id,
      mehub_account_id: h.users[SPARK_MANAGER].id,
      show_notification: true,
      form_submissions_id: id,
    });
    expect(rows[0].time_reviewed).not.toBeNull();
    const job = await h.db.query<{ job_number: string }>('SELECT job_number FROM form_submissions WHERE id = $1', [id]);
    expect(job.rows[0].job_number).toBe('J-1001');

    expect(h.mail).toHaveLength(1);
    expect(h.mail[0]).toMatchObject({ to: SPARK_WORKER, subject: 'Job Safety Risk Assessment was reviewed' });
    expect(h.mail[0].text).toContain(`/user-submissions/RISK_ASSESSMENT/view/${id}`);
    expect(h.mail[0].text).toContain('CI Improvement Opportunity');

    // A second review updates the same review request.
    const again = await update(SPARK_MANAGER, { id, submissionData: JSON.stringify({ 'ReviewSlide-option': 'Satisfactory' }) });
    expect(again.errors).toBeUndefined();
    const second = await stored(id);
    expect(second.form_review_request_id).toBe(after.form_review_request_id);
    expect(second.submission_data).toEqual({ ...before, 'ReviewSlide-option': 'Satisfactory' });
    expect((await h.db.query('SELECT 1 FROM form_review_request')).rows).toHaveLength(1);

    // A save without review answers is no review: the stored review stays, nobody is mailed.
    h.mail.length = 0;
    const plain = await update(SPARK_MANAGER, { id, submissionData: JSON.stringify({ task: 'Another change' }) });
    expect(plain.errors).toBeUndefined();
    expect((await stored(id)).submission_data).toEqual({ ...before, 'ReviewSlide-option': 'Satisfactory' });
    expect(h.mail).toEqual([]);
  });

  it("is refused on another organisation's submission", async () => {
    const id = await submit();
    const res = await update(VOLT_MANAGER, { id, submissionData: JSON.stringify({ 'ReviewSlide-option': 'Satisfactory' }) });
    expect(res.errors![0].extensions!.code).toBe('NOT_FOUND');
  });

  it('lets an administrator correct any answer, still within the form rules', async () => {
    const id = await submit();
    const fixed = await update(ADMIN, {
      id,
      submissionData: JSON.stringify(riskAssessmentAnswers({ task: 'Corrected task', jobNumber: 'J-2002' })),
    });
    expect(fixed.errors).toBeUndefined();
    const row = await h.db.query<{ submission_data: Record<string, unknown>; job_number: string }>(
      'SELECT submission_data, job_number FROM form_submissions WHERE id = $1',
      [id],
    );
    expect(row.rows[0]).toMatchObject({ job_number: 'J-2002', submission_data: { task: 'Corrected task' } });
    const broken = await update(ADMIN, { id, submissionData: JSON.stringify(riskAssessmentAnswers({ task: '' })) });
    expect(broken.errors![0].extensions).toMatchObject({ path: 'submissionData.task' });
  });
});

describe('review notification flag', () => {
  async function reviewed(): Promise<{ id: string; requestId: string }> {
    const id = await submit();
    await update(SPARK_MANAGER, { id, submissionData: JSON.stringify({ 'ReviewSlide-option': 'Satisfactory' }) });
    return { id, requestId: (await stored(id)).form_review_request_id! };
  }
  const put = (who: string, payload: unknown) =>
    h.app.inject({
      method: 'PUT',
      url: '/api/entity/FormReviewRequestEntity',
      headers: { ...h.headers(who), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const flag = async (requestId: string) =>
    (await h.db.query<{ show_notification: boolean }>('SELECT show_notification FROM form_review_request WHERE id = $1', [requestId]))
      .rows[0].show_notification;

  it("is cleared by the submission's owner", async () => {
    const { requestId } = await reviewed();
    const res = await put(SPARK_WORKER, { id: requestId, showNotification: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: requestId, showNotification: false });
    expect(await flag(requestId)).toBe(false);
    expect((await put(SPARK_WORKER, { id: requestId, showNotification: true })).statusCode).toBe(403);
  });

  it('is set by a reviewer of the organisation, and hidden from other organisations', async () => {
    const { requestId } = await reviewed();
    expect((await put(SPARK_MANAGER, { id: requestId, showNotification: false })).statusCode).toBe(200);
    expect((await put(SPARK_MANAGER, { id: requestId, showNotification: true })).statusCode).toBe(200);
    expect(await flag(requestId)).toBe(true);
    expect((await put(VOLT_MANAGER, { id: requestId, showNotification: false })).statusCode).toBe(404);
    expect((await put('safetyworker@sparkright.example', { id: requestId, showNotification: false })).statusCode).toBe(403);
    expect(await flag(requestId)).toBe(true);
    expect((await put(SPARK_WORKER, { id: 'nope', showNotification: false })).statusCode).toBe(400);
  });
});

describe('Complete Slide notifications', () => {
  it('mails each chosen colleague once the form is completed; nobody outside the organisation can be chosen', async () => {
    h.mail.length = 0;
    const colleague = h.users[SPARK_MANAGER].id;
    const outsider = h.users[VOLT_MANAGER].id;
    const f = await riskForm();
    // A draft notifies nobody.
    await create(SPARK_WORKER, {
      formVersionId: f.versionId,
      isCompleted: false,
      submissionData: JSON.stringify({ 'complete-notify': [colleague] }),
    });
    expect(h.mail).toEqual([]);
    for (const chosen of [
      [colleague, outsider],
      [colleague, 'not-an-id'],
    ]) {
      const refused = await create(SPARK_WORKER, {
        formVersionId: f.versionId,
        isCompleted: true,
        submissionData: JSON.stringify(riskAssessmentAnswers({ 'complete-notify': chosen })),
      });
      expect(refused.errors?.[0]).toMatchObject({
        message: 'The selected user does not exist',
        extensions: { code: 'VALIDATION', path: 'submissionData.complete-notify', validation: 'notExist' },
      });
    }
    expect(h.mail).toEqual([]);
    const id = await submit(riskAssessmentAnswers({ 'complete-notify': [colleague] }));
    expect(h.mail.map((m) => m.to)).toEqual([SPARK_MANAGER]);
    expect(h.mail[0].subject).toBe('Job Safety Risk Assessment submitted by Will Woods');
    expect(h.mail[0].text).toContain(`/user-submissions/RISK_ASSESSMENT/view/${id}`);
  });
});

describe('selected users', () => {
  const refusal = (path = 'supervisor') => ({
    message: 'The selected user does not exist',
    extensions: { code: 'VALIDATION', path: `submissionData.${path}`, validation: 'notExist' },
  });

  it("takes accounts of the owner's organisation only", async () => {
    const f = await riskForm();
    const before = await count();
    for (const supervisor of [
      [h.users[VOLT_MANAGER].id],
      [h.users[SPARK_MANAGER].id, h.users[VOLT_MANAGER].id],
      ['00000000-0000-4000-8000-000000000000'],
      ['someone'],
      [h.users[ADMIN].id],
    ]) {
      for (const isCompleted of [true, false]) {
        const res = await create(SPARK_WORKER, {
          formVersionId: f.versionId,
          isCompleted,
          submissionData: JSON.stringify(riskAssessmentAnswers({ supervisor })),
        });
        expect(res.errors?.[0], JSON.stringify(supervisor)).toMatchObject(refusal());
      }
    }
    expect(await count()).toBe(before);
    await submit(riskAssessmentAnswers({ supervisor: [h.users[SPARK_MANAGER].id, h.users[SPARK_WORKER].id] }));
  });

  it("checks an administrator's correction against the owner's organisation, and again when the owner changes", async () => {
    const id = await submit(riskAssessmentAnswers({ supervisor: [h.users[SPARK_MANAGER].id] }));
    const outsider = await update(ADMIN, {
      id,
      submissionData: JSON.stringify(riskAssessmentAnswers({ supervisor: [h.users[VOLT_MANAGER].id] })),
    });
    expect(outsider.errors?.[0]).toMatchObject(refusal());
    // Another owner: the stored selection is of the old owner's organisation.
    const moved = await update(ADMIN, { id, mehubAccountId: h.users[VOLT_MANAGER].id });
    expect(moved.errors?.[0]).toMatchObject(refusal());
    const both = await update(ADMIN, {
      id,
      mehubAccountId: h.users[VOLT_MANAGER].id,
      submissionData: JSON.stringify(riskAssessmentAnswers({ supervisor: [h.users[VOLT_MANAGER].id] })),
    });
    expect(both.errors).toBeUndefined();
    expect((await stored(id)).submission_data.supervisor).toEqual([h.users[VOLT_MANAGER].id]);
  });

  it('lets a reviewer review a submission whose stored selection predates the rule', async () => {
    const id = await submit(riskAssessmentAnswers({ supervisor: [h.users[SPARK_MANAGER].id] }));
    await h.db.query(`UPDATE form_submissions SET submission_data = submission_data || $1::jsonb WHERE id = $2`, [
      JSON.stringify({ supervisor: [h.users[VOLT_MANAGER].id] }),
      id,
    ]);
    const res = await update(SPARK_MANAGER, { id, submissionData: JSON.stringify({ 'ReviewSlide-option': 'Satisfactory' }) });
    expect(res.errors).toBeUndefined();
  });
});

describe('answer shapes and the risk score', () => {
  const riskRow = async (id: string) => {
    const data = (await stored(id)).submission_data;
    return [data['risk-selectedConsequence'], data['risk-selectedLikelihood'], data['risk-riskScore']];
  };

  it('recomputes the risk score from the two choices, whatever score the client sent', async () => {
    const id = await submit(
      riskAssessmentAnswers({ 'risk-selectedConsequence': 5, 'risk-selectedLikelihood': 5, 'risk-riskScore': 1, 'residual-riskScore': 99 }),
    );
    expect(await riskRow(id)).toEqual([5, 5, 25]);
    expect((await stored(id)).submission_data['residual-riskScore']).toBe(4);
    // A draft too.
    const f = await riskForm();
    const draft = await create(SPARK_WORKER, {
      formVersionId: f.versionId,
      isCompleted: false,
      submissionData: JSON.stringify({ 'risk-selectedConsequence': 2, 'risk-selectedLikelihood': 3, 'risk-riskScore': 1 }),
    });
    expect(await riskRow((draft.data as { r: { id: string }[] }).r[0].id)).toEqual([2, 3, 6]);
    // And an administrator's correction.
    const fixed = await update(ADMIN, {
      id,
      submissionData: JSON.stringify(
        riskAssessmentAnswers({ 'risk-selectedConsequence': 1, 'risk-selectedLikelihood': 2, 'risk-riskScore': 25 }),
      ),
    });
    expect(fixed.errors).toBeUndefined();
    expect(await riskRow(id)).toEqual([1, 2, 2]);
  });

  it('refuses risk choices out of range, not whole numbers 1 to 5, or one without the other, and writes nothing', async () => {
    const f = await riskForm();
    const before = await count();
    const risk = (c: unknown, l: unknown, s?: unknown) => ({
      ...riskAssessmentAnswers(),
      'risk-selectedConsequence': c,
      'risk-selectedLikelihood': l,
      'risk-riskScore': s,
    });
    for (const [answers, isCompleted] of [
      [risk(9, 5, 45), true],
      [risk('x', 5, 5), true],
      [risk(0, 3), true],
      [risk(2.5, 2), true],
      [risk(5, null, 5), true],
      [risk(undefined, 4), false],
      [risk(undefined, undefined, 12), false],
    ] as const) {
      const res = await create(SPARK_WORKER, { formVersionId: f.versionId, isCompleted, submissionData: JSON.stringify(answers) });
      expect(res.errors?.[0], JSON.stringify(answers)).toMatchObject({
        message: 'The risk matrix answer is not valid',
        extensions: { code: 'VALIDATION', path: 'submissionData.risk', validation: 'invalid' },
      });
    }
    expect(await count()).toBe(before);
    const id = await submit();
    const res = await update(ADMIN, { id, submissionData: JSON.stringify(risk(6, 1, 6)) });
    expect(res.errors![0]).toMatchObject({ message: 'The risk matrix answer is not valid', extensions: { path: 'submissionData.risk' } });
  });

  it('refuses answers of the wrong shape with a clear message', async () => {
    const f = await riskForm();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ hazards: 'Live conductors' }, 'hazards', 'The answer must be a list of options'],
      [{ hazards: ['Live conductors', 3] }, 'hazards', 'The answer must be a list of options'],
      [{ supervisor: h.users[SPARK_MANAGER].id }, 'supervisor', 'The answer must be a list of user ids'],
      [{ heights: 'yes' }, 'heights', 'The answer must be true or false'],
      [{ task: { text: 'x' } }, 'task', 'The answer must be text'],
      [{ date: 'tomorrow' }, 'date', 'The answer must be a date and time'],
      [{ 'siteSketch-canvas-draw-dataURL': 'https://example.org/x.png' }, 'siteSketch', 'The drawing is not valid'],
    ];
    for (const [extra, path, message] of cases) {
      const res = await create(SPARK_WORKER, {
        formVersionId: f.versionId,
        isCompleted: false,
        submissionData: JSON.stringify(riskAssessmentAnswers(extra)),
      });
      expect(res.errors?.[0], path).toMatchObject({ message, extensions: { path: `submissionData.${path}` } });
    }
    // A number question takes a finite number only.
    const { rows } = await h.db.query<{ id: string }>(
      `SELECT id FROM forms_entity_form_version WHERE form_id = (SELECT id FROM forms WHERE form_type = 'VERIFICATION')`,
    );
    const number = await create(SPARK_WORKER, { formVersionId: rows[0].id, isCompleted: false, submissionData: '{"insulation": "12"}' });
    expect(number.errors![0]).toMatchObject({ message: 'The answer must be a number', extensions: { path: 'submissionData.insulation' } });
    expect(
      (await create(SPARK_WORKER, { formVersionId: rows[0].id, isCompleted: false, submissionData: '{"insulation": 12.5}' })).errors,
    ).toBeUndefined();
  });
});

describe('date rules and the time zones of the world', () => {
  /** The calendar day (YYYY-MM-DD) now at UTC+offset, plus some days. */
  const dayAt = (offsetHours: number, plusDays = 0) =>
    new Date(Date.now() + offsetHours * 3_600_000 + plusDays * 86_400_000).toISOString().slice(0, 10);

  async function datedVersion(): Promise<string> {
    const f = await riskForm();
    const formData = {
      slides: [
        {
          name: 'When',
          contents: [
            { id: 'done', title: 'Done on', questionType: 'date', validators: [{ path: 'done', validator: 'past' }] },
            { id: 'due', title: 'Due on', questionType: 'date', validators: [{ path: 'due', validator: 'future' }] },
            { id: 'start', title: 'Started at', questionType: 'datetime', validators: [{ path: 'start', validator: 'past' }] },
          ],
        },
      ],
      pagination: { type: 'page' },
      customOptions: [],
    };
    const { rows } = await h.db.query<{ id: string }>(
      `INSERT INTO forms_entity_form_version (version, form_id, active, form_data) VALUES (2, $1, true, $2::jsonb) RETURNING id`,
      [f.id, JSON.stringify(formData)],
    );
    return rows[0].id;
  }

  it("accepts today's date wherever the user is: past up to the latest date on earth, future from the earliest", async () => {
    const versionId = await datedVersion();
    const send = (answers: Record<string, unknown>) =>
      create(SPARK_WORKER, { formVersionId: versionId, isCompleted: true, submissionData: JSON.stringify(answers) });
    const start = new Date(Date.now() - 60_000).toISOString();
    // Today in Kiritimati (UTC+14) is past for someone there; the day after today at UTC-12 is future there.
    // The two days are always at least one day apart, so in any one zone of the server one of them fails a strict check.
    const ok = await send({ done: dayAt(14), due: dayAt(-12, 1), start });
    expect(ok.errors).toBeUndefined();
    const tooLate = await send({ done: dayAt(14, 1), due: dayAt(-12, 1), start });
    expect(tooLate.errors![0]).toMatchObject({
      message: 'This date time needs to be in the past',
      extensions: { path: 'submissionData.done' },
    });
    const tooEarly = await send({ done: dayAt(14), due: dayAt(-12), start });
    expect(tooEarly.errors![0]).toMatchObject({
      message: 'This date time needs to be in the future',
      extensions: { path: 'submissionData.due' },
    });
    // A datetime is an instant: no slack.
    const future = await send({ done: dayAt(14), due: dayAt(-12, 1), start: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.errors![0]).toMatchObject({
      message: 'This date time needs to be in the past',
      extensions: { path: 'submissionData.start' },
    });
  });
});

describe('form version definitions', () => {
  type VersionResult = { r: { id: string }[] };
  const createVersion = (formData: unknown) =>
    riskForm().then((f) =>
      h.gql<VersionResult>(
        ADMIN,
        `mutation($m: [FormsEntityFormVersionInput!]!) { r: createFormsEntityFormVersion(formsEntityFormVersionModels: $m) { id } }`,
        { m: [{ formId: f.id, version: 7, ...(formData === undefined ? {} : { formData }) }] },
      ),
    );
  const versions = async () =>
    Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM forms_entity_form_version')).rows[0].n);
  const bogus = JSON.stringify({
    slides: [{ name: 'S', contents: [{ id: 'q', title: 'Q', questionType: 'bogus' }] }],
    pagination: { type: 'page' },
    customOptions: [],
  });

  it('refuses a malformed definition with the parser message naming the faulty path, and writes nothing', async () => {
    const before = await versions();
    const res = await createVersion(bogus);
    expect(res.errors![0].extensions).toMatchObject({ code: 'VALIDATION', path: 'formData', validation: 'invalid' });
    expect(res.errors![0].message).toBe(
      'The form definition is not valid: slides.0.contents.0.questionType: Unknown question type "bogus"',
    );
    const notJson = await createVersion('{"slides": [');
    expect(notJson.errors![0]).toMatchObject({ extensions: { path: 'formData' } });
    expect(notJson.errors![0].message).toMatch(/^The form definition is not valid: Invalid JSON/);
    const noSlides = await createVersion('{}');
    expect(noSlides.errors![0].message).toMatch(/^The form definition is not valid: slides/);
    const duplicate = await createVersion(
      JSON.stringify({
        slides: [
          {
            name: 'S',
            contents: [
              { id: 'a', title: 'A', questionType: 'text' },
              { id: 'a', title: 'B', questionType: 'text' },
            ],
          },
        ],
      }),
    );
    expect(duplicate.errors![0].message).toContain("Duplicate question id 'a' at slides.0.contents.1.id");
    expect(await versions()).toBe(before);
  });

  it('accepts a valid definition, an empty one and none at all; an update is checked too', async () => {
    const f = await riskForm();
    for (const formData of ['{"slides":[]}', '{"slides":[],"pagination":{"type":""},"customOptions":[]}', undefined]) {
      const res = await createVersion(formData);
      expect(res.errors, String(formData)).toBeUndefined();
    }
    const update = await h.gql<VersionResult>(
      ADMIN,
      `mutation($m: [FormsEntityFormVersionInput!]!) { r: updateFormsEntityFormVersion(formsEntityFormVersionModels: $m) { id } }`,
      { m: [{ id: f.versionId, formData: bogus }] },
    );
    expect(update.errors![0].extensions).toMatchObject({ path: 'formData' });
    const { rows } = await h.db.query<{ form_data: { slides: unknown[] } }>(
      'SELECT form_data FROM forms_entity_form_version WHERE id = $1',
      [f.versionId],
    );
    expect(rows[0].form_data.slides.length).toBeGreaterThan(1);
  });
});
