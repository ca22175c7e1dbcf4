import { inflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { adminGraphql, apiSignIn, pageWidth, seriousViolations, skipActivityModal, SPARKRIGHT } from './helpers';

/**
 * Member records in a browser (issue 11 item 9), each flow as the role that uses it, at 1440 and
 * at 375 px: an asset with a child and an attachment taken out of service; a worker's document
 * waiting for approval; licences auto-approved and pending; a document and an asset attached to a
 * form and seen in its PDF; a bulk download of templates; the users list by role. Every flow
 * makes its own rows (named with a run tag) and removes them after.
 */

const VIEWPORTS = [
  { label: 'desktop', size: { width: 1440, height: 900 } },
  { label: 'phone', size: { width: 375, height: 812 } },
] as const;

/** A tag unique to this run and viewport, for the names of the rows a flow makes. */
const tagOf = (label: string) => `E2E ${label} ${Date.now().toString(36)}`;

/** A small one-page PDF saying `text` (uncompressed, so its bytes show the words). */
function pdfOf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const pdfFile = (name: string, text: string) => ({ name, mimeType: 'application/pdf', buffer: pdfOf(text) });

/** The text a PDF shows: its content streams inflated, the hex strings of TJ operators decoded (as the server tests read them). */
function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream\n', at, 'latin1');
    if (start < 0) break;
    const end = pdf.indexOf('\nendstream', start, 'latin1');
    const raw = pdf.subarray(start + 7, end);
    at = end + 10;
    let content: string;
    try {
      content = inflateSync(raw).toString('latin1');
    } catch {
      content = raw.toString('latin1');
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      out.push([...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => Buffer.from(m[1], 'hex').toString('latin1')).join(''));
  }
  return out.join('\n');
}

/** A GraphQL call in the context's session (the signed-in member's own rights). */
async function gql<T>(context: BrowserContext, query: string, variables?: Record<string, unknown>): Promise<T> {
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await context.request.post('/api/graphql', { headers: { 'x-xsrf-token': xsrf }, data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

/** Deletes the rows of `entity` (e.g. 'AssetEntity') whose `path` starts with `prefix`, as an administrator (any status). */
async function removeTagged(request: APIRequestContext, entity: string, path: string, prefix: string) {
  const lower = entity[0].toLowerCase() + entity.slice(1);
  const found = await adminGraphql<{ r: { id: string }[] }>(
    request,
    `query($w: [WhereExpressionGraph!]) { r: ${lower}s(where: $w) { id } }`,
    {
      w: [{ path, comparison: 'like', value: [`${prefix}%`] }],
    },
  );
  if (found.r.length)
    await adminGraphql(request, `mutation($ids: [ID!]!) { r: delete${entity}(${lower}Ids: $ids) }`, { ids: found.r.map((x) => x.id) });
}

/** Picks `option` in a Mantine select or multi-select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).first().click();
}

/** What a flow made, removed after it (passed or not), newest first. */
const undo: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const step of undo.splice(0).reverse()) await step();
});

async function screen(page: Page, name: string, label: string) {
  if (label === 'phone') expect(await pageWidth(page), `${name} scrolls sideways`).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `test-results/screens/records-${name}-${label}.png`, fullPage: true });
}

