import { expect as baseExpect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { adminGraphql, apiSignIn, pageWidth, seriousViolations, signIn, skipActivityModal, SPARKRIGHT } from './helpers';

/** A form's tile in the Forms Builder: its accessible name begins with the form's name (then status, version, modified). */
const tileName = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `);

/**
 * The form builder and designer in a browser (issue 12 item 9): an administrator builds a
 * two-slide form with a show condition and validators, previews and publishes it, and a member
 * fills it in; a change published later leaves the earlier submission on its own version; the
 * versions page's statuses, differences, promote and archive; the draft prompt's discard; who may
 * open the builder; axe on the three pages. Each test makes its own forms (unique names).
 */

/** A fresh context loads the whole bundle and the designer renders the real filler beside the build area: time for a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });

const ADMIN = 'admin@hub.example';
const DESKTOP = { width: 1440, height: 900 };
/** Inspections is on the Safety page of every member role but Worker and Pro-Worker (member-site.md, Safety). */
const MEMBER = SPARKRIGHT.safetyWorker;

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

interface Definition {
  slides: { name: string; contents: Record<string, unknown>[] }[];
  pagination: { type: string };
  customOptions: unknown[];
}

/** The form the tests share in shape: the designer flow builds the same one by hand. */
function switchboardForm(extraOnFirstSlide: Record<string, unknown>[] = []): Definition {
  return {
    slides: [
      {
        name: 'Switchboard',
        contents: [
          {
            id: 'safe',
            title: 'Is the switchboard safe?',
            questionType: 'radiobutton',
            options: [
              { id: 'option-yes', value: 'Yes' },
              { id: 'option-no', value: 'No' },
            ],
          },
          {
            id: 'fault',
            title: 'Describe the fault',
            questionType: 'text',
            showConditions: [{ path: 'safe', condition: 'equal', value: 'No' }],
            validators: [{ path: 'fault', validator: 'required' }],
          },
          {
            id: 'circuits',
            title: 'Number of circuits',
            questionType: 'number',
            validators: [{ path: 'circuits', validator: 'greaterThan', additionalData: 0 }],
          },
          ...extraOnFirstSlide,
        ],
      },
      {
        name: 'Sign-off',
        contents: [
          { id: 'tested', title: 'Date tested', questionType: 'date' },
          { id: 'isolated', title: 'Isolation confirmed', questionType: 'checkbox' },
        ],
      },
    ],
    pagination: { type: 'page' },
    customOptions: [],
  };
}

/** An active default Inspections form made through the API, with versions saved in order (`publish` publishes that one). */
async function formWithVersions(request: APIRequestContext, name: string, versions: { definition: Definition; publish: boolean }[]) {
  const { r } = await adminGraphql<{ r: { id: string }[] }>(
    request,
    `mutation($m: [FormsEntityInput!]!) { r: createFormsEntity(formsEntityModels: $m) { id } }`,
    { m: [{ name, formType: 'INSPECTIONS', isActive: true, isDefault: true }] },
  );
  const formId = r[0].id;
  const ids: string[] = [];
  for (const v of versions) {
    const saved = await adminGraphql<{ r: { id: string; version: number }[] }>(
      request,
      `mutation($m: [FormsEntityFormVersionInput!]!) { r: createFormsEntityFormVersion(formsEntityFormVersionModels: $m) { id version } }`,
      { m: [{ formId, active: true, formData: JSON.stringify(v.definition), publishVersion: v.publish }] },
    );
    ids.push(saved.r[0].id);
  }
  return { formId, versionIds: ids };
}

async function adminPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  await apiSignIn(context, ADMIN);
  const page = await context.newPage();
  return { context, page };
}

async function memberPage(browser: Browser, email = MEMBER): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  await apiSignIn(context, email);
  const page = await context.newPage();
  await skipActivityModal(page);
  return { context, page };
}

/** A GraphQL call in the context's own session (its cookies and XSRF token). */
async function contextGraphql<T>(context: BrowserContext, query: string, variables?: Record<string, unknown>): Promise<T> {
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await context.request.post('/api/graphql', { headers: { 'x-xsrf-token': xsrf }, data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** In the designer: adds a question of a type to a slide (its Add question menu) and returns the editor it opens. */
async function addQuestion(page: Page, slide: number, typeName: string) {
  await page.getByTestId(`slide-${slide}`).getByRole('button', { name: 'Add question', exact: true }).click();
  await page.getByRole('menuitem', { name: typeName, exact: true }).click();
  const editor = page.getByRole('region', { name: `Edit question: ${typeName}` });
  await expect(editor.getByLabel('Title', { exact: true })).toHaveValue(`New ${typeName}`);
  return editor;
}

async function addSlide(page: Page, kind: 'Standard' | 'Notification' | 'Review') {
  await page.getByRole('button', { name: 'Add a new slide' }).click();
  await page.getByRole('menuitem', { name: kind, exact: true }).click();
}

test('an administrator builds, previews and publishes a form; a member fills it in', async ({ browser }) => {
  test.setTimeout(180_000);
  const name = unique('Switchboard check');
  const { context, page } = await adminPage(browser);

  // New Form: the record's create screen, then the designer through the redirect.
  await page.goto('/admin/forms');
  await page.getByRole('link', { name: 'New Form' }).click();
  await expect(page.getByRole('heading', { name: 'Create Form' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('combobox', { name: 'Form Type' }).click();
  await page.getByRole('option', { name: 'Inspections', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Is Active' }).check();
  await page.getByRole('checkbox', { name: 'Is Default' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/admin\/forms\/build\/formsentity\/[0-9a-f-]{36}$/);
  const designer = page.getByTestId('designer');
  await expect(designer.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('designer-status')).toHaveText('Draft');
  await expect(page.getByText('This form has no slides yet.')).toBeVisible();

  // Slide 1, renamed.
  await addSlide(page, 'Standard');
  await page.getByRole('button', { name: 'Slide menu: New Slide' }).click();
  await page.getByRole('menuitem', { name: 'Edit Slide' }).click();
  await page.getByLabel('Slide Name').fill('Switchboard');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Slide 1: Switchboard' })).toBeVisible();

  // A radio button with Yes and No.
  let editor = await addQuestion(page, 0, 'Radio Button');
  await editor.getByLabel('Title', { exact: true }).fill('Is the switchboard safe?');
  await editor.getByLabel('Option 1', { exact: true }).fill('Yes');
  await editor.getByLabel('Option 2', { exact: true }).fill('No');
  await editor.getByRole('button', { name: 'Close' }).click();

  // A text shown only when the radio equals No, and required.
  editor = await addQuestion(page, 0, 'Text');
  await editor.getByLabel('Title', { exact: true }).fill('Describe the fault');
  await editor.getByLabel('Add a validator').selectOption({ label: 'Required' });
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(editor.getByRole('button', { name: 'Remove validator Required' })).toBeVisible();
  await editor.getByRole('button', { name: 'Add condition' }).click();
  const condition = editor.getByRole('group', { name: 'Condition 1' });
  await expect(condition.getByLabel('Question')).toHaveValue(/.+/);
  await expect(condition.getByLabel('Question').locator('option:checked')).toHaveText('Is the switchboard safe?');
  // A radio button's answer is compared by equality only (back-office.md section 5).
  await expect(condition.getByLabel('Operator').locator('option')).toHaveText(['equals']);
  await condition.getByLabel('Value').selectOption('No');
  await editor.getByRole('button', { name: 'Close' }).click();

  // A number greater than 0.
  editor = await addQuestion(page, 0, 'Number');
  await editor.getByLabel('Title', { exact: true }).fill('Number of circuits');
  await editor.getByLabel('Add a validator').selectOption({ label: 'Greater than' });
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await editor.getByLabel('Number for Greater than').fill('0');
  await editor.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Slide 1: Switchboard' })).toContainText('3 questions');

  // The live preview is the filler: the conditional question shows only after choosing No.
  const preview = page.getByRole('region', { name: 'Live preview' });
  await expect(preview.getByText('Is the switchboard safe?')).toBeVisible();
  await expect(preview.getByLabel('Describe the fault')).toHaveCount(0);
  await preview.getByRole('radio', { name: 'No' }).check();
  await expect(preview.getByLabel('Describe the fault')).toBeVisible();
  await preview.getByRole('radio', { name: 'Yes' }).check();
  await expect(preview.getByLabel('Describe the fault')).toHaveCount(0);

  // Slide 2: a date and a checkbox.
  await addSlide(page, 'Standard');
  await page.getByRole('button', { name: 'Slide menu: New Slide' }).click();
  await page.getByRole('menuitem', { name: 'Edit Slide' }).click();
  await page.getByLabel('Slide Name').fill('Sign-off');
  await page.getByRole('button', { name: 'Close' }).click();
  editor = await addQuestion(page, 1, 'Date');
  await editor.getByLabel('Title', { exact: true }).fill('Date tested');
  await editor.getByRole('button', { name: 'Close' }).click();
  editor = await addQuestion(page, 1, 'Checkbox');
  const title = editor.getByLabel('Title', { exact: true });
  await title.fill('Isolation confirmed');
  // Ctrl+Z undoes a title change (another field's edit in between: a separate undo step).
  await editor.getByLabel('Tooltip').fill('Locked out and tested dead');
  await title.fill('Wrong title');
  await title.press('Control+z');
  await expect(title).toHaveValue('Isolation confirmed');
  await expect(editor.getByLabel('Tooltip')).toHaveValue('Locked out and tested dead');
  await title.press('Control+Shift+z');
  await expect(title).toHaveValue('Wrong title');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(title).toHaveValue('Isolation confirmed');
  await editor.getByRole('button', { name: 'Close' }).click();

  // One review slide; nothing more after it.
  await addSlide(page, 'Review');
  await expect(page.getByRole('button', { name: 'Slide 3: Review Slide' })).toBeVisible();
  await addSlide(page, 'Review');
  await expect(toast(page, 'Multiple review slides can not be put on one form')).toBeVisible();
  await addSlide(page, 'Standard');
  await expect(toast(page, 'Review slide exists. Remove review slide to add a new slide.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Slide \d+:/ })).toHaveCount(3);

  // The Preview tab: the whole form as a member steps through it.
  await page.getByRole('tab', { name: 'Preview' }).click();
  const whole = page.getByRole('region', { name: 'Preview' });
  await whole.getByRole('radio', { name: 'No' }).check();
  await expect(whole.getByLabel('Describe the fault')).toBeVisible();
  await page.getByRole('tab', { name: 'Build' }).click();

  await page.getByRole('button', { name: 'Save and Publish' }).click();
  await expect(toast(page, 'Version 1 published')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/forms$/);
  const tile = page.getByRole('list', { name: 'Inspections forms' }).getByRole('button', { name: tileName(name) });
  await expect(tile).toContainText('Published');
  await expect(tile).toContainText('Published version 1');
  await context.close();

  // The member finds it on the Safety page and fills it in.
  const member = await memberPage(browser);
  const m = member.page;
  await m.goto('/mesafety');
  await m.getByRole('button', { name: `Create ${name}` }).click();
  await expect(m.getByRole('heading', { name })).toBeVisible();
  await expect(m.getByLabel('Describe the fault')).toHaveCount(0);
  await m.getByRole('radio', { name: 'No' }).check();
  await expect(m.getByLabel('Describe the fault')).toBeVisible();
  await m.getByLabel('Number of circuits').fill('0');
  await m.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(m.getByText('This field is required')).toBeVisible();
  await expect(m.getByText('The value 0 is not greater than 0')).toBeVisible();
  await m.getByLabel('Describe the fault').fill('Scorched busbar on circuit 4');
  await m.getByLabel('Number of circuits').fill('12');
  await m.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(m.getByLabel('Isolation confirmed')).toBeVisible();
  await m.getByLabel('Isolation confirmed').check();
  await m.getByRole('button', { name: 'Submit' }).click();
  await expect(m.getByText('The form has been submitted successfully.')).toBeVisible();
  await member.context.close();
});

test('a change published later leaves an earlier submission on the version it was filled on', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const name = unique('Board audit');
  const { formId, versionIds } = await formWithVersions(request, name, [{ definition: switchboardForm(), publish: true }]);

  // The member's submission on version 1.
  const member = await memberPage(browser);
  const { r } = await contextGraphql<{ r: { id: string }[] }>(
    member.context,
    `mutation($m: [FormSubmissionsEntityInput!]!) { r: createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
    {
      m: [
        {
          formVersionId: versionIds[0],
          isCompleted: true,
          submissionData: JSON.stringify({ safe: 'Yes', circuits: 8, isolated: true }),
        },
      ],
    },
  );
  const submissionId = r[0].id;

  // The administrator adds a question and publishes again: a new version, as version 1 is in use.
  const { context, page } = await adminPage(browser);
  await page.goto(`/admin/forms/build/formsentity/${formId}`);
  await expect(page.getByTestId('designer-status')).toHaveText('Published');
  const editor = await addQuestion(page, 0, 'Text Area');
  await editor.getByLabel('Title', { exact: true }).fill('Supervisor comments');
  await editor.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save and Publish' }).click();
  await expect(toast(page, 'Version 2 published')).toBeVisible();
  await context.close();

  // The member's submission still shows version 1, without the new question...
  const m = member.page;
  await m.goto(`/user-submissions/INSPECTIONS/view/${submissionId}`);
  await expect(m.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(m.getByText(/^Version 1 · submitted by/)).toBeVisible();
  await expect(m.getByText('Is the switchboard safe?')).toBeVisible();
  await expect(m.getByRole('group', { name: 'Is the switchboard safe?' })).toHaveText(/Yes/);
  await expect(m.getByText('Supervisor comments')).toHaveCount(0);
  // ...while the form filled today has it.
  await m.goto('/mesafety');
  await m.getByRole('button', { name: `Create ${name}` }).click();
  await expect(m.getByLabel('Supervisor comments')).toBeVisible();
  await member.context.close();
});

