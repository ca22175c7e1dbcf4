import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ruleMessages } from '../access/rules';
import { httpMessages } from '../rest/messages';
import { riskAssessmentAnswers } from '../test/forms-fixtures';
import { SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';
import { insertRow } from '../test/rows';
import { INTEGRATION_PAGE_MAX, integrationMessages } from './index';

/** The field-service integration API under /api/integration/, by token and organisation. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const VOLT_WORKER = 'worker@voltline.example';

/** A new API token of the manager's organisation: its key and id. */
async function tokenOf(manager: string): Promise<{ key: string; id: string }> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/account/generate-key',
    headers: { ...h.headers(manager), 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'Field app' }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const call = (key: string | null, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({
    method,
    url,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });

/** The seeded Risk Assessment (default, assigned to both organisations) and its job questions. */
async function riskAssessment(): Promise<string> {
  const { rows } = await h.db.query<{ id: string }>(`SELECT id FROM forms WHERE form_type = 'RISK_ASSESSMENT' LIMIT 1`);
  return rows[0].id;
}

/** A published form offered to Voltline only. */
async function voltOnlyForm(): Promise<string> {
  const { rows } = await h.db.query<{ form_data: unknown }>(
    `SELECT v.form_data FROM forms f JOIN forms_entity_form_version v ON v.id = f.published_version_id WHERE f.form_type = 'RISK_ASSESSMENT' LIMIT 1`,
  );
  const form = await insertRow(h.db, 'forms', {
    name: 'Voltline private checklist',
    form_type: 'INSPECTIONS',
    is_active: true,
    is_default: false,
    is_draft: false,
  });
  const version = await insertRow(h.db, 'forms_entity_form_version', {
    form_id: form,
    version: 1,
    active: true,
    form_data: rows[0].form_data,
  });
  await h.db.query('UPDATE forms SET published_version_id = $1 WHERE id = $2', [version, form]);
  await h.db.query('INSERT INTO link_forms_member_organisations (forms_id, member_organisations_id) VALUES ($1, $2)', [form, h.org.volt]);
  return form;
}

/** Answers of the Risk Assessment without its job fields (the route puts them in). */
const answers = () => {
  const { jobNumber: _n, jobAddress: _a, ...rest } = riskAssessmentAnswers();
  return rest;
};

describe('the integration API', () => {
  it("lists the organisation's forms with their published definitions and job questions, never another organisation's", async () => {
    const volt = await voltOnlyForm();
    const spark = await tokenOf(SPARK_MANAGER);
    const voltKey = await tokenOf(VOLT_MANAGER);
    const mine = (await call(spark.key, 'GET', '/api/integration/forms?take=100')).json();
    expect(mine.total).toBe(mine.items.length);
    expect(mine.items.map((f: { id: string }) => f.id)).not.toContain(volt);
    const ra = mine.items.find((f: { formType: string }) => f.formType === 'RISK_ASSESSMENT');
    expect(ra.publishedVersion.definition.slides.length).toBeGreaterThan(0);
    expect(ra.jobNumberQuestionId).toBe('jobNumber');
    expect(ra.jobAddressQuestionId).toBe('jobAddress');
    const theirs = (await call(voltKey.key, 'GET', '/api/integration/forms?take=100')).json();
    expect(theirs.items.map((f: { id: string }) => f.id)).toContain(volt);
    expect((await call(spark.key, 'GET', `/api/integration/forms/${volt}`)).statusCode).toBe(404);
    expect((await call(voltKey.key, 'GET', `/api/integration/forms/${volt}`)).statusCode).toBe(200);
  });

  it('creates a completed submission for a job, checked by the form, owned by the member named, and lists it by job number', async () => {
    const { key } = await tokenOf(SPARK_MANAGER);
    const worker = h.users[SPARK_WORKER].id;
    const res = await call(key, 'POST', '/api/integration/submissions', {
      formId: await riskAssessment(),
      mehubAccountId: worker,
      jobNumber: 'FS-777',
      jobAddress: '9 Field Road, Geelong',
      answers: answers(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({
      jobNumber: 'FS-777',
      jobAddress: '9 Field Road, Geelong',
      isCompleted: true,
      mehubAccount: { id: worker },
    });
    expect(made.answers.jobNumber).toBe('FS-777');
    const listed = (await call(key, 'GET', '/api/integration/submissions?jobNumber=FS-777')).json();
    expect(listed.total).toBe(1);
    expect(listed.items[0].id).toBe(made.id);
    // The member sees it as theirs on the site.
    const own = await h.gql<{ formSubmissionsEntitys: { id: string }[] }>(
      SPARK_WORKER,
      `{ formSubmissionsEntitys(where: [{path: "jobNumber", comparison: equal, value: ["FS-777"]}]) { id } }`,
    );
    expect(own.data?.formSubmissionsEntitys.map((s) => s.id)).toEqual([made.id]);
    // Voltline's token does not see it.
    const volt = await tokenOf(VOLT_MANAGER);
    expect((await call(volt.key, 'GET', '/api/integration/submissions?jobNumber=FS-777')).json().total).toBe(0);
  });

  it("leaves the member's unfinished draft of the form alone (the field app's job is not their filling)", async () => {
    const { key } = await tokenOf(SPARK_MANAGER);
    const formId = await riskAssessment();
    const draft = await h.gql<{ createFormSubmissionsEntity: { id: string }[] }>(
      SPARK_WORKER,
      `mutation($v: ID!) { createFormSubmissionsEntity(formSubmissionsEntityModels: [{isCompleted: false, formVersionId: $v, submissionData: "{}"}]) { id } }`,
      { v: (await h.db.query<{ v: string }>('SELECT published_version_id AS v FROM forms WHERE id = $1', [formId])).rows[0].v },
    );
    expect(draft.errors, JSON.stringify(draft.errors)).toBeUndefined();
    const draftId = draft.data!.createFormSubmissionsEntity[0].id;
    const res = await call(key, 'POST', '/api/integration/submissions', {
      formId,
      mehubAccountId: h.users[SPARK_WORKER].id,
      jobNumber: 'FS-778',
      jobAddress: '1 Draft Lane, Ballarat',
      answers: answers(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await h.db.query('SELECT id FROM form_submissions WHERE id = $1 AND is_completed = false', [draftId]);
    expect(rows).toHaveLength(1);
  });

  it("refuses answers the form refuses, another organisation's member or form, and bad input, saving nothing", async () => {
    const { key } = await tokenOf(SPARK_MANAGER);
    const formId = await riskAssessment();
    const worker = h.users[SPARK_WORKER].id;
    const count = async () => Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM form_submissions')).rows[0].n);
    const before = await count();
    const { task: _t, ...incomplete } = answers();
    let res = await call(key, 'POST', '/api/integration/submissions', {
      formId,
      mehubAccountId: worker,
      jobNumber: 'FS-1',
      answers: incomplete,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toMatch(/required|answer/i);
    res = await call(key, 'POST', '/api/integration/submissions', {
      formId,
      mehubAccountId: h.users[VOLT_WORKER].id,
      jobNumber: 'FS-1',
      answers: answers(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(integrationMessages.accountNotFound);
    res = await call(key, 'POST', '/api/integration/submissions', {
      formId: await voltOnlyForm(),
      mehubAccountId: worker,
      jobNumber: 'FS-1',
      answers: answers(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].message).toBe(integrationMessages.formNotFound);
    for (const bad of [
      { formId: 'x', mehubAccountId: worker, jobNumber: 'FS-1' },
      { formId, mehubAccountId: worker, jobNumber: '' },
      { formId, mehubAccountId: worker, jobNumber: 'FS-1', isCompleted: false },
      { formId, mehubAccountId: worker, jobNumber: 'FS-1', answers: [] },
    ]) {
      res = await call(key, 'POST', '/api/integration/submissions', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it("pages the organisation's assets and its users, never another organisation's", async () => {
    const spark = await tokenOf(SPARK_MANAGER);
    const { rows } = await h.db.query<{ org: string; n: number }>(
      'SELECT member_organisation_id AS org, count(*)::int AS n FROM asset GROUP BY 1',
    );
    const sparkCount = Number(rows.find((r) => r.org === h.org.spark)!.n);
    const first = (await call(spark.key, 'GET', '/api/integration/assets?take=2')).json();
    expect(first.total).toBe(sparkCount);
    expect(first.items).toHaveLength(Math.min(2, sparkCount));
    const all = (await call(spark.key, 'GET', `/api/integration/assets?take=${INTEGRATION_PAGE_MAX}`)).json();
    const voltAssets = (await h.db.query<{ id: string }>('SELECT id FROM asset WHERE member_organisation_id = $1', [h.org.volt])).rows;
    for (const a of voltAssets) expect(all.items.map((x: { id: string }) => x.id)).not.toContain(a.id);
    expect((await call(spark.key, 'GET', `/api/integration/assets?take=${INTEGRATION_PAGE_MAX + 1}`)).statusCode).toBe(400);
    expect((await call(spark.key, 'GET', '/api/integration/assets?skip=-1')).statusCode).toBe(400);
    const users = (await call(spark.key, 'GET', '/api/integration/users?take=100')).json();
    expect(users.items.map((u: { email: string }) => u.email)).toContain(SPARK_WORKER);
    expect(users.items.map((u: { email: string }) => u.email)).not.toContain(VOLT_WORKER);
  });

  it('takes only a valid token: a revoked, unknown or missing token and a session are refused', async () => {
    const { key, id } = await tokenOf(SPARK_MANAGER);
    expect((await call(key, 'GET', '/api/integration/assets')).statusCode).toBe(200);
    await h.app.inject({
      method: 'POST',
      url: '/api/account/revoke-key',
      headers: { ...h.headers(SPARK_MANAGER), 'content-type': 'application/json' },
      payload: JSON.stringify({ id }),
    });
    for (const k of [key, 'hub_not-a-token', `${key}x`]) {
      const res = await call(k, 'GET', '/api/integration/assets');
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0].message).toBe(httpMessages.badApiToken);
    }
    let res = await call(null, 'GET', '/api/integration/forms');
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].message).toBe(integrationMessages.tokenOnly);
    res = await call(null, 'GET', '/api/integration/forms', undefined, h.headers(SPARK_MANAGER));
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].message).toBe(integrationMessages.tokenOnly);
  });

  it('leaves tokens read-only for submissions everywhere else (GraphQL)', async () => {
    const { key } = await tokenOf(SPARK_MANAGER);
    const { rows } = await h.db.query<{ v: string }>(`SELECT published_version_id AS v FROM forms WHERE form_type = 'RISK_ASSESSMENT'`);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        query: `mutation($m: [FormSubmissionsEntityInput!]!) { createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
        variables: {
          m: [
            {
              formVersionId: rows[0].v,
              mehubAccountId: h.users[SPARK_WORKER].id,
              isCompleted: true,
              submissionData: JSON.stringify(riskAssessmentAnswers()),
            },
          ],
        },
      }),
    });
    expect(res.json().errors[0].message).toBe(ruleMessages.tokenReadOnly);
  });

  it('answers every route its OpenAPI description lists', async () => {
    const { key } = await tokenOf(SPARK_MANAGER);
    const doc = (await h.app.inject({ url: '/api/integration-swagger/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const formId = await riskAssessment();
    for (const [path, methods] of Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/integration/')))
      for (const method of Object.keys(methods)) {
        const url = path.replace('{id}', formId) + (path.endsWith('submissions') && method === 'get' ? '?jobNumber=J-1001' : '');
        const res = await call(key, method.toUpperCase() as 'GET' | 'POST', url, method === 'post' ? { formId } : undefined);
        expect(res.statusCode, `${method} ${path}`).not.toBe(404);
        expect(res.statusCode, `${method} ${path}`).toBeLessThan(500);
      }
  });
});
