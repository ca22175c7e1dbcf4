import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riskAssessmentAnswers } from './forms-fixtures';
import { formSubmissions } from './forms-submissions';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from './harness';

/** The review of a submission: who may review, what a review needs and changes, whom it mails. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const { riskForm, create, update, submit, count, stored } = formSubmissions(() => h);

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
