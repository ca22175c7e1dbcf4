import { expect, test, type Page } from '@playwright/test';
import { signIn, skipActivityModal } from './helpers';

/**
 * The heart of the product on a phone: a SafetyWorker fills in a risk assessment with a
 * drawing and a risk matrix, saves a draft, resumes it and submits; a SafetyManager
 * reviews it and exports it as PDF.
 */
test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

async function openRiskAssessment(page: Page) {
  await page.getByRole('button', { name: 'Create Job Safety Risk Assessment' }).click();
}

test('a worker fills a risk assessment on a phone: draft, resume, submit; a manager reviews it', async ({ page, browser }) => {
  await skipActivityModal(page);
  await signIn(page, 'safetyworker@sparkright.example', undefined, '/mesafety');
  await expect(page.getByRole('heading', { name: 'Safety', level: 1 })).toBeVisible();
  await openRiskAssessment(page);
  await expect(page.getByRole('heading', { name: 'Job Safety Risk Assessment' })).toBeVisible();

  // Next is refused until the slide validates.
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.getByLabel('Job number').fill('J-1001');
  await page.getByLabel('Job address').fill('12 Main St, Springfield');
  // The datetime picker: a day from the calendar, then a time typed digit by digit.
  const date = page.getByRole('button', { name: 'Date', exact: true });
  await date.click();
  const picker = page.getByRole('dialog', { name: 'Choose date and time' });
  await picker.getByRole('button', { name: /^13 / }).first().click();
  await picker.getByLabel('Time').focus();
  await page.keyboard.type('1430');
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(date).toHaveText(/^13\/\d{2}\/\d{4} 02:30 PM$/);
  const dateText = await date.textContent();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Slide 2: a show condition, the risk matrix and a drawing.
  await expect(page.getByRole('heading', { name: 'Hazards and controls' })).toBeVisible();
  await page.getByLabel('Task or activity').fill('Replace switchboard in plant room');
  await expect(page.getByLabel('Fall protection used')).toHaveCount(0);
  await page.getByLabel('The work is done at heights').check();
  await page.getByLabel('Fall protection used').fill('Harness and anchor point');
  await page
    .getByRole('button', { name: /^Likelihood Likely, consequence Major: risk score 16/ })
    .first()
    .click();
  await expect(page.getByText(/Risk score 16/).first()).toBeVisible();
  await expect(page.getByText('Catastrophic').first()).toBeVisible();
  await page.getByLabel('Control measures').fill('Isolate, lock out, test before touch');
  const canvas = page.getByLabel('Sketch of the work area: drawing area');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 30);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 90, { steps: 8 });
  await page.mouse.move(box.x + 200, box.y + 40, { steps: 8 });
  await page.mouse.up();
  await page.screenshot({ path: 'test-results/screens/filler-phone.png', fullPage: true });

  // Browser Back with unsaved answers: the incomplete-form modal asks; saving goes on back.
  await page.goBack();
  const incomplete = page.getByRole('dialog', { name: 'This form is incomplete' });
  await expect(incomplete).toBeVisible();
  await expect(page).toHaveURL(/\/safety-form\//);
  await incomplete.getByRole('button', { name: 'Save progress as draft' }).click();
  await expect(page.getByText('The draft has been submitted successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/mesafety$/);
  const tile = page.getByRole('region', { name: 'Risk Assessment' });
  await expect(tile.getByText('DRAFT')).toBeVisible();

  // Resume: the prompt, then the answers come back.
  await openRiskAssessment(page);
  await expect(page.getByText('A draft of this form already exists')).toBeVisible();
  await page.getByRole('button', { name: 'Continue editing' }).click();
  await expect(page.getByLabel('Job number')).toHaveValue('J-1001');
  await expect(page.getByRole('button', { name: 'Date', exact: true })).toHaveText(dateText!);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByLabel('Task or activity')).toHaveValue('Replace switchboard in plant room');
  await expect(page.getByLabel('Fall protection used')).toHaveValue('Harness and anchor point');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The form has been submitted successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);

  // The draft is gone: Create starts straight away.
  await page.goto('/mesafety');
  await expect(page.getByRole('region', { name: 'Risk Assessment' }).getByText('DRAFT')).toHaveCount(0);

  // A SafetyManager of the organisation reviews it on a desktop.
  // The demo has risk assessments of its own: this one is job J-1001.
  const manager = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await skipActivityModal(manager);
  await signIn(manager, 'safetymanager@sparkright.example', undefined, '/user-submissions/RISK_ASSESSMENT');
  await expect(manager.getByRole('heading', { name: 'View Submissions' })).toBeVisible();
  const row = manager.getByRole('row', { name: /J-1001/ });
  await expect(row).toContainText('Not reviewed');
  await row.getByRole('link', { name: 'Review' }).click();
  await expect(manager.getByText('Edit Job Safety Risk Assessment')).toBeVisible();
  // A review opens on the review slide.
  await expect(manager.getByRole('navigation', { name: 'Form steps' }).locator('[aria-current="step"]')).toContainText('Review');
  await manager.getByLabel('CI Improvement Opportunity').check();
  await manager.getByRole('button', { name: 'Save review' }).click();
  await expect(manager.getByText('This field is required')).toBeVisible();
  await manager.getByLabel('Comments').fill('Add a second spotter for the plant room.');
  await manager.getByRole('button', { name: 'Save review' }).click();
  await expect(manager.getByText('Successfully edited Form Submission')).toBeVisible();
  await expect(manager).toHaveURL(/\/user-submissions\/RISK_ASSESSMENT\/view\//);

  const download = manager.waitForEvent('download');
  await manager.getByRole('button', { name: 'Export PDF' }).click();
  expect((await download).suggestedFilename()).toBe('Form Submission.pdf');

  await manager.goto('/user-submissions/RISK_ASSESSMENT');
  await expect(row).toContainText('Reviewed');
  await expect(row).not.toContainText('Not reviewed');
  await manager.close();
});

