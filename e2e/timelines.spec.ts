import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminGraphql, apiSignIn, SPARKRIGHT, skipActivityModal } from './helpers';

/**
 * Timelines (issue 13): an administrator's graph (zoom, pan, Today, Reset, a group, an item's
 * card) and list (filter, Quick Jump, infinite scroll, Back to top); the 900 px rule; a
 * manager's view of a user's timeline from /users with a Form Reviewed event's View button.
 */

const windowText = (page: Page) => page.getByTestId('timeline-window').innerText();
const events = (page: Page) => page.getByTestId('timeline-event');

/** Scrolls the list to its end until `until` shows or no more events come. */
async function scrollUntil(page: Page, until: Locator, rounds = 20) {
  for (let i = 0; i < rounds && !(await until.count()); i++) {
    const before = await events(page).count();
    await page.getByTestId('timeline-list').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => events(page).count(), { timeout: 5000 }).toBeGreaterThanOrEqual(before);
    await page.waitForTimeout(300);
  }
}

test('an administrator uses the timeline graph and list', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 1000 });
  await apiSignIn(page.context(), 'admin@hub.example');
  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Timelines' }).click();
  await expect(page).toHaveURL(/\/admin\/timelines\/graph$/);
  await expect(page.getByRole('heading', { name: 'Timelines', level: 1 })).toBeVisible();
  const graph = page.getByTestId('timeline-graph');
  await expect(graph).toBeVisible();

  // The default window: one month (the demo's history is 60 days long), labelled MM/YYYY.
  const initial = await windowText(page);
  await expect(page.getByTestId('timeline-label')).toHaveCount(6);
  expect(initial).toMatch(/^\d{2}\/\d{4} – \d{2}\/\d{4}$/);

  // Zoom in: half the month, labelled DD/MM/YYYY; zoom out again.
  await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
  await expect.poll(() => windowText(page)).toMatch(/^\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}$/);
  await page.getByRole('button', { name: 'Zoom out', exact: true }).click();
  await expect.poll(() => windowText(page)).toBe(initial);
  // Pan one window back and forward again.
  await page.getByRole('button', { name: 'Earlier', exact: true }).click();
  await expect.poll(() => windowText(page)).not.toBe(initial);
  await page.getByRole('button', { name: 'Later', exact: true }).click();
  await expect.poll(() => windowText(page)).toBe(initial);
  // Today: the current day, labelled with hours.
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect.poll(() => windowText(page)).toMatch(/^\d{2}\/\d{2}\/\d{4} 00:00 – \d{2}\/\d{2}\/\d{4} 00:00$/);
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect.poll(() => windowText(page)).toBe(initial);

  // An item toggles its card (the 2 latest events, HH:mm DD/MM/YY); a group zooms to its range.
  const item = page.getByTestId('timeline-item').first();
  await expect(item).toBeVisible();
  await item.click();
  const card = page.getByTestId('timeline-card');
  await expect(card).toBeVisible();
  await expect(card.getByText(/^\d{2}:\d{2} \d{2}\/\d{2}\/\d{2}$/).first()).toBeVisible();
  await item.click();
  await expect(card).toHaveCount(0);
  const group = page.getByTestId('timeline-group').first();
  if (await group.count()) {
    await group.click();
    await expect.poll(() => windowText(page)).not.toBe(initial);
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
  }

  // The list: day groups, 10 at a time.
  await page.locator('label', { hasText: /^List$/ }).click();
  await expect(page).toHaveURL(/\/admin\/timelines\/list$/);
  await expect(events(page)).toHaveCount(10);
  await expect(page.getByRole('heading', { name: 'Today', level: 3 })).toBeVisible();
  await expect(
    events(page)
      .first()
      .getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M$/),
  ).toBeVisible();

  // Infinite scroll downwards loads the next 10.
  await page.getByTestId('timeline-list').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect.poll(() => events(page).count()).toBeGreaterThanOrEqual(20);

  // Filter: action type Updated, applied; Clear shows all again.
  await page.getByRole('combobox', { name: 'Action types' }).click({ force: true });
  await page.getByRole('option', { name: 'Updated' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect
    .poll(async () => [...new Set(await page.getByTestId('timeline-event').locator('.mantine-Badge-label').allInnerTexts())])
    .toEqual(['UPDATED']);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect
    .poll(async () => (await page.getByTestId('timeline-event').locator('.mantine-Badge-label').allInnerTexts()).includes('CREATED'))
    .toBe(true);
  // Search from two characters, after a pause.
  await page.getByRole('textbox', { name: 'Search' }).fill('Licence');
  await expect.poll(async () => (await events(page).allInnerTexts()).every((t) => /licence/i.test(t))).toBe(true);
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  // The cleared search reloads the list after its pause: wait for it, or it would land after the jump below and undo it.
  await expect.poll(async () => (await events(page).allInnerTexts()).some((t) => !/licence/i.test(t))).toBe(true);

  // Quick Jump to the oldest month: the list starts in it; Back to top returns to today.
  await page.getByRole('combobox', { name: 'Month', exact: true }).click();
  const months = page.getByRole('option');
  await expect(months.first()).toBeVisible();
  const oldest = (await months.allInnerTexts()).pop()!;
  expect(oldest).toMatch(/^\d{2}\/\d{4}$/);
  await months.filter({ hasText: oldest }).click();
  await expect(
    page.getByRole('heading', { level: 3, name: new RegExp(`^\\d{2}/${oldest.replace('/', '\\/')}$`) }).first(),
  ).toBeInViewport();
  await page.getByRole('button', { name: 'Back to top' }).click();
  await expect(page.getByRole('heading', { name: 'Today', level: 3 })).toBeVisible();
  await expect(page.getByTestId('timeline-list')).toHaveJSProperty('scrollTop', 0);
});

