import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riskAssessmentAnswers } from './forms-fixtures';
import { formSubmissions } from './forms-submissions';
import { ADMIN, SPARK_MANAGER, SPARK_WORKER, startHarness, type Harness } from './harness';

/** What the API refuses in a member's answers whatever the client sent, and what it recomputes. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const { riskForm, create, update, submit, count, stored } = formSubmissions(() => h);

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
    // Members file new submissions on the published version only.
    await h.db.query('UPDATE forms SET published_version_id = $1 WHERE id = $2', [rows[0].id, f.id]);
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