test('another organisation does not see the submission', async ({ page }) => {
  await skipActivityModal(page);
  await signIn(page, 'safetymanager@voltline.example', undefined, '/user-submissions/all');
  await expect(page.getByRole('heading', { name: 'View Submissions' })).toBeVisible();
  // Voltline's own demo submissions are there; none of Sparkright's.
  const cards = page.getByRole('list', { name: 'Submissions' }).getByRole('listitem');
  await expect(cards.filter({ hasText: 'Victor Ng' }).first()).toBeVisible();
  await expect(cards.filter({ hasText: /J-1001|Wes Walker|Will Woods|Sam Safety|Sparkright/ })).toHaveCount(0);
  await page.getByRole('searchbox').fill('J-1001');
  await expect(page.getByText('No results found')).toBeVisible();
});

test('a worker sees the submission read-only, with the review but no way to change it', async ({ page }) => {
  await skipActivityModal(page);
  await signIn(page, 'safetyworker@sparkright.example', undefined, '/user-submissions/all');
  // On a phone the submissions are cards.
  const card = page.getByRole('list', { name: 'Submissions' }).getByRole('listitem').filter({ hasText: 'J-1001' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'Review' })).toHaveCount(0);
  await card.getByRole('link', { name: 'View', exact: true }).click();
  await expect(page.getByText('View Job Safety Risk Assessment')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save review' })).toHaveCount(0);
});

test('an administrator exports the selected submissions as a zip of PDFs', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@hub.example', undefined, '/admin/formsubmissionsentity');
  await page.getByLabel('Select all on this page').check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Form Submissions.zip');
  const zip = await file.path().then((p) => import('node:fs').then((fs) => fs.readFileSync(p)));
  expect(zip.subarray(0, 2).toString()).toBe('PK');
});
