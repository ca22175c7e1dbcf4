import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/** A GraphQL call in the signed-in page's session. */
async function gql<T>(page: Page, query: string, variables?: Record<string, unknown>): Promise<T> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await page.request.post('/api/graphql', { headers: { 'x-xsrf-token': xsrf }, data: { query, variables } });
  const body = await res.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

async function create(page: Page, entity: string, models: Record<string, unknown>[]): Promise<string[]> {
  const lower = entity.charAt(0).toLowerCase() + entity.slice(1);
  const { r } = await gql<{ r: { id: string }[] }>(
    page,
    `mutation($m: [${entity}Input!]!) { r: create${entity}(${lower}Models: $m) { id } }`,
    { m: models },
  );
  return r.map((x) => x.id);
}

test.describe('back-office lists', () => {
  test('an administrator searches, sorts, pages, exports and deletes assets', async ({ page }) => {
    await signIn(page, 'admin@hub.example', undefined, '/admin');
    await expect(page.getByRole('heading', { name: 'Back-office' })).toBeVisible();
    // The two assets this test deletes are its own: the demo's records are other flows' data
    // (the harness falling due is the reminder the member's Recent Activity shows).
    const { orgs } = await gql<{ orgs: { id: string }[] }>(
      page,
      `{ orgs: memberOrganisationEntitys(where: [{path: "name", comparison: equal, value: ["Sparkright Electrical"]}]) { id } }`,
    );
    await create(page, 'AssetEntity', [
      { assetType: 'OTHER', description: 'Fall arrest lanyard (spare)', memberOrganisationId: orgs[0].id },
      { assetType: 'OTHER', description: 'Fall arrest lanyard (old)', memberOrganisationId: orgs[0].id },
    ]);
    await page.getByRole('link', { name: 'Assets', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Assets' })).toBeVisible();
    await expect(page.getByText(/^1 of \d+$/)).toBeVisible();
    await expect(page.getByRole('row', { name: /Fall arrest lanyard \(spare\)/ })).toBeVisible();
    const all = await page.getByRole('row').count();
    expect(all).toBeGreaterThanOrEqual(9);
    await page.screenshot({ path: 'test-results/screens/admin-assets.png', fullPage: true });

    await page.getByLabel('Search').fill('ladder');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(page.getByRole('row')).toHaveCount(3);
    expect(await page.evaluate(() => localStorage.getItem('searchedValue'))).toBe('ladder');
    await page.getByLabel('Search').fill('');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(page.getByRole('row')).toHaveCount(all);

    await page.getByRole('button', { name: 'Asset Name/Description' }).click();
    await expect(page.getByLabel('descending')).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toContainText('Test and tag kit');
    await page.getByRole('button', { name: 'Asset Name/Description' }).click();
    await expect(page.getByLabel('ascending')).toBeVisible();
    await expect(page.getByRole('row').nth(1)).not.toContainText('Test and tag kit');
    await page.getByRole('button', { name: 'Asset Name/Description' }).click();
    await expect(page.getByLabel('ascending')).toHaveCount(0);

    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('Asset Type', { exact: true }).first().locator('xpath=following-sibling::*[1]').click();
    await page.getByRole('option', { name: 'Other' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page.getByRole('button', { name: 'Filters applied' })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(3);

    await page.getByLabel('Select all on this page').check();
    await expect(page.getByText('2 items are selected')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV Export' }).click();
    const csv = await (await download).path();
    const text = readFileSync(csv, 'utf8');
    expect(text.split('\n').filter(Boolean)).toHaveLength(3);
    expect(text).toContain('Fall arrest lanyard (spare)');
    expect(text).toContain('Fall arrest lanyard (old)');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Are you sure you want to delete all the selected items?')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('All selected items are deleted successfully')).toBeVisible();
    await expect(page.getByText('No results found')).toBeVisible();
  });

  test('a parent asset cannot be deleted: the spec message shows', async ({ page }) => {
    await signIn(page, 'super@hub.example', undefined, '/admin/memberorganisationentity');
    await expect(page.getByRole('heading', { name: 'Organisations' })).toBeVisible();
    await page
      .getByRole('row', { name: /Sparkright/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText('This record could not be deleted because of an association or because it has linked child/parent assets'),
    ).toBeVisible();
  });

  test('a member sees only what they may read; forbidden screens go to 404', async ({ page }) => {
    // Sparkright's safety manager is in Member Back-office: the back-office, scoped to Sparkright.
    await signIn(page, 'safetymanager@sparkright.example', undefined, '/admin');
    await expect(page.getByRole('heading', { name: 'Back-office' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Assets', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'API Keys' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Feedback and Help' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Assets', exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: 'SR-' }).first()).toBeVisible();
    const rows = await page.getByRole('row').allInnerTexts();
    expect(rows.some((r) => r.includes('VL-'))).toBe(false);
    await page.goto('/admin/apikeyentity');
    await expect(page).toHaveURL(/\/404$/);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/admin/assetentity');
    await expect(page.getByRole('heading', { name: 'Assets' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/admin-assets-phone.png', fullPage: true });
  });
});

test.describe('back-office special pages', () => {
  test('templates show one tab per document type with templates, in order', async ({ page }) => {
    await signIn(page, 'admin@hub.example', undefined, '/admin/templateentity');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['SWMS', 'SDS', 'Workshop / Warehouse']);
    await expect(page.getByRole('row', { name: /SWMS template/ })).toBeVisible();
    await page.getByRole('tab', { name: 'SDS' }).click();
    await expect(page.getByRole('row', { name: /Safety data sheet register/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /SWMS template/ })).toHaveCount(0);
  });

  test('a date range filter narrows the list', async ({ page }) => {
    await signIn(page, 'admin@hub.example', undefined, '/admin/licenceentity');
    await expect(page.getByRole('row', { name: /Driver licence/ }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Filter' }).click();
    // Exact: a filled field's clear button is named 'Clear Renewal Date to'.
    await page.getByLabel('Renewal Date from', { exact: true }).fill('2027-01-01');
    await page.getByLabel('Renewal Date to', { exact: true }).fill('2027-12-31');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page.getByRole('row', { name: /Driver licence/ })).toHaveCount(0);
    await expect(page.getByRole('row', { name: /Electrical licence/ })).toHaveCount(2);
  });
});

test('organisations: Assign Forms adds a form to the selected organisations', async ({ page }) => {
  await signIn(page, 'admin@hub.example', undefined, '/admin/formsentity/create');
  await page.getByRole('textbox', { name: 'Name' }).fill('Ladder pre-use check');
  await page.getByRole('combobox', { name: 'Form Type' }).click();
  await page.getByRole('option', { name: 'Inspections' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Successfully added Form')).toBeVisible();

  await page.goto('/admin/memberorganisationentity');
  await page
    .getByRole('row', { name: /Voltline Services/ })
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: 'Assign Forms' }).click();
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: 'Forms' })
    .or(page.getByRole('dialog').getByRole('combobox', { name: 'Forms' }))
    .first()
    .click({ force: true });
  await page.getByRole('option', { name: 'Ladder pre-use check' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText('The forms are assigned to the selected organisations.')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('link', { name: 'View Voltline Services' }).click();
  await expect(page.getByText(/Ladder pre-use check/)).toBeVisible();
});

test('selecting all pages with one exclusion exports and deletes the rest; Go to page clamps', async ({ page }) => {
  await signIn(page, 'admin@hub.example', undefined, '/admin/searchesentity');
  await expect(page.getByRole('heading', { name: 'Searches' })).toBeVisible();
  await create(
    page,
    'SearchesEntity',
    Array.from({ length: 12 }, (_, i) => ({ searchTerm: `bulk-e2e-${String(i + 1).padStart(2, '0')}`, searchType: 'STANDARD' })),
  );
  await page.getByLabel('Search').fill('bulk-e2e');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page.getByText('1 of 2')).toBeVisible();

  await page.getByLabel('Go to page').fill('abc');
  await page.getByRole('button', { name: 'Go to page' }).click();
  await expect(page.getByText('1 of 2')).toBeVisible();
  await page.getByLabel('Go to page').fill('99');
  await page.getByRole('button', { name: 'Go to page' }).click();
  await expect(page.getByText('2 of 2')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'First' }).click();
  await expect(page.getByText('1 of 2')).toBeVisible();

  await page.getByLabel('Select all on this page').check();
  await expect(page.getByText('10 items are selected')).toBeVisible();
  await page.getByRole('button', { name: 'Select all 12 items' }).click();
  await expect(page.getByText('12 items are selected')).toBeVisible();
  const excluded = (await page.getByRole('row').nth(1).innerText()).match(/bulk-e2e-\d+/)![0];
  await page.getByRole('row').nth(1).getByRole('checkbox').uncheck();
  await expect(page.getByText('11 items are selected')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV Export' }).click();
  const text = readFileSync(await (await download).path(), 'utf8');
  const lines = text.split('\n').filter(Boolean);
  expect(lines).toHaveLength(12);
  expect(text).not.toContain(excluded);

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('All selected items are deleted successfully')).toBeVisible();
  await expect(page.getByText('1 of 1')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(excluded);

  // The More menu: this row as CSV, then the last one goes too.
  await page.getByRole('button', { name: `More actions for ${excluded}` }).click();
  const one = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export CSV of this row' }).click();
  expect(
    readFileSync(await (await one).path(), 'utf8')
      .split('\n')
      .filter(Boolean),
  ).toHaveLength(2);
  await page.getByRole('button', { name: `Delete ${excluded}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No results found')).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('searchedValue'));
});

test('filters: a reference filter, and the not-applied state until Apply or Clear', async ({ page }) => {
  await signIn(page, 'admin@hub.example', undefined, '/admin');
  await expect(page.getByRole('heading', { name: 'Back-office' })).toBeVisible();
  const { vans } = await gql<{ vans: { id: string; memberOrganisationId: string }[] }>(
    page,
    '{ vans: assetEntitys(conditions: [[{path: "description", comparison: equal, value: ["Service van"]}]], take: 1) { id memberOrganisationId } }',
  );
  await create(page, 'AssetEntity', [
    {
      assetType: 'TOOL',
      description: 'Van toolbox e2e',
      status: 'IN_SERVICE',
      parentAssetId: vans[0].id,
      memberOrganisationId: vans[0].memberOrganisationId,
    },
  ]);
  await page.evaluate(() => localStorage.removeItem('searchedValue'));
  await page.goto('/admin/assetentity');
  await expect(page.getByRole('row', { name: /Van toolbox e2e/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Filter' }).click();
  const parent = page
    .getByRole('textbox', { name: 'Parent Asset' })
    .or(page.getByRole('combobox', { name: 'Parent Asset' }))
    .first();
  await parent.fill('Service');
  await page.getByRole('option', { name: 'Service van' }).first().click();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Filters not applied')).toBeVisible();
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByText('Filters not applied')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filters applied' })).toBeVisible();
  // Only children of that van (an earlier test may have added one more).
  await expect(page.getByRole('row', { name: /Van toolbox e2e/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Service van|Full body harness|Multifunction/ })).toHaveCount(0);
  await parent.click();
  await page.getByRole('option', { name: 'Service van' }).first().click();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Filters not applied')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByText('Filters not applied')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /Van toolbox e2e/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Delete Van toolbox e2e' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted successfully')).toBeVisible();
});