for (const { label, size } of VIEWPORTS) {
  test.describe(`at ${label} width`, () => {
    test.use({ viewport: size });

    test('SafetyManager: an asset with a child and an attachment, then out of service', async ({ context, page, request }) => {
      test.slow();
      const tag = tagOf(label);
      await skipActivityModal(page);
      await apiSignIn(context, SPARKRIGHT.safetyManager);
      // The child: an asset in service without a parent, made for this flow.
      const { r } = await gql<{ r: { id: string }[] }>(
        context,
        'mutation($m: [AssetEntityInput!]!) { r: createAssetEntity(assetEntityModels: $m) { id } }',
        { m: [{ assetType: 'TOOL', description: `${tag} child`, status: 'IN_SERVICE' }] },
      );
      const childId = r[0].id;
      undo.push(() => removeTagged(request, 'AssetEntity', 'description', tag));
      await page.goto('/assets/create');
      await expect(page.getByRole('heading', { name: 'Create Asset', level: 1 })).toBeVisible();
      await choose(page, 'Asset Type', 'Tool');
      await page.getByLabel('Asset Name/Description').fill(`${tag} parent`);
      await page.getByLabel('Asset ID').fill('E2E-1');
      await choose(page, 'Assignees', SPARKRIGHT.manager);
      await page.keyboard.press('Escape');
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload Attachments' }).click();
      await (await chooser).setFiles(pdfFile('e2e-calibration.pdf', 'Calibration'));
      await expect(page.getByRole('group', { name: 'Attachments' }).last()).toContainText('e2e-calibration.pdf');
      const link = page.getByRole('combobox', { name: 'Link a child asset' });
      await link.click();
      await link.fill(tag);
      await page.getByRole('option', { name: `${tag} child` }).click();
      const children = page.getByRole('group', { name: 'Child Assets' });
      await expect(children.getByRole('link', { name: `${tag} child` })).toBeVisible();
      await screen(page, 'asset-create', label);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Successfully saved asset')).toBeVisible();

      // The view: the child and the attachment.
      await page.goto('/assets?tab=in-service');
      await page.getByRole('searchbox', { name: 'Search assets' }).fill(tag);
      await page.getByRole('link', { name: `View ${tag} parent` }).click();
      await expect(page).toHaveURL(/\/assets\/view\/[0-9a-f-]{36}$/);
      const parentId = page.url().split('/').pop()!;
      await expect(page.getByRole('heading', { name: `${tag} parent`, level: 1 })).toBeVisible();
      await expect(children.getByRole('link', { name: `${tag} child` })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Attachments' }).last().getByText('e2e-calibration.pdf')).toBeVisible();
      await expect(page.getByRole('group', { name: 'Assignee' })).toContainText(SPARKRIGHT.manager);
      await screen(page, 'asset-view', label);

      // Out of service: the question, then the links are gone.
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Edit Asset', level: 1 })).toBeVisible();
      await choose(page, 'Status', 'Out of Service');
      await page.getByRole('button', { name: 'Save' }).click();
      const ask = page.getByRole('dialog', { name: 'Take this asset out of service?' });
      await expect(ask).toContainText('removes its child assets, its parent asset and its assignees');
      await ask.getByRole('button', { name: 'Save as Out of Service' }).click();
      await expect(page.getByText('Successfully saved asset')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/assets/view/${parentId}$`));
      await expect(children).toContainText('No child assets linked');
      await expect(page.getByRole('group', { name: 'Link asset' })).toContainText(/Parent Asset\s*None/);
      await expect(page.getByRole('group', { name: 'Assignee' })).not.toContainText(SPARKRIGHT.manager);
      await screen(page, 'asset-out-of-service', label);

      // Its edit form: read-only but the status.
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      const form = page.getByRole('form', { name: 'Edit Asset' });
      await expect(form.getByText('every field except its status is read-only')).toBeVisible();
      await expect(form.getByRole('combobox', { name: 'Status' })).toBeEnabled();
      await expect(form.getByRole('textbox')).toHaveCount(0);
      await expect(form.getByRole('combobox')).toHaveCount(1);
      await expect(form.getByRole('button', { name: 'Upload Attachments' })).toHaveCount(0);
      await screen(page, 'asset-out-of-service-edit', label);
      // The child is back in service without a parent.
      await page.goto(`/assets/view/${childId}`);
      await expect(page.getByRole('group', { name: 'Link asset' })).toContainText(/Parent Asset\s*None/);
    });
  });
}

/** A second member signed in through the API in its own browser context, closed after the flow. */
async function memberPage(browser: Browser, email: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  undo.push(() => context.close());
  await apiSignIn(context, email);
  const page = await context.newPage();
  await skipActivityModal(page);
  return { context, page };
}

for (const { label, size } of VIEWPORTS) {
  test.describe(`at ${label} width`, () => {
    test.use({ viewport: size });

    test("SafetyWorker's document waits for approval; the SafetyManager approves it", async ({ browser, context, page, request }) => {
      test.slow();
      const tag = tagOf(label);
      const name = `${tag} toolbox talk`;
      const manager = await memberPage(browser, SPARKRIGHT.safetyManager, size);
      undo.push(() => removeTagged(request, 'DocumentEntity', 'documentName', tag));
      await skipActivityModal(page);
      await apiSignIn(context, SPARKRIGHT.safetyWorker);

      await page.goto('/my-documents');
      await expect(page.getByRole('tablist', { name: 'Document status' }).getByRole('tab')).toHaveText(['Active']);
      await page.getByRole('link', { name: 'Create Document' }).click();
      await expect(page.getByRole('heading', { name: 'Create Document', level: 1 })).toBeVisible();
      await page.getByLabel('Document Name').fill(name);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Document Upload' }).click();
      await (await chooser).setFiles(pdfFile('e2e-toolbox-talk.pdf', 'Toolbox talk'));
      await expect(page.getByRole('group', { name: 'File or link' })).toContainText('e2e-toolbox-talk.pdf');
      await expect(page.getByRole('checkbox', { name: 'SWMS' })).toBeChecked();
      await screen(page, 'document-create-worker', label);
      await page.getByRole('button', { name: 'Save' }).click();
      const notice = page.getByRole('alert').filter({ hasText: 'Document approval pending' });
      await expect(notice).toBeVisible();
      await screen(page, 'document-pending-notice', label);

      // The SafetyManager finds it on the Pending tab and approves it.
      await manager.page.goto('/my-documents/SWMS/pending');
      await expect(manager.page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
      await manager.page.getByRole('link', { name: `View ${name}` }).click();
      await expect(manager.page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(manager.page.getByRole('main')).toContainText('Pending');
      await screen(manager.page, 'document-pending-view', label);
      await manager.page.getByRole('button', { name: 'Approve' }).click();
      await expect(manager.page.getByText('Document approved')).toBeVisible();
      await expect(manager.page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await manager.page.goto('/my-documents/SWMS/active');
      await expect(manager.page.getByRole('link', { name: `View ${name}` })).toBeVisible();
      // And the worker now sees it among the active documents.
      await page.goto('/my-documents/SWMS');
      await expect(page.getByRole('link', { name: `View ${name}` })).toBeVisible();
    });

    test("licences: a Manager's own is active at once; a SafetyWorker's waits until a Manager approves it", async ({
      browser,
      context,
      page,
      request,
    }) => {
      test.slow();
      const tag = tagOf(label);
      const manager = await memberPage(browser, SPARKRIGHT.manager, size);
      undo.push(() => removeTagged(request, 'LicenceEntity', 'licenceName', tag));
      const licences = (p: Page) => p.getByRole('region', { name: 'Licences and competencies' });
      const item = (p: Page, name: string) =>
        label === 'phone' ? licences(p).getByRole('article', { name }) : licences(p).getByRole('row').filter({ hasText: name });

      async function upload(p: Page, who: string, name: string, own: boolean) {
        // A SafetyWorker's /users is their own record.
        await p.goto(own ? '/users' : '/users?tab=active');
        if (!own) await p.getByRole('link', { name: `View ${who}` }).click();
        await expect(p.getByRole('heading', { name: who, level: 1 })).toBeVisible();
        await p.getByRole('link', { name: 'Upload licenses' }).click();
        await expect(p.getByRole('heading', { name: 'Upload Licences/Competencies', level: 1 })).toBeVisible();
        const chooser = p.waitForEvent('filechooser');
        await p.getByRole('button', { name: 'Choose file' }).click();
        await (await chooser).setFiles(pdfFile('e2e-licence-card.pdf', 'Licence card'));
        await p.getByLabel('Licence Name').fill(name);
        await p.getByLabel('Licence Issuer').fill('Energy Safe Victoria');
        await choose(p, 'Licence Type', /./);
        await p.getByLabel('Licence Number').fill('E2E-0001');
        await screen(p, 'licence-create', label);
        await p.getByRole('button', { name: 'Save' }).click();
      }

      // The Manager's own: approved at once.
      await upload(manager.page, 'Mia Manning', `${tag} manager licence`, false);
      await expect(manager.page.getByText('Successfully uploaded licence')).toBeVisible();
      await expect(manager.page.getByRole('alert').filter({ hasText: 'Licence Approval Pending' })).toHaveCount(0);
      // Back on the user's page the new licence is listed at once (no reload).
      await expect(manager.page.getByRole('heading', { name: 'Mia Manning', level: 1 })).toBeVisible();
      await expect(item(manager.page, `${tag} manager licence`)).toContainText('Active');
      await manager.page.goto('/users?tab=active');
      await manager.page.getByRole('link', { name: 'View Mia Manning' }).click();
      await expect(item(manager.page, `${tag} manager licence`)).toContainText('Active');

      // The SafetyWorker's: pending until the Manager approves it.
      await skipActivityModal(page);
      await apiSignIn(context, SPARKRIGHT.safetyWorker);
      await upload(page, 'Wes Walker', `${tag} worker licence`, true);
      await expect(page.getByRole('alert').filter({ hasText: 'Licence Approval Pending' })).toBeVisible();
      await screen(page, 'licence-pending', label);
      await manager.page.goto('/users?tab=active');
      await manager.page.getByRole('link', { name: 'View Wes Walker' }).click();
      const pending = item(manager.page, `${tag} worker licence`);
      await expect(pending).toContainText('Pending');
      await screen(manager.page, 'licence-list-pending', label);
      await pending.getByRole('button', { name: `Approve ${tag} worker licence` }).click();
      await expect(manager.page.getByText('Licence approved')).toBeVisible();
      await expect(pending).toContainText('Active');
      await expect(pending.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    });
  });
}

for (const { label, size } of VIEWPORTS) {
  test.describe(`at ${label} width`, () => {
    test.use({ viewport: size });

    test('SafetyManager attaches a document and an asset to a form; the submission and its PDF show them', async ({
      context,
      page,
      request,
    }) => {
      test.slow();
      const tag = tagOf(label);
      const job = `J-${tag.replace(/\W+/g, '-')}`;
      await skipActivityModal(page);
      await apiSignIn(context, SPARKRIGHT.safetyManager);
      undo.push(() => removeTagged(request, 'DocumentEntity', 'documentName', tag));
      undo.push(() => removeTagged(request, 'AssetEntity', 'description', tag));
      undo.push(() => removeTagged(request, 'FormSubmissionsEntity', 'jobNumber', job));
      // A document (active: a SafetyManager's) and an asset of the organisation, made for this flow.
      const { types } = await gql<{ types: { id: string; name: string }[] }>(context, '{ types: documentTypesEntitys { id name } }');
      const swms = types.find((t) => t.name === 'SWMS')!;
      await gql(context, 'mutation($m: [DocumentEntityInput!]!) { r: createDocumentEntity(documentEntityModels: $m) { id } }', {
        m: [{ documentName: `${tag} SWMS`, documentLink: 'https://example.org/e2e-swms', documentTypess: [{ id: swms.id }] }],
      });
      await gql(context, 'mutation($m: [AssetEntityInput!]!) { r: createAssetEntity(assetEntityModels: $m) { id } }', {
        m: [{ assetType: 'TOOL', assetID: 'E2E-9', description: `${tag} insulation tester`, status: 'IN_SERVICE' }],
      });

      await page.goto('/mesafety');
      await page.getByRole('button', { name: 'Create Job Safety Risk Assessment' }).click();
      const prompt = page.getByRole('dialog').filter({ hasText: 'You started this form earlier' });
      await expect(page.getByRole('heading', { name: 'Job Safety Risk Assessment', level: 1 }).or(prompt)).toBeVisible();
      if (await prompt.isVisible()) await prompt.getByRole('button', { name: /Discard/ }).click();
      await expect(page).toHaveURL(/\/safety-form\/[0-9a-f-]{36}/);
      const formUrl = page.url();
      await page.getByLabel('Job number').fill(job);
      await page.getByLabel('Job address').fill('1 E2E Street, Springfield');

      // Documents: the form's suggestion or the active ones.
      const toolbar = page.getByRole('toolbar', { name: 'Attachments' });
      await toolbar.getByRole('button', { name: 'Attach documents' }).click();
      await expect(page).toHaveURL(/\/active-documents$/);
      await screen(page, 'attach-documents', label);
      const activeTab = page.getByRole('tab', { name: 'Active documents' });
      if (await activeTab.isVisible()) await activeTab.click();
      await page.getByRole('checkbox', { name: `Attach ${tag} SWMS` }).check();
      await page.getByRole('button', { name: label === 'phone' ? 'Done' : 'Finish attaching' }).click();
      await expect(page.getByText('Successfully attached documents')).toBeVisible();
      await expect(page).toHaveURL(formUrl);

      await toolbar.getByRole('button', { name: 'Attach assets' }).click();
      await expect(page).toHaveURL(/\/active-assets$/);
      await page.getByRole('checkbox', { name: `Attach ${tag} insulation tester` }).check();
      await screen(page, 'attach-assets', label);
      await page.getByRole('button', { name: label === 'phone' ? 'Done' : 'Finish attaching' }).click();
      await expect(page.getByText('Successfully attached assets')).toBeVisible();
      const attachments = page.getByRole('region', { name: 'Attachments' });
      await expect(attachments).toContainText(`${tag} SWMS`);
      await expect(attachments).toContainText(`${tag} insulation tester`);
      await screen(page, 'filler-attachments', label);

      // The rest of the form, then submit.
      const date = page.getByRole('button', { name: 'Date', exact: true });
      await date.click();
      const picker = page.getByRole('dialog', { name: 'Choose date and time' });
      await picker.getByRole('button', { name: /^13 / }).first().click();
      await picker.getByLabel('Time').focus();
      await page.keyboard.type('0930');
      await picker.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByLabel('Task or activity').fill('Test the switchboard insulation');
      await page
        .getByRole('button', { name: /^Likelihood Likely, consequence Major: risk score 16/ })
        .first()
        .click();
      await page.getByLabel('Control measures').fill('Isolate and test before touch');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('The form has been submitted successfully.')).toBeVisible();

      // The submission's view lists them, and so does its PDF.
      await page.goto('/user-submissions/RISK_ASSESSMENT');
      await page.getByRole('searchbox').fill(job);
      const row = (
        label === 'phone' ? page.getByRole('list', { name: 'Submissions' }).getByRole('listitem') : page.getByRole('row')
      ).filter({
        hasText: job,
      });
      await row.getByRole('link', { name: 'View', exact: true }).click();
      await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}(\?|$)/);
      const submissionId = /\/view\/([0-9a-f-]{36})/.exec(page.url())![1];
      const shown = page.getByRole('region', { name: 'Attachments' });
      await expect(shown).toContainText(`${tag} SWMS`);
      await expect(shown).toContainText(`${tag} insulation tester`);
      await screen(page, 'submission-attachments', label);
      const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
      const pdf = await context.request.post('/api/entity/FormSubmissionsEntity/pdf', {
        headers: { 'x-xsrf-token': xsrf },
        data: { SubmissionId: submissionId, TimeZoneId: 'Australia/Melbourne' },
      });
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-disposition']).toMatch(/^attachment/);
      const text = pdfText(await pdf.body());
      expect(text).toContain(`${tag} SWMS`);
      expect(text).toContain(`${tag} insulation tester`);
    });
  });
}

/** A template of the shared library with a file, made by an administrator (GraphQL multipart, as the back-office sends it). */
async function adminTemplate(request: APIRequestContext, name: string, typeName: string) {
  const { types } = await adminGraphql<{ types: { id: string; name: string }[] }>(request, '{ types: documentTypesEntitys { id name } }');
  const type = types.find((t) => t.name === typeName)!;
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const query = 'mutation($m: [TemplateEntityInput!]!) { r: createTemplateEntity(templateEntityModels: $m) { id } }';
  // In this order: operations and map before the file (an object would put the key '0' first).
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({ query, variables: { m: [{ templateName: name, templateUpload: null, documentTypess: [{ id: type.id }] }] } }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.m.0.templateUpload'] }));
  form.append('0', new File([new Uint8Array(pdfOf(name))], 'e2e-template.pdf', { type: 'application/pdf' }));
  const res = await request.post('/api/graphql', {
    headers: { 'x-xsrf-token': xsrf },
    multipart: form,
  });
  const body = (await res.json()) as { errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
}

for (const { label, size } of VIEWPORTS) {
  test.describe(`at ${label} width`, () => {
    test.use({ viewport: size });

    test('SafetyManager: Bulk Download of two templates is a zip', async ({ context, page, request }) => {
      const tag = tagOf(label);
      undo.push(() => removeTagged(request, 'TemplateEntity', 'templateName', tag));
      await adminTemplate(request, `${tag} SWMS template`, 'SWMS');
      await skipActivityModal(page);
      await apiSignIn(context, SPARKRIGHT.safetyManager);
      await page.goto('/safety-template/SWMS');
      await expect(page.getByRole('tab', { name: 'SWMS' })).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('checkbox', { name: 'Choose SWMS template' }).check();
      await page.getByRole('checkbox', { name: `Choose ${tag} SWMS template` }).check();
      await screen(page, 'templates-chosen', label);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: /^Bulk Download/ }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.zip$/);
      const { readFileSync } = await import('node:fs');
      const zip = readFileSync(await file.path());
      expect(zip.subarray(0, 2).toString()).toBe('PK');
      // Two files in it (two local file headers), ours by its name.
      expect(zip.toString('latin1').split('PK\x03\x04').length - 1).toBe(2);
      expect(zip.toString('latin1')).toContain('e2e-template.pdf');
    });

    test('users: a SafetyWorker sees only their own record; a Manager sees the active users and exports one as PDF', async ({
      browser,
      context,
      page,
    }) => {
      await skipActivityModal(page);
      await apiSignIn(context, SPARKRIGHT.safetyWorker);
      await page.goto('/users');
      await expect(page.getByRole('heading', { name: 'Wes Walker', level: 1 })).toBeVisible();
      await expect(page).toHaveURL(/\/users\/view\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('button', { name: 'Export as PDF' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Upload licenses' })).toBeVisible();
      await screen(page, 'users-worker', label);

      const manager = await memberPage(browser, SPARKRIGHT.manager, size);
      const m = manager.page;
      await m.goto('/users');
      await expect(m.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      await expect(m.getByRole('tab', { name: 'Active users', exact: true })).toHaveAttribute('aria-selected', 'true');
      const people =
        label === 'phone' ? m.getByRole('main').getByRole('listitem') : m.getByRole('row').filter({ has: m.getByRole('cell') });
      await expect(people.filter({ hasText: 'safetyworker@sparkright.example' })).toHaveCount(1);
      await expect(people.filter({ hasText: 'voltline' })).toHaveCount(0);
      for (const text of await people.allInnerTexts()) expect(text).toMatch(/\bactive\b/i);
      await screen(m, 'users-manager', label);
      await m.getByRole('link', { name: 'View Wes Walker' }).click();
      await expect(m.getByRole('heading', { name: 'Wes Walker', level: 1 })).toBeVisible();
      const download = m.waitForEvent('download');
      await m.getByRole('button', { name: 'Export as PDF' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('Wes Walker.pdf');
      const { readFileSync } = await import('node:fs');
      const pdf = readFileSync(await file.path());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfText(pdf)).toContain('safetyworker@sparkright.example');
    });
  });
}

/** The pages of issue 11 that axe checks, as a SafetyManager of Sparkright: where, and what shows when ready. */
const A11Y_PAGES: { name: string; open(page: Page): Promise<void>; ready(page: Page): Promise<void> }[] = [
  { name: 'assets-tiles', open: (p) => goto(p, '/assets'), ready: h1('My Assets') },
  {
    name: 'assets',
    open: (p) => goto(p, '/assets?tab=in-service'),
    ready: (p) => expect(p.getByText('Test and tag kit').first()).toBeVisible(),
  },
  { name: 'asset-create', open: (p) => goto(p, '/assets/create'), ready: h1('Create Asset') },
  {
    name: 'my-documents',
    open: (p) => goto(p, '/my-documents/SWMS/active'),
    ready: (p) => expect(p.getByText('SR Switchboard SWMS (signed)').first()).toBeVisible(),
  },
  { name: 'document-create', open: (p) => goto(p, '/my-documents/create'), ready: h1('Create Document') },
  { name: 'mea-documents', open: (p) => goto(p, '/mea-documents'), ready: h1('MEA Documents') },
  {
    name: 'safety-template',
    open: (p) => goto(p, '/safety-template/SWMS'),
    ready: (p) => expect(p.getByText('SWMS template').first()).toBeVisible(),
  },
  {
    name: 'users',
    open: (p) => goto(p, '/users?tab=active'),
    ready: (p) => expect(p.getByText('safetyworker@sparkright.example').first()).toBeVisible(),
  },
  { name: 'user-view', open: (p) => openUser(p, 'Wes Walker'), ready: h1('Wes Walker') },
  {
    name: 'licence-form',
    open: async (p) => {
      await openUser(p, 'Wes Walker');
      await p.getByRole('link', { name: 'Upload licenses' }).click();
    },
    ready: h1('Upload Licences/Competencies'),
  },
];

async function goto(page: Page, path: string) {
  await page.goto(path);
}

async function openUser(page: Page, name: string) {
  await page.goto('/users?tab=active');
  await page.getByRole('link', { name: `View ${name}` }).click();
}

function h1(name: string) {
  return (page: Page) => expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

for (const { name, open, ready } of A11Y_PAGES)
  test(`axe: ${name} has no serious or critical violations at 1440 and 375 px`, async ({ context, page }) => {
    await skipActivityModal(page);
    await apiSignIn(context, SPARKRIGHT.safetyManager);
    await page.setViewportSize(VIEWPORTS[0].size);
    await open(page);
    for (const { label, size } of VIEWPORTS) {
      await page.setViewportSize(size);
      await ready(page);
      await page.waitForLoadState('networkidle');
      expect.soft(await seriousViolations(page), `${name} at ${label}`).toEqual([]);
      await screen(page, `a11y-${name}`, label);
    }
  });
