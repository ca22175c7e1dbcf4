import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/** The demo's electrical licence, viewed by a super administrator. */
async function openElectricalLicence(page: Page): Promise<void> {
  await signIn(page, 'super@hub.example', undefined, '/admin/licenceentity');
  await page.getByLabel('Search').fill('Electrical licence');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await page
    .getByRole('link', { name: /^View Electrical licence/ })
    .first()
    .click();
}

test.describe('back-office record screens', () => {
  test('create, view and edit an asset with validation and a reference', async ({ page }) => {
    await signIn(page, 'admin@hub.example', undefined, '/admin/assetentity');
    await page.getByRole('link', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { name: 'Create Asset' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Some of the fields are missing or invalid, please check your form.')).toBeVisible();
    // Type, name and (for an administrator: no orphan rows) the organisation.
    await expect(page.getByText('This field is required')).toHaveCount(3);
    await page.screenshot({ path: 'test-results/screens/admin-asset-create-errors.png', fullPage: true });
    await page.getByRole('combobox', { name: 'Member Organisation' }).fill('Spark');
    await page.getByRole('option', { name: 'Sparkright Electrical' }).first().click();
    await page.getByRole('combobox', { name: 'Asset Type' }).click();
    await page.getByRole('option', { name: 'Tool' }).click();
    await page.getByRole('textbox', { name: 'Asset Name/Description' }).fill('Cordless hammer drill');
    await page.getByRole('textbox', { name: 'Brand' }).fill('Makita');
    await page.getByRole('combobox', { name: 'Parent Asset' }).fill('Service');
    await page.getByRole('option', { name: 'Service van' }).first().click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Successfully added Asset')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/assetentity$/);

    await page.getByLabel('Search').fill('hammer');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.getByRole('link', { name: 'View Cordless hammer drill' }).click();
    await expect(page.getByText('Makita')).toBeVisible();
    await expect(page.getByText('Service van')).toBeVisible();
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Brand' }).fill('Milwaukee');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Successfully edited Asset')).toBeVisible();
    // Back to the previous page: the view, showing the new value.
    await expect(page).toHaveURL(/\/admin\/assetentity\/view\//);
    await expect(page.getByText('Milwaukee')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('row', { name: /Cordless hammer drill/ })).toContainText('Milwaukee');
  });

  test('an attachment uploads its file through a multipart save and downloads again', async ({ page }) => {
    await signIn(page, 'super@hub.example', undefined, '/admin/assetattachmentsentity/create');
    await expect(page.getByRole('heading', { name: 'Create Asset Attachment' })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attachment' }).click();
    await (await chooser).setFiles({ name: 'test-tag.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 test and tag') });
    await page.getByRole('combobox', { name: 'Asset', exact: true }).fill('Multifunction');
    await page.getByRole('option', { name: 'Multifunction installation tester' }).first().click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Successfully added Asset Attachment')).toBeVisible();
    await page
      .getByRole('link', { name: /^View / })
      .first()
      .click();
    const link = page.getByRole('link', { name: 'test-tag.pdf' });
    await expect(link).toBeVisible();
    const res = await page.request.get((await link.getAttribute('href'))!);
    expect(await res.text()).toBe('%PDF-1.4 test and tag');
  });

  test("a licence's attachments: upload rules, upload on Submit, download", async ({ page }) => {
    await openElectricalLicence(page);
    const attachments = page.getByRole('group', { name: 'Attachments' });
    await expect(attachments.getByText('No File Attached')).toBeVisible();
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Licence' })).toBeVisible();

    let chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload Attachments' }).click();
    await (await chooser).setFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(20_000_001) });
    await expect(page.getByText('The provided file is too large, the maximum file size is 20MB.')).toBeVisible();

    chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload Attachments' }).click();
    await (await chooser).setFiles({ name: 'licence-card.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 licence card') });
    await expect(attachments.getByText('uploaded on Submit', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Successfully edited Licence')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/licenceentity\/view\//);
    const link = page.getByRole('group', { name: 'Attachments' }).getByRole('link', { name: 'licence-card.pdf' });
    await expect(link).toBeVisible();
    const res = await page.request.get((await link.getAttribute('href'))!);
    expect(await res.text()).toBe('%PDF-1.4 licence card');
  });

  test('stored files: a picture and a PDF open in a new tab, a text file downloads, sizes in kB', async ({ page }) => {
    // A 1 x 1 PNG: the server types files by their bytes, so it must be a real one.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    await openElectricalLicence(page);
    await page.getByRole('link', { name: 'Edit', exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Edit Licence' })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload Attachments' }).click();
    await (
      await chooser
    ).setFiles([
      { name: 'site-photo.png', mimeType: 'image/png', buffer: png },
      { name: 'permit.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 permit') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x'.repeat(35_400)) },
    ]);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Successfully edited Licence')).toBeVisible();
    const attachments = page.getByRole('group', { name: 'Attachments' });
    for (const name of ['site-photo.png', 'permit.pdf']) {
      const link = attachments.getByRole('link', { name });
      await expect(link).toHaveAttribute('target', '_blank');
      const res = await page.request.get((await link.getAttribute('href'))!);
      expect(res.headers()['content-disposition']).toMatch(/^inline/);
    }
    const notes = attachments.getByRole('link', { name: 'notes.txt' });
    await expect(notes).not.toHaveAttribute('target', '_blank');
    const res = await page.request.get((await notes.getAttribute('href'))!);
    expect(res.headers()['content-disposition']).toMatch(/^attachment/);
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    await expect(attachments.getByText('35 kB')).toBeVisible();
  });
});
