import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSignIn, pageWidth, seriousViolations, skipActivityModal, SPARKRIGHT } from './helpers';

/**
 * Due-date markers (ui/DueDate) on the demo's records, at desktop and phone width with axe: the
 * 'Test and tag kit' inspected 40 days ago monthly is Overdue, the harness is due for inspection
 * today, the ladder's service in 5 days and the van's registration in 28; the worker's 'First
 * aid certificate' (renewal 31/05/2024) is Overdue, 'Working at heights' renews in 20 days, the
 * pending 'Confined space entry' is not marked. The demo's days are the reminder zone's
 * (Australia/Sydney, server/src/seed/in-use.ts), so the browser's calendar is Sydney's too.
 */
test.use({ timezoneId: 'Australia/Sydney' });

const SIZES = [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 320, height: 720 }],
] as const;

async function checked(page: Page, name: string, label: string) {
  await page.waitForLoadState('networkidle');
  expect.soft(await seriousViolations(page), `${name} at ${label}`).toEqual([]);
  if (label === 'phone') expect(await pageWidth(page), `${name} scrolls sideways`).toBeLessThanOrEqual(320);
  await page.screenshot({ path: `test-results/screens/due-${name}-${label}.png`, fullPage: true });
}

test('assets and licences mark what is overdue, due today and due soon, in words', async ({ page, context }) => {
  test.setTimeout(120_000);
  await skipActivityModal(page);
  await apiSignIn(context, SPARKRIGHT.safetyManager);
  let userPath = '';
  let licencePath = '';
  let harnessPath = '';
  for (const [label, size] of SIZES) {
    await page.setViewportSize(size);
    const phone = label === 'phone';
    const item = (name: string): Locator =>
      phone ? page.getByRole('listitem').filter({ hasText: name }) : page.getByRole('row').filter({ hasText: name });

    await page.goto('/assets?tab=in-service');
    await expect(item('Test and tag kit')).toContainText(/\d\d\/\d\d\/\d{4}\s*Overdue/);
    await expect(item('Full body harness')).toContainText(/\d\d\/\d\d\/\d{4}\s*Due today/);
    await expect(item('Fibreglass step ladder')).toContainText('Due in 5 days');
    await expect(item('Service van')).toContainText('Due in 28 days');
    // Far dates stay plain.
    await expect(item('Multifunction installation tester')).not.toContainText(/Overdue|Due /);
    await checked(page, 'assets', label);

    if (!harnessPath) {
      await page.getByRole('link', { name: 'Full body harness' }).first().click();
      await expect(page).toHaveURL(/\/assets\/view\//);
      harnessPath = new URL(page.url()).pathname;
    } else await page.goto(harnessPath);
    await expect(page.getByText('Next Inspection', { exact: true }).locator('..')).toContainText('Due today');
    await checked(page, 'asset-view', label);

    if (!userPath) {
      await page.goto('/users?tab=active');
      await page.getByRole('row').filter({ hasText: SPARKRIGHT.safetyWorker }).getByRole('link').first().click();
      await expect(page).toHaveURL(/\/users\/view\//);
      userPath = new URL(page.url()).pathname;
    } else await page.goto(userPath);
    const licences = page.getByRole('region', { name: 'Licences and competencies' });
    const licence = (name: string) =>
      phone ? licences.getByRole('article', { name }) : licences.getByRole('row').filter({ hasText: name });
    await expect(licence('First aid certificate')).toContainText('31/05/2024 Overdue');
    await expect(licence('Working at heights')).toContainText('Due in 20 days');
    await expect(licence('Confined space entry')).toContainText('Pending');
    await expect(licence('Confined space entry')).not.toContainText(/Overdue|Due /);
    await checked(page, 'user-licences', label);

    if (!licencePath) {
      await licences.getByRole('link', { name: 'View Working at heights' }).click();
      await expect(page).toHaveURL(/\/licences\/view\//);
      licencePath = new URL(page.url()).pathname;
    } else await page.goto(licencePath);
    await expect(page.getByText('Renewal Date', { exact: true }).locator('..')).toContainText('Due in 20 days');
    await checked(page, 'licence-view', label);
  }
});
