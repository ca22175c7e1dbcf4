import { pdfText } from '../test/pdf-text';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { benchmarkPdf } from '../../../bench/pdf';
import { BAD_DRAWINGS, TINY_PNG, largePdfInput, riskAssessmentAnswers } from '../test/forms-fixtures';
import { DRAWING_NOT_SHOWN, renderSubmissionPdf } from './pdf';
import { PDF_ZIP_LIMITS, pdfZipExports } from './pdf-routes';
import { SPARK_MANAGER, SPARK_WORKER, VOLT_MANAGER, startHarness, type Harness } from '../test/harness';

/** Submissions as PDF, one or zipped, with the access of reading them. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.reset());
afterAll(() => h.close());

/** Names of the entries of a zip, from its central directory. */
function zipEntries(zip: Buffer): string[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const total = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = 0; i < total; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return names;
}

async function submit(who: string, answers: Record<string, unknown>, isCompleted = true): Promise<string> {
  const { rows } = await h.db.query<{ v: string }>(`SELECT published_version_id AS v FROM forms WHERE form_type = 'RISK_ASSESSMENT'`);
  const res = await h.gql<{ r: { id: string }[] }>(
    who,
    `mutation($m: [FormSubmissionsEntityInput!]!) { r: createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
    { m: [{ formVersionId: rows[0].v, isCompleted, submissionData: JSON.stringify(answers) }] },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.r[0].id;
}

const post = (who: string | null, url: string, payload: unknown) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: { ...h.headers(who), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('one submission as PDF', () => {
  it('is given to the owner and to a manager of the organisation', async () => {
    const id = await submit(SPARK_WORKER, riskAssessmentAnswers({ supervisor: [h.users[SPARK_MANAGER].id] }));
    await h.gql(
      SPARK_MANAGER,
      `mutation($m: [FormSubmissionsEntityInput!]!) { updateFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
      {
        m: [
          {
            id,
            submissionData: JSON.stringify({
              'ReviewSlide-option': 'CI Improvement Opportunity',
              'ReviewSlide-comments': 'Label the circuits',
            }),
          },
        ],
      },
    );
    for (const who of [SPARK_WORKER, SPARK_MANAGER]) {
      const res = await post(who, '/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: id, TimeZoneId: 'Australia/Melbourne' });
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="Form Submission.pdf"');
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(pdf);
      for (const expected of [
        'Job Safety Risk Assessment',
        'Version 1',
        'Will Woods (worker@sparkright.example)',
        'Replace the main switchboard',
        'Major x Likely = 16 (Catastrophic)',
        'Sam Safety',
        'CI Improvement Opportunity',
        'Label the circuits',
        'Reviewer\nSam Safety',
        'Page 1 of',
      ])
        expect(text, expected).toContain(expected);
      // Dates in the asked time zone, as DD/MM/YYYY hh:mm A.
      expect(text).toMatch(/Created\n?\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)/);
    }
  });

  it("is refused for another organisation's member, a visitor, an unknown submission and an unknown time zone", async () => {
    const id = await submit(SPARK_WORKER, riskAssessmentAnswers());
    const other = await post(VOLT_MANAGER, '/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: id, TimeZoneId: 'UTC' });
    expect(other.statusCode).toBe(404);
    expect(other.json().errors[0].message).toBe('The submission does not exist or you are not allowed to see it');
    expect((await post(null, '/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: id, TimeZoneId: 'UTC' })).statusCode).toBe(401);
    const zone = await post(SPARK_WORKER, '/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: id, TimeZoneId: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().errors[0].message).toBe('Unknown time zone Mars/Olympus');
    expect((await post(SPARK_WORKER, '/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: 'x', TimeZoneId: 'UTC' })).statusCode).toBe(
      400,
    );
  });

  it('shows a draft to its owner only', async () => {
    const id = await submit(SPARK_WORKER, { task: 'Half done' }, false);
    expect((await post(SPARK_WORKER, '/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: id, TimeZoneId: 'UTC' })).statusCode).toBe(
      200,
    );
    expect((await post(SPARK_MANAGER, '/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: id, TimeZoneId: 'UTC' })).statusCode).toBe(
      404,
    );
  });
});

describe('what the PDF shows', () => {
  const render = async (input: Parameters<typeof renderSubmissionPdf>[0]) =>
    pdfText(await renderSubmissionPdf({ ...input, compress: false }));

  it('computes the risk score from the two choices, never from the stored score', async () => {
    const base = largePdfInput(10);
    const text = await render({
      ...base,
      answers: { ...base.answers, 'q7-selectedConsequence': 5, 'q7-selectedLikelihood': 5, 'q7-riskScore': 1 },
    });
    expect(text).toContain('Catastrophic x Almost Certain = 25 (Catastrophic)');
    expect(text).not.toContain('= 1 (Low)');
    expect(text).toContain('Work cannot proceed.');
    // Choices that are no cell of the matrix show no result.
    const odd = await render({ ...base, answers: { ...base.answers, 'q7-selectedConsequence': 9, 'q7-riskScore': 1 } });
    expect(odd).not.toMatch(/= 1 \(/);
  });

  it("lists the submission's documents, assets and additional files under Attachments", async () => {
    const id = await submit(SPARK_WORKER, riskAssessmentAnswers());
    const none = pdfText(
      (await post(SPARK_WORKER, '/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: id, TimeZoneId: 'UTC' })).rawPayload,
    );
    expect(none).not.toContain('Attachments');
    const asset = await h.db.query<{ id: string }>(
      `INSERT INTO asset (asset_type, description, status, member_organisation_id) VALUES ('LADDER', '3 m step ladder', 'IN_SERVICE', $1) RETURNING id`,
      [h.org.spark],
    );
    const doc = await h.db.query<{ id: string }>(
      `INSERT INTO document (document_name, document_link, status, member_organisation_id) VALUES ('Switchboard SWMS', 'https://example.org/swms', 'ACTIVE', $1) RETURNING id`,
      [h.org.spark],
    );
    const file = await h.db.query<{ id: string }>(
      `INSERT INTO file (file_name, content_type, size, storage_key) VALUES ('site-photo.jpg', 'image/jpeg', 3, 'test/site-photo') RETURNING id`,
    );
    await h.db.query(`INSERT INTO additional_attachment (attachment_id, form_submissions_id) VALUES ($1, $2)`, [file.rows[0].id, id]);
    await h.db.query(`INSERT INTO link_form_submissions_assets (form_submissions_id, assets_id) VALUES ($1, $2)`, [id, asset.rows[0].id]);
    await h.db.query(`INSERT INTO link_form_submissions_documents (form_submissions_id, documents_id) VALUES ($1, $2)`, [
      id,
      doc.rows[0].id,
    ]);
    for (const who of [SPARK_WORKER, SPARK_MANAGER]) {
      const res = await post(who, '/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: id, TimeZoneId: 'UTC' });
      expect(res.statusCode, who).toBe(200);
      const text = pdfText(res.rawPayload);
      for (const expected of ['Attachments', 'Documents\nSwitchboard SWMS', 'Assets\n3 m step ladder', 'Additional files\nsite-photo.jpg'])
        expect(text, `${who}: ${expected}`).toContain(expected);
    }
  });
});

describe('PDFs as a zip', () => {
  it('has one PDF per readable completed submission', async () => {
    const a = await submit(SPARK_WORKER, riskAssessmentAnswers());
    const b = await submit(SPARK_MANAGER, riskAssessmentAnswers({ jobNumber: 'J-2' }));
    const draft = await submit(SPARK_WORKER, { task: 'draft' }, false);
    const volt = await submit(VOLT_MANAGER, riskAssessmentAnswers());
    const res = await post(SPARK_MANAGER, '/api/entity/FormSubmissionsEntity/pdf-zip', {
      ids: [a, b, draft, volt],
      TimeZoneId: 'Australia/Melbourne',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const names = zipEntries(res.rawPayload);
    expect(names).toHaveLength(2);
    for (const [name, id] of [
      [names.find((n) => n.endsWith(`${a.slice(0, 8)}.pdf`)), a],
      [names.find((n) => n.endsWith(`${b.slice(0, 8)}.pdf`)), b],
    ])
      expect(name, id).toMatch(/^Job Safety Risk Assessment \d{2}-\d{2}-\d{4} [0-9a-f]{8}\.pdf$/);

    // By conditions, minus excluded ids (the admin list's "all pages" selection).
    const byConditions = await post(SPARK_MANAGER, '/api/entity/FormSubmissionsEntity/pdf-zip', {
      conditions: JSON.stringify([[{ path: 'formVersion.form.formType', comparison: 'equal', value: ['RISK_ASSESSMENT'] }]]),
      excludedIds: [a],
      TimeZoneId: 'UTC',
    });
    expect(zipEntries(byConditions.rawPayload)).toEqual([expect.stringContaining(b.slice(0, 8))]);
  });

  it('refuses more than 500 submissions in one request', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const res = await post(SPARK_MANAGER, '/api/entity/FormSubmissionsEntity/pdf-zip', { ids, TimeZoneId: 'UTC' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe('At most 500 submissions can be exported as PDF at once; please narrow the selection');
  });
});

/** Puts answers straight into the database, as data saved before today's checks may be. */
const plant = (id: string, answers: Record<string, unknown>) =>
  h.db.query('UPDATE form_submissions SET submission_data = submission_data || $1::jsonb WHERE id = $2', [JSON.stringify(answers), id]);

/** Lets any asynchronous work of the renderer run: an exception there would fail the test run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('drawings', () => {
  const sketch = 'siteSketch-canvas-draw-dataURL';

  it('refuses on save a drawing that is no sound PNG of drawing size', async () => {
    const { rows } = await h.db.query<{ v: string }>(`SELECT published_version_id AS v FROM forms WHERE form_type = 'RISK_ASSESSMENT'`);
    for (const [name, url] of Object.entries(BAD_DRAWINGS)) {
      const res = await h.gql(
        SPARK_WORKER,
        `mutation($m: [FormSubmissionsEntityInput!]!) { r: createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
        { m: [{ formVersionId: rows[0].v, isCompleted: true, submissionData: JSON.stringify(riskAssessmentAnswers({ [sketch]: url })) }] },
      );
      expect(res.errors?.[0], name).toMatchObject({
        message: name === 'hugeDimensions' ? 'The drawing is too large' : 'The drawing is not valid',
        extensions: { code: 'VALIDATION', path: 'submissionData.siteSketch' },
      });
    }
  });

  it('shows a stored drawing that cannot be decoded as text, without harm to the server', async () => {
    const id = await submit(SPARK_WORKER, riskAssessmentAnswers());
    const good = await post(SPARK_WORKER, '/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: id, TimeZoneId: 'UTC' });
    expect(good.rawPayload.includes('/Subtype /Image')).toBe(true);
    expect(pdfText(good.rawPayload)).not.toContain(DRAWING_NOT_SHOWN);
    for (const [name, url] of Object.entries(BAD_DRAWINGS)) {
      await plant(id, { [sketch]: url });
      const res = await post(SPARK_WORKER, '/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: id, TimeZoneId: 'UTC' });
      expect(res.statusCode, name).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString('latin1'), name).toBe('%PDF-');
      expect(res.rawPayload.includes('/Subtype /Image'), name).toBe(false);
      expect(pdfText(res.rawPayload), name).toContain(DRAWING_NOT_SHOWN);
      await settle();
    }
    // In a zip too; and the server still answers.
    await plant(id, { [sketch]: BAD_DRAWINGS.corruptImageData });
    const zip = await post(SPARK_WORKER, '/api/entity/FormSubmissionsEntity/pdf-zip', { ids: [id], TimeZoneId: 'UTC' });
    expect(zip.statusCode).toBe(200);
    expect(zipEntries(zip.rawPayload)).toHaveLength(1);
    await settle();
    expect((await h.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('renders a 1x1 drawing as an image', async () => {
    const text = pdfText(await renderSubmissionPdf({ ...largePdfInput(10), compress: false }));
    expect(text).not.toContain(DRAWING_NOT_SHOWN);
    expect(TINY_PNG.length).toBeLessThan(200);
  });
});

describe('selected users in the PDF', () => {
  it("names the owner's colleagues only: another organisation's account shows as 'Unknown user'", async () => {
    const colleague = h.users[SPARK_MANAGER].id;
    const outsider = h.users[VOLT_MANAGER].id;
    const { rows } = await h.db.query<{ firstname: string; surname: string }>(
      'SELECT firstname, surname FROM mehub_account WHERE id = $1',
      [outsider],
    );
    const outsiderName = `${rows[0].firstname} ${rows[0].surname}`;
    const id = await submit(SPARK_WORKER, riskAssessmentAnswers({ supervisor: [colleague] }));
    // Saved before the check on save existed, or written around it.
    await plant(id, { supervisor: [colleague, outsider] });
    for (const who of [SPARK_WORKER, SPARK_MANAGER]) {
      const res = await post(who, '/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: id, TimeZoneId: 'UTC' });
      const text = pdfText(res.rawPayload);
      expect(text).toContain('Sam Safety, Unknown user');
      expect(text).not.toContain(outsiderName);
      expect(text).not.toContain(VOLT_MANAGER);
    }
  });
});

describe('zip export limits', () => {
  const zipOf = (who: string, ids: string[]) => post(who, '/api/entity/FormSubmissionsEntity/pdf-zip', { ids, TimeZoneId: 'UTC' });
  const idle = () => vi.waitFor(() => expect(pdfZipExports.size).toBe(0));

  it('runs one export at a time per user: 409 while one runs', async () => {
    const id = await submit(SPARK_MANAGER, riskAssessmentAnswers());
    // While an export of theirs runs (its slot held here, so the test does not depend on
    // two requests' timing), another of theirs is refused with a clear message; another
    // user may still export.
    const held = pdfZipExports.tryAcquire(`account:${h.users[SPARK_MANAGER].id}`);
    expect(held.ok).toBe(true);
    try {
      const refused = await zipOf(SPARK_MANAGER, [id]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors[0]).toMatchObject({
        message: 'An export is already running for you. Please wait for it to finish.',
        code: 'CONFLICT',
      });
      expect((await zipOf(SPARK_WORKER, [id])).statusCode).toBe(200);
    } finally {
      if (held.ok) held.release();
    }
    expect((await zipOf(SPARK_MANAGER, [id])).statusCode).toBe(200);
    await idle();
  });

  it('runs two exports at most in all: 503 beyond', async () => {
    const id = await submit(SPARK_MANAGER, riskAssessmentAnswers());
    const held = [pdfZipExports.tryAcquire('test:a'), pdfZipExports.tryAcquire('test:b')];
    try {
      const res = await zipOf(SPARK_MANAGER, [id]);
      expect(res.statusCode).toBe(503);
      expect(res.json().errors[0].message).toBe('The server is busy with other exports. Please try again in a minute.');
    } finally {
      for (const s of held) if (s.ok) s.release();
    }
    expect((await zipOf(SPARK_MANAGER, [id])).statusCode).toBe(200);
    // Refused requests hold no slot.
    expect((await zipOf(SPARK_MANAGER, ['00000000-0000-4000-8000-000000000000'])).statusCode).toBe(404);
    await idle();
  });

  it('stops at the byte limit with an entry saying why', async () => {
    const a = await submit(SPARK_MANAGER, riskAssessmentAnswers());
    const b = await submit(SPARK_WORKER, riskAssessmentAnswers());
    const one = (await post(SPARK_MANAGER, '/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: a, TimeZoneId: 'UTC' })).rawPayload;
    const saved = PDF_ZIP_LIMITS.maxBytes;
    PDF_ZIP_LIMITS.maxBytes = Math.round(one.length * 1.5);
    try {
      const res = await zipOf(SPARK_MANAGER, [a, b]);
      expect(res.statusCode).toBe(200);
      const names = zipEntries(res.rawPayload);
      expect(names).toHaveLength(2);
      expect(names[0]).toMatch(/\.pdf$/);
      expect(names[1]).toBe('EXPORT INCOMPLETE - READ ME.txt');
      expect(res.rawPayload.toString('latin1')).toContain('This export stopped after 1 of 2 submissions');
    } finally {
      PDF_ZIP_LIMITS.maxBytes = saved;
    }
    await idle();
  });
});

describe('rendering', () => {
  it('renders a 50-question form within 300 ms', async () => {
    const r = await benchmarkPdf(50, 10);
    console.log(`PDF of 50 questions: first ${r.firstMs.toFixed(1)} ms, median ${r.medianMs.toFixed(1)} ms`);
    expect(r.medianMs).toBeLessThanOrEqual(300);
    const text = pdfText(await renderSubmissionPdf({ ...largePdfInput(50), compress: false }));
    expect(text).toContain('Describe step 0 of the job in a few words');
    expect(text).toMatch(/Page 2 of \d+/);
  });
});

describe('corrective actions in the PDF', () => {
  const SAFETY_WORKER = 'safetyworker@sparkright.example';
  const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const dmy = (day: string) => day.split('-').reverse().join('/');
  const pdfOf = async (who: string, id: string) => {
    const res = await post(who, '/api/entity/FormSubmissionsEntity/pdf', { SubmissionId: id, TimeZoneId: 'Australia/Melbourne' });
    return { status: res.statusCode, text: res.statusCode === 200 ? pdfText(res.rawPayload) : '' };
  };
  const nameOf = async (email: string) => {
    const { rows } = await h.db.query<{ n: string }>(
      `SELECT coalesce(nullif(trim(concat_ws(' ', firstname, surname)), ''), email) AS n FROM mehub_account WHERE email = $1`,
      [email],
    );
    return rows[0].n;
  };

  it('shows each action under the question that raised it, with its state, and how it was closed', async () => {
    const due = dayIn(7);
    const id = await submit(
      SPARK_WORKER,
      riskAssessmentAnswers({
        'risk-action': {
          description: 'Fit edge protection before work at height',
          assigneeId: h.users[SAFETY_WORKER].id,
          priority: 'high',
          dueDate: due,
        },
      }),
    );
    const open = await pdfOf(SPARK_MANAGER, id);
    expect(open.status).toBe(200);
    const assignee = await nameOf(SAFETY_WORKER);
    for (const expected of ['Corrective action', 'Fit edge protection before work at height', 'High', assignee, dmy(due), 'Open'])
      expect(open.text, expected).toContain(expected);
    // Under its question: after the risk answer, before the next section's questions.
    expect(open.text.indexOf('Corrective action')).toBeGreaterThan(open.text.indexOf('Risk before controls'));
    expect(open.text).not.toContain('Closing comment');

    const { rows } = await h.db.query<{ id: string }>('SELECT id FROM corrective_action WHERE form_submissions_id = $1', [id]);
    const closed = await h.gql(
      SPARK_MANAGER,
      `mutation($m: [CorrectiveActionEntityInput!]!) { updateCorrectiveActionEntity(correctiveActionEntityModels: $m) { id } }`,
      { m: [{ id: rows[0].id, status: 'CLOSED', closingComment: 'Guard rails fitted on all edges' }] },
    );
    expect(closed.errors).toBeUndefined();
    const after = await pdfOf(SPARK_MANAGER, id);
    for (const expected of ['Closed', 'Closing comment', 'Guard rails fitted on all edges'])
      expect(after.text, expected).toContain(expected);
    expect(after.text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M/);
  });

  it('shows only the actions the caller may read: none to the raiser who is neither manager nor assignee, nothing to another organisation', async () => {
    const id = await submit(
      SPARK_WORKER,
      riskAssessmentAnswers({
        'risk-action': { description: 'Secret remedial step', assigneeId: h.users[SAFETY_WORKER].id, priority: 'high', dueDate: dayIn(7) },
      }),
    );
    const raiser = await pdfOf(SPARK_WORKER, id);
    expect(raiser.status).toBe(200);
    expect(raiser.text).toContain('Risk before controls');
    expect(raiser.text).not.toContain('Secret remedial step');
    expect(raiser.text).not.toContain('Corrective action');
    expect((await pdfOf(VOLT_MANAGER, id)).status).toBe(404);
    expect((await pdfOf(SPARK_MANAGER, id)).text).toContain('Secret remedial step');
    // The zip export reads them the same way: the manager's has it, the raiser's not.
    const zipText = async (who: string) => {
      const res = await post(who, '/api/entity/FormSubmissionsEntity/pdf-zip', { ids: [id], TimeZoneId: 'UTC' });
      expect(res.statusCode).toBe(200);
      expect(zipEntries(res.rawPayload)).toHaveLength(1);
      return pdfText(res.rawPayload);
    };
    expect(await zipText(SPARK_MANAGER)).toContain('Secret remedial step');
    const raiserZip = await zipText(SPARK_WORKER);
    expect(raiserZip).toContain('Risk before controls');
    expect(raiserZip).not.toContain('Secret remedial step');
  });

  it("lists at the end, under 'Corrective actions', an action whose question is not shown", async () => {
    const base = largePdfInput(3);
    const text = pdfText(
      await renderSubmissionPdf({
        ...base,
        compress: false,
        actions: [
          {
            questionId: 'gone',
            questionTitle: 'Switchboard labelled',
            description: 'Label the RCBOs',
            priority: 'MODERATE',
            status: 'OPEN',
            dueDate: '2020-01-02',
            assignee: null,
            closedAt: null,
            closingComment: null,
          },
        ],
      }),
    );
    expect(text).toContain('Corrective actions');
    expect(text).toContain('Raised on');
    expect(text).toContain('Switchboard labelled');
    expect(text).toContain('Label the RCBOs');
    expect(text).toContain('Moderate');
    expect(text).toContain('Not assigned');
    expect(text).toContain('02/01/2020');
    expect(text).toContain('Open (overdue)');
  });
});
