import { expect } from 'vitest';
import { riskAssessmentAnswers } from './forms-fixtures';
import { SPARK_WORKER, type Harness } from './harness';

/**
 * What the form submission suites share: the seeded risk assessment, GraphQL creates and
 * updates of submissions as a given user, and reads of what was stored.
 */

export type Gql = Awaited<ReturnType<Harness['gql']>>;

/** The helpers, on the hub `hub()` gives (started in the suite's beforeAll). */
export function formSubmissions(hub: () => Harness) {
  async function riskForm(): Promise<{ id: string; versionId: string }> {
    const { rows } = await hub().db.query<{ id: string; v: string }>(
      `SELECT id, published_version_id AS v FROM forms WHERE form_type = 'RISK_ASSESSMENT'`,
    );
    return { id: rows[0].id, versionId: rows[0].v };
  }

  function create(who: string, input: Record<string, unknown>): Promise<Gql> {
    return hub().gql(
      who,
      `mutation($m: [FormSubmissionsEntityInput!]!) { r: createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
      { m: [input] },
    );
  }

  function update(who: string, input: Record<string, unknown>): Promise<Gql> {
    return hub().gql(
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

  const count = async () => Number((await hub().db.query<{ n: number }>('SELECT count(*)::int AS n FROM form_submissions')).rows[0].n);
  const stored = async (id: string) =>
    (
      await hub().db.query<{ submission_data: Record<string, unknown>; form_review_request_id: string | null }>(
        'SELECT submission_data, form_review_request_id FROM form_submissions WHERE id = $1',
        [id],
      )
    ).rows[0];

  return { riskForm, create, update, submit, count, stored };
}