test('below 900 px the timelines show the list and say why', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await apiSignIn(page.context(), 'admin@hub.example');
  await page.goto('/admin/timelines');
  await expect(page.getByText('View timelines graph view on screens larger than 900px.')).toBeVisible();
  await expect(page.getByTestId('timeline-graph')).toHaveCount(0);
  await expect(events(page).first()).toBeVisible();
});

test("a manager opens a user's timeline from /users and views a reviewed form", async ({ browser, request }) => {
  test.slow();
  // Whose timeline holds a Form Reviewed event (the demo's reviews), other than the reviewer's.
  const found = await adminGraphql<{ r: { entity: { id: string; email: string; firstname: string; surname: string } }[] }>(
    request,
    `{ r: mehubAccountTimelineEventsEntitys(where: [{path: "actionTitle", comparison: contains, value: ["Form Reviewed"]}], take: 50) { entity { id email firstname surname } } }`,
  );
  const owner = found.r.map((e) => e.entity).find((a) => a.email.endsWith('@sparkright.example') && a.email !== SPARKRIGHT.safetyManager)!;
  expect(owner).toBeTruthy();

  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  await apiSignIn(context, SPARKRIGHT.safetyManager);
  const page = await context.newPage();
  await skipActivityModal(page);
  await page.goto(`/users/view/${owner.id}`);
  const name = `${owner.firstname} ${owner.surname}`;
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Timeline' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${owner.id}/timeline$`));
  await expect(page.getByRole('heading', { name: `Timeline of ${name}`, level: 1 })).toBeVisible();
  await expect(events(page).first()).toBeVisible();
  const reviewed = events(page).filter({ hasText: 'Form Reviewed' });
  await scrollUntil(page, reviewed);
  await expect(reviewed.first()).toBeVisible();
  // A SafetyManager's View opens the review (edit) page of the submission.
  await reviewed.first().getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/user-submissions\/[A-Z_]+\/[0-9a-f-]{36}\/edit\/[0-9a-f-]{36}$/);
  await context.close();
});
