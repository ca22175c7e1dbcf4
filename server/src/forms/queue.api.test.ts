import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riskAssessmentAnswers } from '../test/forms-fixtures';
import { SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';

/**
 * The manager's queue (/user-submissions/:type, issue 10): completed submissions, those not
 * reviewed yet, searched by job number, job address and submitter, as the web client asks
 * (web/src/member/forms/forms-api.ts, submissionConditions): always within the caller's organisation.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

type Where = { path: string; comparison: string; value: (string | null)[] | null };

async function submit(who: string, answers: Record<string, unknown>, isCompleted = true): Promise<string> {
  const { rows } = await h.db.query<{ v: string }>(`SELECT published_version_id AS v FROM forms WHERE name = 'Job Safety Risk Assessment'`);
  const res = await h.gql<{ r: { id: string }[] }>(
    who,
    `mutation($m: [FormSubmissionsEntityInput!]!) { r: createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
    { m: [{ formVersionId: rows[0].v, isCompleted, submissionData: JSON.stringify(answers) }] },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.r[0].id;
}

async function review(id: string) {
  const res = await h.gql(
    SPARK_MANAGER,
    `mutation($m: [FormSubmissionsEntityInput!]!) { updateFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
    { m: [{ id, submissionData: JSON.stringify({ 'ReviewSlide-option': 'Satisfactory' }) }] },
  );
  expect(res.errors).toBeUndefined();
}

const COMPLETED: Where[] = [{ path: 'isCompleted', comparison: 'equal', value: ['true'] }];
const NOT_REVIEWED: Where[] = [{ path: 'formReviewRequestId', comparison: 'equal', value: null }];
const word = (w: string): Where[] =>
  ['jobNumber', 'jobAddress', 'mehubAccount.firstname', 'mehubAccount.surname', 'mehubAccount.email'].map((path) => ({
    path,
    comparison: 'contains',
    value: [w],
  }));

async function queue(who: string | null, conditions: Where[][]) {
  const res = await h.gql<{ rows: { id: string; jobNumber: string | null; formReviewRequestId: string | null }[]; total: number }>(
    who,
    `query($c: [[WhereExpressionGraph!]!], $skip: Int, $take: Int) {
      rows: formSubmissionsEntitys(conditions: $c, skip: $skip, take: $take, orderBy: [{ path: "created", descending: true }]) {
        id jobNumber formReviewRequestId
      }
      total: countFormSubmissionsEntitys(conditions: $c)
    }`,
    { c: conditions, skip: 0, take: 10 },
  );
  return res;
}

const ids = (res: Awaited<ReturnType<typeof queue>>) => res.data!.rows.map((r) => r.id).sort();

describe("the manager's queue", () => {
  it('Not reviewed: completed submissions without a review request, drafts never', async () => {
    const reviewed = await submit(SPARK_WORKER, riskAssessmentAnswers({ jobNumber: 'J-1' }));
    const open = await submit(SPARK_WORKER, riskAssessmentAnswers({ jobNumber: 'J-2' }));
    await submit(SPARK_WORKER, { task: 'Unfinished', jobNumber: 'J-3' }, false);
    await review(reviewed);

    const all = await queue(SPARK_MANAGER, [COMPLETED]);
    expect(all.errors).toBeUndefined();
    expect(ids(all)).toEqual([open, reviewed].sort());
    const notReviewed = await queue(SPARK_MANAGER, [COMPLETED, NOT_REVIEWED]);
    expect(notReviewed.errors).toBeUndefined();
    expect(ids(notReviewed)).toEqual([open]);
    expect(notReviewed.data!.total).toBe(1);
    expect(notReviewed.data!.rows[0]).toMatchObject({ jobNumber: 'J-2', formReviewRequestId: null });
  });

  it('searches job number, job address and the submitter, every word, case-insensitively', async () => {
    const a = await submit(SPARK_WORKER, riskAssessmentAnswers({ jobNumber: 'J-1001', jobAddress: '12 Example Street, Melbourne' }));
    const b = await submit(SPARK_MANAGER, riskAssessmentAnswers({ jobNumber: 'J-2002', jobAddress: '3 Other Road, Geelong' }));
    expect(ids(await queue(SPARK_MANAGER, [COMPLETED, word('j-1001')]))).toEqual([a]);
    expect(ids(await queue(SPARK_MANAGER, [COMPLETED, word('geelong')]))).toEqual([b]);
    // The worker is Will Woods: first name, surname, both, or the email.
    expect(ids(await queue(SPARK_MANAGER, [COMPLETED, word('will')]))).toEqual([a]);
    expect(ids(await queue(SPARK_MANAGER, [COMPLETED, word('Will'), word('WOODS')]))).toEqual([a]);
    expect(ids(await queue(SPARK_MANAGER, [COMPLETED, word('worker@sparkright')]))).toEqual([a]);
    expect(ids(await queue(SPARK_MANAGER, [COMPLETED, word('Will'), word('Geelong')]))).toEqual([]);
  });

  it('never reaches another organisation: a search by its job or its people finds nothing', async () => {
    await submit(SPARK_WORKER, riskAssessmentAnswers({ jobNumber: 'J-SPARK' }));
    const volt = await submit(VOLT_MANAGER, riskAssessmentAnswers({ jobNumber: 'J-VOLT' }));
    expect(ids(await queue(VOLT_MANAGER, [COMPLETED, word('J-SPARK')]))).toEqual([]);
    expect(ids(await queue(VOLT_MANAGER, [COMPLETED, word('Woods')]))).toEqual([]);
    expect(ids(await queue(VOLT_MANAGER, [COMPLETED, NOT_REVIEWED]))).toEqual([volt]);
    expect(ids(await queue(SPARK_MANAGER, [COMPLETED, word('J-VOLT')]))).toEqual([]);
    expect(ids(await queue(SPARK_MANAGER, [COMPLETED, word('voltline')]))).toEqual([]);
    // A visitor is not let in at all.
    const visitor = await queue(null, [COMPLETED]);
    expect(visitor.data?.rows ?? []).toEqual([]);
  });

  it('takes hostile search text literally and refuses a NUL', async () => {
    const a = await submit(SPARK_WORKER, riskAssessmentAnswers({ jobNumber: '100%_done' }));
    await submit(SPARK_WORKER, riskAssessmentAnswers({ jobNumber: '100X' }));
    expect(ids(await queue(SPARK_MANAGER, [COMPLETED, word('100%_')]))).toEqual([a]);
    for (const hostile of ['%', '_', '__proto__', "'; DROP TABLE forms; --", '\\', 'x'.repeat(100)]) {
      const res = await queue(SPARK_MANAGER, [COMPLETED, word(hostile)]);
      expect(res.errors, hostile).toBeUndefined();
      // % and _ are characters like any other: only the job number that holds one.
      expect(ids(res), hostile).toEqual(hostile === '%' || hostile === '_' ? [a] : []);
    }
    const nul = await queue(SPARK_MANAGER, [COMPLETED, word('J\u0000')]);
    expect(nul.errors?.length).toBeGreaterThan(0);
  });
});