test('versions page: statuses, the differences, promote and archive', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const name = unique('Versioned check');
  const notes = { id: 'notes', title: 'Notes for the next check', questionType: 'textArea' };
  await formWithVersions(request, name, [
    { definition: switchboardForm(), publish: true },
    { definition: switchboardForm([{ id: 'labels', title: 'Circuits labelled', questionType: 'checkbox' }]), publish: true },
    { definition: switchboardForm([{ id: 'labels', title: 'Circuits labelled', questionType: 'checkbox' }, notes]), publish: false },
  ]);
  const { context, page } = await adminPage(browser);
  await page.goto('/admin/forms');
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Versions' }).click();
  await expect(page).toHaveURL(/\/admin\/forms\/versions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  const row = (n: number) => page.getByRole('row', { name: `Version ${n}`, exact: true });
  await expect(row(3)).toContainText('Draft');
  await expect(row(2)).toContainText('Published version');
  await expect(row(1)).toContainText('Active version');
  await expect(row(2)).toContainText('No actions available');
  await expect(row(3).getByRole('button', { name: 'Promote version 3' })).toHaveCount(0);
  await expect(row(3).getByRole('button', { name: 'Archive version 3' })).toBeVisible();

  // The differences: by default from the published version to the latest.
  const differences = page.getByRole('region', { name: 'Differences between versions' });
  await expect(differences.getByRole('combobox', { name: 'From' })).toHaveValue(/Version 2/);
  await expect(differences.getByRole('combobox', { name: 'To' })).toHaveValue(/Version 3/);
  await expect(differences.getByRole('region', { name: 'Changes on Switchboard' })).toContainText('Notes for the next check');
  await expect(differences.getByText('Circuits labelled')).toHaveCount(0);

  // Promote the older active version: the dialog says what it changes, then it is the published version.
  await row(1).getByRole('button', { name: 'Promote version 1' }).click();
  const promote = page.getByRole('dialog', { name: 'Promote version 1?' });
  await expect(promote).toContainText('Circuits labelled');
  await promote.getByRole('button', { name: 'Promote' }).click();
  await expect(toast(page, 'Version 1 is now the published version')).toBeVisible();
  await expect(row(1)).toContainText('Published version');
  await expect(row(1)).toContainText('No actions available');
  await expect(row(2)).toContainText('Active version');
  await expect(row(3)).toContainText('Draft');

  // Archive a version that is not published: no longer active, no longer offered for promotion.
  await row(2).getByRole('button', { name: 'Archive version 2' }).click();
  const archive = page.getByRole('dialog', { name: 'Archive version 2?' });
  await archive.getByRole('button', { name: 'Archive' }).click();
  await expect(toast(page, 'Version 2 is archived')).toBeVisible();
  await expect(row(2)).toContainText('Archived');
  await expect(row(2)).toContainText('No actions available');
  await context.close();
});

