import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test.describe('back-office tools', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the dashboard shows the tool cards and the server address', async ({ page }) => {
    await signIn(page, 'admin@hub.example', undefined, '/admin');
    await expect(page.getByRole('heading', { name: 'Back-office' })).toBeVisible();
    for (const card of ['Query explorer', 'API documentation', 'Integration API documentation', 'Source repository', 'Learning'])
      await expect(page.getByText(card, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open integration API documentation' })).toHaveAttribute(
      'href',
      '/api/integration-swagger',
    );
    await expect(page.getByText(/^bot version \d+\.\d+\.\d+\.\d+ · Safety Hub \d+\.\d+\.\d+$/)).toBeVisible();
    const nav = page.getByRole('navigation');
    await nav.getByText('Utilities').click();
    for (const link of [
      'All Users',
      'Mehub Accounts',
      'Mehub Admins',
      'MEA Documents',
      'News',
      'Guidance Notes',
      'Forms Builder',
      'Form Submissions',
      'Templates',
      'Style Guide',
      'GraphiQL',
      'Hangfire',
      'OpenAPI',
    ])
      await expect(nav.getByRole('link', { name: link, exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/admin-dashboard.png', fullPage: true });
  });

  test('the style guide shows the theme with real components and toasts', async ({ page }) => {
    await signIn(page, 'admin@hub.example', undefined, '/admin/styleguide');
    await expect(page.getByRole('heading', { name: 'Style Guide' })).toBeVisible();
    for (const section of ['Colours', 'Typography', 'Buttons', 'Inputs', 'Toasts and alerts', 'Badges and loading'])
      await expect(page.getByRole('heading', { name: section })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/admin-styleguide.png', fullPage: true });
    for (const level of ['info', 'warning', 'error']) await page.getByRole('button', { name: `Show ${level} toast` }).click();
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(3);
  });

  test('the jobs page lists the scheduled jobs and the outbox', async ({ page }) => {
    await signIn(page, 'admin@hub.example', undefined, '/admin');
    await page.getByRole('navigation').getByText('Utilities').click();
    await page.getByRole('link', { name: 'Hangfire' }).click();
    await expect(page).toHaveURL(/\/admin\/jobs$/);
    // No feed is configured here: the membership sync is listed as off, with the settings to set.
    const sync = page.getByRole('region', { name: 'Membership sync' });
    await expect(sync.getByText(/This job cannot run: No membership feed is configured: set MEMBERSHIP_FEED_URL/)).toBeVisible();
    await expect(sync.getByRole('button', { name: 'Run now' })).toBeDisabled();
    await page.screenshot({ path: 'test-results/screens/admin-jobs.png', fullPage: true });
    await expect(page.getByRole('columnheader', { name: 'Subject' })).toBeVisible();
  });

  test('the integration API has its own OpenAPI page', async ({ page }) => {
    await page.goto('/api/integration-swagger/json');
    expect(await page.locator('body').innerText()).toContain('Safety Hub integration API');
    const ui = await page.request.get('/api/integration-swagger/');
    expect(ui.status()).toBe(200);
  });

  test('a list page at 1440 px', async ({ page }) => {
    await signIn(page, 'admin@hub.example', undefined, '/admin/assetentity');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.screenshot({ path: 'test-results/screens/admin-list-1440.png', fullPage: true });
  });
});
