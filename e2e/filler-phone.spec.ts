import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminGraphql, pageWidth, seriousViolations, signIn, skipActivityModal, SPARKRIGHT } from './helpers';

/**
 * The form filler on a phone (issue 15 follow-ups): the attachments panel says it needs the
 * hub when offline (no endless spinner) and recovers by itself; a date question opens a
 * calendar a finger can use; every control of the filler is at least 44 px.
 */
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

const PROJECT = 'Project Start-up';
const VERIFICATION = 'Electrical Verification';
const ATTACHMENTS_OFFLINE = "You are offline. Attachments can't be shown or added until you are back online.";

async function openForm(page: Page, name: string) {
  await page.getByRole('button', { name: `Create ${name}` }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** The Project Start-up form (a date question on its second slide), not on a worker's Safety page: opened by its address. */
async function openProject(page: Page, request: APIRequestContext) {
  const data = await adminGraphql<{ f: { id: string }[] }>(
    request,
    `query($c: [[WhereExpressionGraph!]!]) { f: formsEntitys(conditions: $c, take: 1) { id } }`,
    { c: [[{ path: 'name', comparison: 'equal', value: [PROJECT] }]] },
  );
  await page.goto(`/safety-form/${data.f[0].id}`);
  await expect(page.getByRole('heading', { name: PROJECT, level: 1 })).toBeVisible();
}

async function size(l: Locator) {
  await l.scrollIntoViewIfNeeded();
  const box = (await l.boundingBox())!;
  return { width: Math.round(box.width), height: Math.round(box.height) };
}

test('offline, the attachments panel says so instead of loading for ever, and recovers online', async ({ page, context }) => {
  await skipActivityModal(page);
  await signIn(page, SPARKRIGHT.worker, undefined, '/mesafety');
  await expect(page.getByRole('heading', { name: 'Safety', level: 1 })).toBeVisible();
  // Online once: the filler's code is loaded and the form is kept on the device.
  await openForm(page, VERIFICATION);
  const panel = page.getByRole('region', { name: 'Attachments' });
  await expect(panel.getByText('Nothing is attached yet.')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Safety', level: 1 })).toBeVisible();

  await context.setOffline(true);
  await openForm(page, VERIFICATION);
  await expect(panel.getByText(ATTACHMENTS_OFFLINE)).toBeVisible();
  await expect(panel.getByText(/Loading attachments/)).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Add file' })).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/filler-attachments-offline-375.png' });
  expect(await seriousViolations(page), 'the filler offline').toEqual([]);

  await context.setOffline(false);
  await expect(panel.getByText('Nothing is attached yet.')).toBeVisible();
  await expect(panel.getByText(ATTACHMENTS_OFFLINE)).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Add file' })).toBeVisible();
});

test('a tap on a date question opens a calendar; a picked day is the answer; controls are 44 px', async ({ page, request }) => {
  await skipActivityModal(page);
  await signIn(page, SPARKRIGHT.worker, undefined, '/mesafety');
  await openProject(page, request);

  // The first slide's controls: inputs, the datetime picker and its Now.
  for (const control of [
    page.getByLabel('Job number'),
    page.getByLabel('Job address'),
    page.getByRole('button', { name: 'Date', exact: true }),
    page.getByRole('button', { name: 'Now (Date)' }),
  ]) {
    const s = await size(control);
    expect(s.height, `${await control.evaluate((e) => e.outerHTML.slice(0, 80))}`).toBeGreaterThanOrEqual(44);
  }
  await page.getByLabel('Job number').fill('J-PHONE-1');
  await page.getByLabel('Job address').fill('1 Pocket St, Ballarat');
  // The date-and-time question: its picker in a modal too, a day tapped and the time typed.
  const date = page.getByRole('button', { name: 'Date', exact: true });
  await date.tap();
  const both = page.getByRole('dialog', { name: 'Choose date and time' });
  await expect(both).toBeVisible();
  await expect(both.locator('[data-today]')).toHaveText(String(new Date().getDate()));
  await both.getByRole('button', { name: /^13 / }).first().tap();
  // A phone's own time wheel (typing digit by digit is in e2e/forms.spec.ts).
  await both.getByLabel('Time').fill('07:30');
  expect(await smallControls(page, '[role="dialog"]')).toEqual([]);
  await page.waitForTimeout(400);
  await page.screenshot({ path: 'test-results/screens/filler-datetime-375.png' });
  await both.getByRole('button', { name: 'Done' }).tap();
  await expect(date).toHaveText(/^13\/\d{2}\/\d{4} 07:30 AM$/);
  await page.getByRole('button', { name: 'Next', exact: true }).tap();

  const start = page.getByRole('button', { name: 'Start date', exact: true });
  await expect(start).toBeVisible();
  expect((await size(start)).height).toBeGreaterThanOrEqual(44);
  await start.tap();
  const calendar = page.getByRole('dialog');
  await expect(calendar).toBeVisible();
  await expect(calendar).toHaveAccessibleName('Start date');
  await page.waitForTimeout(400); // the modal's opening transition, for the screenshot
  await page.screenshot({ path: 'test-results/screens/filler-date-calendar-375.png' });
  expect(await seriousViolations(page), 'the calendar in its modal').toEqual([]);
  // Today is marked (the calendar opens on the current month).
  await expect(calendar.locator('[data-today]')).toHaveText(String(new Date().getDate()));
  const day = calendar.getByRole('button', { name: /^14 / }).first();
  const daySize = await size(day);
  expect(daySize.height).toBeGreaterThanOrEqual(44);
  expect(daySize.width).toBeGreaterThanOrEqual(44);
  expect(await smallControls(page, '[role="dialog"]')).toEqual([]);
  await day.tap();
  await expect(calendar).toBeHidden();
  await expect(start).toHaveText(/^14\/\d{2}\/\d{4}$/);

  // Its clear button: inside the field (it covered the field's border), a 44 px target on a phone.
  const clear = page.locator('[data-question-id="start"] .mantine-InputClearButton-root');
  await clear.scrollIntoViewIfNeeded();
  const field = (await start.boundingBox())!;
  const cb = (await clear.boundingBox())!;
  expect(cb.x + cb.width).toBeLessThanOrEqual(field.x + field.width - 1);
  expect(cb.y).toBeGreaterThanOrEqual(field.y + 1);
  expect(cb.y + cb.height).toBeLessThanOrEqual(field.y + field.height - 1);
  expect(await hitSquare(clear)).toBe(true);
  await page.screenshot({ path: 'test-results/screens/filler-date-375.png' });

  // Every control of the slide: 44 px or more (a radio or checkbox row counts, not its mark).
  expect(await smallControls(page)).toEqual([]);

  // A photo, and the markup editor's close button.
  await page.locator('[data-photos-for="start"]').getByRole('button', { name: 'Add photo' }).tap();
  await page
    .locator('[data-photos-for="start"] input[data-photo-input="gallery"]')
    .setInputFiles([{ name: 'site.jpg', mimeType: 'image/jpeg', buffer: await smallJpeg(page) }]);
  const mark = page.getByRole('button', { name: 'Mark up photo 1' });
  await expect(mark).toBeEnabled({ timeout: 15_000 });
  await mark.tap();
  const editor = page.getByRole('dialog', { name: /^Mark up/ });
  await expect(editor).toBeVisible();
  const close = editor.locator('.mantine-Modal-close');
  const closeSize = await size(close);
  expect(closeSize.width).toBeGreaterThanOrEqual(44);
  expect(closeSize.height).toBeGreaterThanOrEqual(44);
  expect(await smallControls(page, '[role="dialog"]')).toEqual([]);
  // The tools (a segmented control: its choices are labels of radios).
  for (const tool of ['Arrow', 'Circle', 'Text'])
    expect((await size(editor.locator('label', { hasText: new RegExp(`^${tool}$`) }))).height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: 'test-results/screens/filler-markup-375.png' });
});

