import { expect, test } from '@playwright/test';
import { latestMail, signIn } from './helpers';

test('an administrator manages users: search, deactivate, activate, user type choice', async ({ page }) => {
  await signIn(page, 'super@hub.example', undefined, '/admin/users');
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  // Ids are random, so which accounts fill the first page of ten is not fixed: count them.
  await expect(page.getByRole('row')).toHaveCount(11);
  await page.getByLabel('Search').fill('voltline');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.screenshot({ path: 'test-results/screens/admin-users.png', fullPage: true });

  await page.getByRole('button', { name: 'Actions for worker@voltline.example' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Successfully deactivated worker@voltline.example')).toBeVisible();
  await expect(page.getByRole('row', { name: /worker@voltline/ })).toContainText('No');

  await page.getByRole('button', { name: 'Actions for worker@voltline.example' }).click();
  await page.getByRole('menuitem', { name: 'Activate' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Successfully activated worker@voltline.example')).toBeVisible();

  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please select a user type.')).toBeVisible();
});

test('an administrator resets a password, switches two-factor on and off, and sorts by id', async ({ page, request }) => {
  await signIn(page, 'super@hub.example', undefined, '/admin/users');
  await expect(page.getByRole('columnheader', { name: 'id' })).toBeVisible();
  await page.getByLabel('Search').fill('safetyworker@sparkright');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row', { name: /safetyworker@sparkright/ });

  await page.getByRole('button', { name: 'Actions for safetyworker@sparkright.example' }).click();
  await page.getByRole('menuitem', { name: 'Reset password' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Successfully reset password for safetyworker@sparkright.example')).toBeVisible();
  expect((await latestMail(request, 'safetyworker@sparkright.example')).text).toMatch(/reset-password/);

  await page.getByRole('button', { name: 'Actions for safetyworker@sparkright.example' }).click();
  await page.getByRole('menuitem', { name: 'Enable two-factor' }).click();
  await page.getByRole('radio', { name: 'Email codes' }).check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Two-factor authentication by email is on for safetyworker@sparkright.example')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'email', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Actions for safetyworker@sparkright.example' }).click();
  await page.getByRole('menuitem', { name: 'Disable two-factor' }).click();
  await expect(page.getByText('Turn off two-factor authentication for safetyworker@sparkright.example?')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Two factor authentication disabled')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'None', exact: true })).toBeVisible();

  // Sorting: ascending, descending, then back to the default (id descending).
  await page.getByLabel('Search').fill('');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page.getByRole('row')).toHaveCount(11);
  const emails = async () => (await page.getByRole('row').allInnerTexts()).slice(1).map((r) => r.match(/\S+@\S+/)![0]);
  await page.getByRole('button', { name: 'Email' }).click();
  await expect(page.getByLabel('ascending')).toBeVisible();
  // The rows follow the header a moment later: wait for the new order.
  await expect
    .poll(async () => {
      const e = await emails();
      return e[0][0] <= e.at(-1)![0];
    })
    .toBe(true);
  const ascending = await emails();
  await page.getByRole('button', { name: 'Email' }).click();
  await expect(page.getByLabel('descending')).toBeVisible();
  await expect(page.getByRole('row').nth(1)).not.toContainText(ascending[0]);
  await expect
    .poll(async () => {
      const e = await emails();
      return e[0][0] >= e.at(-1)![0];
    })
    .toBe(true);
  await page.getByRole('button', { name: 'Email' }).click();
  await expect(page.getByLabel(/ascending|descending/)).toHaveCount(0);
  const ids = async () => (await page.getByRole('row').allInnerTexts()).slice(1).map((r) => r.match(/[0-9a-f]{8}-[0-9a-f-]{27}/)![0]);
  await expect
    .poll(async () => {
      const i = await ids();
      return [...i].sort().reverse().join() === i.join();
    })
    .toBe(true);
});
