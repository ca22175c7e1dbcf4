import { expect, test } from '@playwright/test';
import { pageWidth, seriousViolations, signIn, skipActivityModal, SPARKRIGHT } from './helpers';

/**
 * Scheduled work in the browser: an administrator opens the jobs page from the sidebar's
 * Hangfire link, sees the reminder job's start-up run and its next run, runs it now and sees
 * the new run; a member sees the reminders it wrote in Recent Activity and opens a record.
 */
test.describe('jobs and reminders', () => {
  test('an administrator sees the reminder job’s runs, runs it now and sees the new run', async ({ page }) => {
    await signIn(page, 'admin@hub.example', undefined, '/admin');
    await page.getByRole('navigation').getByText('Utilities').click();
    await page.getByRole('link', { name: 'Hangfire' }).click();
    await expect(page).toHaveURL(/\/admin\/jobs$/);
    const reminders = page.getByRole('region', { name: 'Reminders' });
    // The start-up run wrote the demo's reminders.
    await expect(reminders.getByText('At 19:00 (UTC)')).toBeVisible();
    const runs = reminders.getByRole('table', { name: 'Recent runs of Reminders' });
    await expect(runs.getByRole('row').filter({ hasText: 'At start-up' })).toHaveCount(1);
    await expect(runs.getByRole('row').filter({ hasText: 'At start-up' })).toContainText(/Sent \d+ reminders to \d+ people for/);
    await expect(reminders.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)$/).first()).toBeVisible(); // next run
    await expect(reminders.getByText('Succeeded').first()).toBeVisible();
    expect(await seriousViolations(page), 'the jobs page').toEqual([]);
    await page.screenshot({ path: 'test-results/screens/jobs-desktop.png', fullPage: true });

    await reminders.getByRole('button', { name: 'Run now' }).click();
    await expect(page.getByText('Reminders started')).toBeVisible();
    // The new run: asked for by the administrator; nothing new was due since start-up.
    const manual = runs.getByRole('row').filter({ hasText: 'Run now by admin@hub.example' });
    await expect(manual).toHaveCount(1);
    await expect(manual).toContainText('Succeeded');
    await expect(manual).toContainText(/No reminders were due on \d{4}-\d{2}-\d{2}/);
    await expect(runs.getByRole('row')).toHaveCount(3); // header, start-up, run now

    // A phone: one column, nothing wider than the screen but the runs table's own scroller.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(reminders.getByRole('button', { name: 'Run now' })).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: 'test-results/screens/jobs-phone.png', fullPage: true });
  });

  test('a member sees reminders in Recent Activity and opens the record', async ({ page }) => {
    await skipActivityModal(page);
    await signIn(page, SPARKRIGHT.safetyWorker);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/activity');
    await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
    const licence = page.getByRole('listitem').filter({ hasText: /^Licence 'Working at heights' of .+ is due for renewal on/ });
    await expect(licence).toHaveCount(1);
    await expect(licence.getByText('Low priority')).toBeVisible();
    const harness = page.getByRole('listitem').filter({ hasText: /Asset 'Full body harness' is due for inspection on/ });
    await expect(harness.getByText('High priority')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/activity-reminders.png', fullPage: true });
    await harness.getByRole('button', { name: /^View Asset 'Full body harness'/ }).click();
    await expect(page).toHaveURL(/\/assets\/view\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Full body harness').first()).toBeVisible();
  });
});