/** A finger anywhere in the 44 px square centred on the control hits it (`up`: how far above the centre, where the field ends sooner). */
function hitSquare(control: Locator, up = 21) {
  return control.evaluate((el, up) => {
    const r = el.getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    return [-21, 0, 21].every((dx) => [-up, 0, 21].every((dy) => el.contains(document.elementFromPoint(x + dx, y + dy))));
  }, up);
}

/** Visible controls under `root` smaller than 44 px either way, described. */
function smallControls(page: Page, root = 'main') {
  return page.evaluate((root) => {
    const found: string[] = [];
    const scope = document.querySelector(root)!;
    for (const el of scope.querySelectorAll<HTMLElement>('button, input, select, textarea, [role="button"], [role="radio"]')) {
      if (el.matches('input[type="radio"], input[type="checkbox"], input[type="file"], input[type="hidden"]')) continue;
      // A clear button is smaller inside its field: its 44 px square is checked by hitSquare.
      if (el.matches('.mantine-InputClearButton-root')) continue;
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
      if (Math.round(r.height) < 44 || Math.round(r.width) < 44)
        found.push(
          `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`,
        );
    }
    return found;
  }, root);
}

/** A small JPEG made by the page's canvas. */
async function smallJpeg(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 640;
    c.height = 480;
    const g = c.getContext('2d')!;
    g.fillStyle = '#8fb8de';
    g.fillRect(0, 0, 640, 480);
    g.fillStyle = '#222';
    g.fillRect(100, 100, 200, 150);
    const url = c.toDataURL('image/jpeg', 0.9);
    return url.slice(url.indexOf(',') + 1);
  });
  return Buffer.from(b64, 'base64');
}

