import { expect, test } from '@playwright/test';
import { pageWidth, seriousViolations, signIn, skipActivityModal, SPARKRIGHT } from './helpers';

/**
 * Scheduled work in the browser: an administrator opens the jobs page from the sidebar's
 * Hangfire link, sees the reminder job's start-up run and its next run, runs it now and sees
 * the new run; a member sees the reminders it wrote in Recent Activity and opens a record.
 */
test.describe('jobs and reminders', () => {
  test('an administrator sees the reminder job’s runs, runs it now and sees the new run', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
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
    await expect(manual).toContainText(/No reminders were due on \d{2}\/\d{2}\/\d{4} \(Australia\/Sydney\)/);
    await expect(runs.getByRole('row')).toHaveCount(3); // header, start-up, run now
    // The run's mail, if any, and the outbox are current without a reload; no badge is cut short.
    await expect(page.getByRole('table', { name: 'Mail outbox' })).toBeVisible();
    const cut = (root: typeof runs) =>
      root
        .locator('.mantine-Badge-label')
        .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent));
    expect(await cut(runs)).toEqual([]);

    // A phone: each run and each mail a card, nothing wider than the screen, no sideways scroller.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(reminders.getByRole('button', { name: 'Run now' })).toBeVisible();
    // The sidebar slides away first.
    await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(375);
    for (const table of [runs, page.getByRole('table', { name: 'Mail outbox' })]) {
      const box = (await table.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await manual.getByText('Succeeded').scrollIntoViewIfNeeded();
    const badge = (await manual.getByText('Succeeded').boundingBox())!;
    expect(badge.x + badge.width).toBeLessThanOrEqual(375);
    expect(await cut(runs)).toEqual([]);
    expect(await seriousViolations(page), 'the jobs page on a phone').toEqual([]);
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
