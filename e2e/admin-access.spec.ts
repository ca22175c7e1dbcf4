import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const DENIED = 'Access denied. Click Here to return to the admin main page.';

test('an ordinary member has no back-end access: no Admin switch, and /admin is the 404 page', async ({ page }) => {
  await signIn(page, 'worker@voltline.example', undefined, '/home');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/admin/assetentity');
  await expect(page).toHaveURL(/\/404$/);
});

test('a member with back-office access: group gates go to 404, missing rights show Access denied, buttons only where permitted', async ({
  page,
}) => {
  await signIn(page, 'safetymanager@sparkright.example', undefined, '/admin');
  await expect(page.getByRole('heading', { name: 'Back-office' })).toBeVisible();
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Mehub Accounts' })).toBeVisible();
  for (const hidden of ['All Users', 'Mehub Admins', 'API Keys', 'Feedback and Help', 'Searches', 'GraphiQL', 'Hangfire'])
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  await expect(page.getByText('Query explorer', { exact: true })).toHaveCount(0);

  // Group gates of section 6, even where the member could create through the API (feedback).
  for (const path of [
    '/admin/apikeyentity',
    '/admin/feedbackandhelpentity/create',
    '/admin/searchesentity',
    '/admin/mehubadminentity',
    '/admin/users',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/404$/);
  }

  // News is read-only for members: the list has no Create, Edit or Delete; create and edit say Access denied.
  await page.goto('/admin/newsentity');
  await expect(page.getByRole('heading', { name: 'News' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('AS/NZS 3000');
  await expect(page.getByRole('link', { name: 'Create' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await page
    .getByRole('link', { name: /^View / })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'News' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  const viewUrl = page.url();
  await page.goto(viewUrl.replace('/view/', '/edit/'));
  await expect(page.getByText(DENIED)).toBeVisible();
  await page.goto('/admin/newsentity/create');
  await expect(page.getByText(DENIED)).toBeVisible();
  await page.getByRole('link', { name: 'Click Here' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // Accounts: read and update, no create.
  await page.goto('/admin/mehubaccountentity');
  await expect(page.getByRole('link', { name: 'Create' })).toHaveCount(0);
  await page.goto('/admin/mehubaccountentity/create');
  await expect(page.getByText(DENIED)).toBeVisible();
  await page.goto('/admin/graphiql');
  await expect(page.getByText(DENIED)).toBeVisible();
});