test('a choice list’s options are 44 px rows; its clear button stays inside the field', async ({ page }) => {
  await skipActivityModal(page);
  await signIn(page, SPARKRIGHT.worker, undefined, '/mesafety');
  await openForm(page, VERIFICATION);
  const supervisor = page.getByRole('combobox', { name: 'Supervisor' });
  await supervisor.scrollIntoViewIfNeeded();
  await supervisor.tap();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const heights = await options.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
  expect(heights.length).toBeGreaterThan(1);
  for (const h of heights) expect(h).toBeGreaterThanOrEqual(44);
  await page.waitForTimeout(300);
  await page.screenshot({ path: 'test-results/screens/filler-select-options-375.png' });
  await options.first().tap();
  const clear = page.locator('[data-question-id="supervisor"] .mantine-InputClearButton-root');
  await expect(clear).toBeVisible();
  // A multiple choice: the field is the box of chosen names around the search input.
  const field = (await page.locator('[data-question-id="supervisor"] .mantine-MultiSelect-input').boundingBox())!;
  const cb = (await clear.boundingBox())!;
  expect(cb.x + cb.width).toBeLessThanOrEqual(field.x + field.width - 1);
  expect(cb.y).toBeGreaterThanOrEqual(field.y + 1);
  expect(cb.y + cb.height).toBeLessThanOrEqual(field.y + field.height - 1);
  expect(await hitSquare(clear)).toBe(true);
  // A chosen name's remove keeps its look, with a 44 px square around it (the theme's Pill),
  // cut only by the field's own edge (the pill sits 8 px inside the field's top).
  const remove = page.locator('[data-question-id="supervisor"] .mantine-Pill-remove').first();
  expect((await size(remove)).height).toBeLessThan(44);
  expect(await hitSquare(remove, 18)).toBe(true);
  await page.screenshot({ path: 'test-results/screens/filler-pill-375.png' });
  await remove.tap();
  await expect(page.locator('[data-question-id="supervisor"] .mantine-Pill-root')).toHaveCount(0);
});