test('the draft prompt: discarding the draft opens the published version and the draft is gone', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const name = unique('Drafted check');
  const { formId } = await formWithVersions(request, name, [
    { definition: switchboardForm(), publish: true },
    { definition: switchboardForm([{ id: 'notes', title: 'Draft-only question', questionType: 'text' }]), publish: false },
  ]);
  const { context, page } = await adminPage(browser);
  await page.goto('/admin/forms/active-forms');
  const tile = page.getByRole('button', { name: tileName(name) });
  await expect(tile).toContainText('Draft');
  await tile.click();
  const prompt = page.getByRole('dialog', { name: 'A draft of this form already exists' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Discard and start from scratch' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/forms/build/formsentity/${formId}$`));
  await expect(page.getByTestId('designer-status')).toHaveText('Published');
  await expect(page.getByRole('region', { name: 'Live preview' }).getByText('Is the switchboard safe?')).toBeVisible();
  await expect(page.getByText('Draft-only question')).toHaveCount(0);

  await page.goto(`/admin/forms/versions/${formId}`);
  await expect(page.getByRole('row', { name: 'Version 1', exact: true })).toContainText('Published version');
  await expect(page.getByRole('row', { name: 'Version 2', exact: true })).toHaveCount(0);
  await page.goto('/admin/forms');
  await expect(page.getByRole('button', { name: tileName(name) })).toContainText('Published');
  await context.close();
});

test('only the administrator groups reach the builder; an unknown entity is the 404 page', async ({ page, browser, request }) => {
  const { formId } = await formWithVersions(request, unique('Gated check'), [{ definition: switchboardForm(), publish: true }]);
  await signIn(page, SPARKRIGHT.safetyManager, undefined, '/admin');
  await expect(page.getByRole('heading', { name: 'Back-office' })).toBeVisible();
  for (const path of ['/admin/forms', `/admin/forms/build/formsentity/${formId}`, `/admin/forms/versions/${formId}`]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/404$/);
  }
  const { context, page: admin } = await adminPage(browser);
  await admin.goto(`/admin/forms/build/nosuchentity/${formId}`);
  await expect(admin).toHaveURL(/\/404$/);
  await admin.goto(`/admin/forms/build/FormsEntity/${formId}`);
  await expect(admin.getByTestId('designer-status')).toHaveText('Published');
  await context.close();
});

