import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formSubmissions } from './forms-submissions';
import { ADMIN, startHarness, type Harness } from './harness';

/** Form version definitions: checked by the parser on create and update. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

const { riskForm } = formSubmissions(() => h);

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
