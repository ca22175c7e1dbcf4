import { expect, test, type Page } from '@playwright/test';
import { pageWidth, seriousViolations, signIn, skipActivityModal, SPARKRIGHT } from './helpers';

/**
 * Corrective actions (issue 15): a worker fills a risk assessment with a High risk, raises an
 * action assigned to a colleague and submits; the safety manager sees it under Open; the
 * assignee closes it with a comment and a photo and it moves to Closed. Accessible at 1440 and
 * 375 px.
 */
const DESCRIPTION = 'Fit a second isolation lock to the plant room board before anyone works on it';
// The smallest real PNG: the closing photo.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

async function as(page: Page, email: string, path: string) {
  await skipActivityModal(page);
  await signIn(page, email, undefined, path);
}

test('a High risk raises an action; the manager sees it open; the assignee closes it with a comment and a photo', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await as(page, SPARKRIGHT.safetyWorker, '/mesafety');
  await page.getByRole('button', { name: 'Create Job Safety Risk Assessment' }).click();
  await page.getByLabel('Job number').fill('J-7001');
  await page.getByLabel('Job address').fill('3 Plant Room Lane, Richmond VIC 3121');
  const date = page.getByRole('button', { name: 'Date', exact: true });
  await date.click();
  const picker = page.getByRole('dialog', { name: 'Choose date and time' });
  await picker.getByRole('button', { name: /^13 / }).first().click();
  await picker.getByLabel('Time').focus();
  await page.keyboard.type('0900');
  await picker.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await page.getByLabel('Task or activity').fill('Replace the plant room switchboard');
  // A passing risk offers nothing; a High one (Likely x Major = 16) offers the action.
  await page
    .getByRole('button', { name: /^Likelihood Rare, consequence Minor: risk score 2/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Raise corrective action' })).toHaveCount(0);
  await page
    .getByRole('button', { name: /^Likelihood Likely, consequence Major: risk score 16/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Raise corrective action' }).click();
  const panel = page.getByRole('group', { name: 'Corrective action' });
  await expect(panel.getByLabel('Description')).toHaveValue('Risk before controls: Catastrophic (16)');
  await panel.getByLabel('Description').fill(DESCRIPTION);
  await panel.getByRole('combobox', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: 'Will Woods' }).click();
  await expect(panel.getByRole('combobox', { name: 'Priority' })).toHaveValue('High');
  await page.getByLabel('Control measures').fill('Isolate, lock out, test before touch');
  const canvas = page.getByLabel('Sketch of the work area: drawing area');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 30);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 90, { steps: 8 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The form has been submitted successfully.')).toBeVisible();
  await expect(page.getByText('Successfully raised corrective action')).toBeVisible();

  // The safety manager: under Open, with its form, assignee, priority and due date.
  const managerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const manager = await managerContext.newPage();
  await as(manager, SPARKRIGHT.safetyManager, '/corrective-actions');
  await expect(manager.getByRole('heading', { name: 'Corrective Actions', level: 1 })).toBeVisible();
  const row = manager.getByRole('row', { name: new RegExp(DESCRIPTION) });
  await expect(row).toContainText('Job Safety Risk Assessment');
  await expect(row).toContainText('Will Woods');
  await expect(row).toContainText('High');
  await expect(manager.getByRole('tab', { name: /^Open \(\d+\)$/ })).toBeVisible();
  expect(await seriousViolations(manager), 'list at 1440 px').toEqual([]);
  await manager.setViewportSize({ width: 375, height: 800 });
  await expect(manager.getByRole('link', { name: DESCRIPTION }).first()).toBeVisible();
  expect(await pageWidth(manager)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(manager), 'list at 375 px').toEqual([]);

  // The assignee (a Worker) finds it in My Business and closes it on a phone.
  const workerContext = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true });
  const worker = await workerContext.newPage();
  await as(worker, SPARKRIGHT.worker, '/corrective-actions');
  await worker.getByRole('link', { name: DESCRIPTION }).first().click();
  await expect(worker.getByRole('heading', { name: DESCRIPTION })).toBeVisible();
  // An assignee closes; only managers change the action.
  await expect(worker.getByRole('heading', { name: 'Change action' })).toHaveCount(0);
  expect(await seriousViolations(worker), 'action page at 375 px').toEqual([]);
  await worker.getByRole('button', { name: 'Close action' }).click();
  await expect(worker.getByText('A comment is required to close an action')).toBeVisible();
  await worker.getByLabel('Closing comment').fill('Second lock fitted and tagged; isolation log updated.');
  await worker.locator('input[type="file"]').setInputFiles({ name: 'lock.png', mimeType: 'image/png', buffer: PNG });
  await worker.getByRole('button', { name: 'Close action' }).click();
  await expect(worker.getByText('Successfully closed action')).toBeVisible();
  await expect(worker.getByText('Second lock fitted and tagged; isolation log updated.')).toBeVisible();
  await expect(worker.getByRole('img', { name: /Photo closing the action/ })).toBeVisible();

  // It moved to Closed.
  await manager.setViewportSize({ width: 1440, height: 900 });
  await manager.goto('/corrective-actions?tab=closed');
  await expect(manager.getByRole('row', { name: new RegExp(DESCRIPTION) })).toContainText('Closed');
  await manager.goto('/corrective-actions?tab=open');
  await expect(manager.getByRole('heading', { name: 'Corrective Actions', level: 1 })).toBeVisible();
  await expect(manager.getByRole('row', { name: new RegExp(DESCRIPTION) })).toHaveCount(0);
  await managerContext.close();
  await workerContext.close();
});
