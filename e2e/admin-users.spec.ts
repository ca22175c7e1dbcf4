import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

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