test('the Forms Builder on a phone: Make inactive on an assigned form asks first, with 44 px buttons', async ({ page }) => {
  await signIn(page, 'admin@hub.example', undefined, '/admin/forms');
  await page.getByRole('button', { name: 'Actions for Incident Report' }).tap();
  await page.getByRole('menuitem', { name: 'Make inactive' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Make Incident Report inactive?' });
  await expect(dialog).toContainText('Incident Report is assigned to 2 organisations (Sparkright Electrical and Voltline Services).');
  await page.waitForTimeout(400);
  await page.screenshot({ path: 'test-results/screens/forms-builder-make-inactive-375.png' });
  expect(await smallControls(page, '[role="dialog"]')).toEqual([]);
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  await dialog.getByRole('button', { name: 'Cancel' }).tap();
  await expect(dialog).toBeHidden();
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  /** The calendar in the open dialog fits across the screen: every day and both arrows. */
  async function calendarFits(dialog: Locator) {
    await expect(dialog.getByRole('button', { name: 'Next month' })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Previous month' })).toBeInViewport({ ratio: 1 });
    const days = await dialog.locator('tbody button').evaluateAll((els) =>
      els
        .map((e) => {
          const r = e.getBoundingClientRect();
          return { day: e.textContent, left: Math.round(r.left), right: Math.round(r.right), height: Math.round(r.height) };
        })
        .filter((d) => d.right > d.left),
    );
    expect(days.length).toBeGreaterThanOrEqual(28);
    for (const d of days) {
      expect(d.left, `day ${d.day}`).toBeGreaterThanOrEqual(0);
      expect(d.right, `day ${d.day}`).toBeLessThanOrEqual(320);
      expect(d.height, `day ${d.day}`).toBeGreaterThanOrEqual(44);
    }
  }

  test('the calendars show all seven days and both arrows; a date and time stays on one line', async ({ page, request }) => {
    await skipActivityModal(page);
    await signIn(page, SPARKRIGHT.worker, undefined, '/mesafety');
    await openProject(page, request);
    await page.getByLabel('Job number').fill('J-320-1');
    await page.getByLabel('Job address').fill('2 Narrow Lane, Ballarat');
    const date = page.getByRole('button', { name: 'Date', exact: true });
    await date.tap();
    const both = page.getByRole('dialog', { name: 'Choose date and time' });
    await expect(both).toBeVisible();
    await page.waitForTimeout(400);
    await calendarFits(both);
    await page.screenshot({ path: 'test-results/screens/filler-datetime-320.png' });
    await both.getByRole('button', { name: /^13 / }).first().tap();
    await both.getByLabel('Time').fill('07:30');
    await both.getByRole('button', { name: 'Done' }).tap();
    await expect(date).toHaveText(/^13\/\d{2}\/\d{4} 07:30 AM$/);
    // One line: the answer does not break before AM (the field stays 44 px tall), and Now stays 44 px.
    expect((await size(date)).height).toBe(44);
    expect((await size(page.getByRole('button', { name: 'Now (Date)' }))).height).toBeGreaterThanOrEqual(44);
    expect(await pageWidth(page)).toBeLessThanOrEqual(320);
    await page.screenshot({ path: 'test-results/screens/filler-datetime-value-320.png' });
    await page.getByRole('button', { name: 'Next', exact: true }).tap();

    const start = page.getByRole('button', { name: 'Start date', exact: true });
    await start.tap();
    const calendar = page.getByRole('dialog', { name: 'Start date' });
    await expect(calendar).toBeVisible();
    await page.waitForTimeout(400);
    await calendarFits(calendar);
    await page.screenshot({ path: 'test-results/screens/filler-date-calendar-320.png' });
    // A Sunday (the last column) can be picked.
    const sunday = calendar.getByRole('row').nth(2).getByRole('cell').last().getByRole('button');
    const day = (await sunday.textContent())!.trim();
    await sunday.tap();
    await expect(start).toHaveText(new RegExp(`^${day.padStart(2, '0')}/\\d{2}/\\d{4}$`));
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false });

  test('the date question keeps its dropdown and Mantine’s compact sizes', async ({ page, request }) => {
    await skipActivityModal(page);
    await signIn(page, SPARKRIGHT.worker, undefined, '/mesafety');
    await openProject(page, request);
    await page.getByLabel('Job number').fill('J-DESK-1');
    await page.getByLabel('Job address').fill('1 Wide St, Ballarat');
    await page.getByRole('button', { name: 'Now (Date)' }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const start = page.getByRole('button', { name: 'Start date', exact: true });
    await start.click();
    // A popover beside the field, not a modal over the page.
    await expect(page.locator('.mantine-DatePickerInput-dropdown, .mantine-Popover-dropdown').first()).toBeVisible();
    await expect(page.locator('[data-dates-modal]')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/filler-date-calendar-1440.png' });
    await page.getByRole('button', { name: /^14 / }).first().click();
    await expect(start).toHaveText(/^14\/\d{2}\/\d{4}$/);
    const clear = page.locator('[data-question-id="start"] .mantine-InputClearButton-root');
    expect((await clear.boundingBox())!.width).toBeLessThan(44);
    await page.screenshot({ path: 'test-results/screens/filler-date-1440.png' });
  });
});