test('axe: the Forms Builder, the designer and the versions page; no sideways scrolling on a phone', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const name = unique('Checked check');
  const { formId } = await formWithVersions(request, name, [
    { definition: switchboardForm(), publish: true },
    { definition: switchboardForm([{ id: 'notes', title: 'Notes', questionType: 'textArea' }]), publish: false },
  ]);
  const { context, page } = await adminPage(browser);
  const pages: [string, () => Promise<void>][] = [
    ['/admin/forms', () => expect(page.getByRole('button', { name: tileName(name) })).toBeVisible()],
    [`/admin/forms/build/formsentity/${formId}`, () => expect(page.getByTestId('designer-preview')).toBeVisible()],
    [`/admin/forms/versions/${formId}`, () => expect(page.getByRole('row', { name: 'Version 2', exact: true })).toBeVisible()],
  ];
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 740 });
    for (const [path, ready] of pages) {
      await page.goto(path);
      await ready();
      // Soft: one run lists every page's violations.
      expect.soft(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
      expect.soft(await pageWidth(page), `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
    }
  }
  // The designer with the question editor open.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/admin/forms/build/formsentity/${formId}`);
  await page.getByRole('button', { name: 'Question menu: Describe the fault' }).click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Edit question: Text' })).toBeVisible();
  expect.soft(await seriousViolations(page), 'designer with the question editor').toEqual([]);
  await context.close();
});
