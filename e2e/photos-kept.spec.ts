import { expect, test } from '@playwright/test';
import { adminGraphql, cameraPhoto, signIn, skipActivityModal } from './helpers';

/**
 * Nothing a member took is lost (docs/forms.md, Photo evidence): a worker takes a photo online
 * (uploaded at once), leaves the form unsaved, and the hub's clean-up removes the photo (here
 * the administrator deletes it). Back on the form, the photo still shows from the device's
 * copy, and submitting uploads it again: the submission has the photo.
 */
test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });
test.setTimeout(120_000);

test('a photo the hub removed while the answers waited on the device is uploaded again on submit', async ({ page, request }) => {
  page.on('dialog', (d) => void d.accept());
  await skipActivityModal(page);
  await signIn(page, 'safetyworker@sparkright.example', undefined, '/mesafety');
  const photo = await cameraPhoto(page, 5);

  await page.getByRole('button', { name: 'Create Incident Report' }).click();
  await expect(page.getByRole('heading', { name: 'Incident Report' })).toBeVisible();
  const formPath = new URL(page.url()).pathname;
  await page.getByLabel('Job number').fill('J-KEPT-1');
  await page.getByLabel('Job address').fill('9 Basement Road, Footscray');
  await page.getByRole('button', { name: 'Date', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Choose date and time' });
  await picker.getByRole('button', { name: /^13 / }).first().click();
  await picker.getByLabel('Time').focus();
  await page.keyboard.type('0815');
  await picker.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel('Describe what happened').fill('Water dripping onto the distribution board.');
  const section = page.locator('[data-photos-for="description"]');
  await section.locator('input[data-photo-input="camera"]').setInputFiles({ name: 'IMG_0005.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(section.getByRole('img', { name: 'Photo 1 for Describe what happened' })).toBeVisible({ timeout: 60_000 });
  await expect(section.getByRole('status')).toHaveCount(0, { timeout: 60_000 });
  await expect(section.getByText('Waiting to upload')).toHaveCount(0);

  // Uploaded at once: the device keeps its copy, named by the hub's id.
  const kept = async () =>
    page.evaluate(
      () =>
        new Promise<{ id: string; uploadedId?: string }[]>((resolve, reject) => {
          const req = indexedDB.open('hub-photos');
          req.onsuccess = () => {
            const all = req.result.transaction('photos').objectStore('photos').getAll();
            all.onsuccess = () => {
              resolve(all.result as { id: string; uploadedId?: string }[]);
              req.result.close();
            };
            all.onerror = () => reject(all.error);
          };
          req.onerror = () => reject(req.error);
        }),
    );
  const [copy] = await kept();
  expect(copy.uploadedId).toMatch(/^[0-9a-f-]{36}$/);

  // The member leaves without saving (the answers stay on the device); a day later the clean-up removes the photo.
  await page.waitForTimeout(600);
  await page.goto('/home');
  await adminGraphql(request, 'mutation($ids: [ID!]!) { deleteFormPhotoEntity(formPhotoEntityIds: $ids) }', { ids: [copy.uploadedId] });
  const gone = await adminGraphql<{ r: { id: string }[] }>(request, 'query($ids: [ID!]) { r: formPhotoEntitys(ids: $ids) { id } }', {
    ids: [copy.uploadedId],
  });
  expect(gone.r).toEqual([]);

  // Back on the form: the answers are restored and the photo shows from the device's copy.
  await page.goto(formPath);
  await expect(page.getByText('Restored the answers you were filling in on this device.')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('img', { name: 'Photo 1 for Describe what happened' })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The form has been submitted successfully.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('There was an error saving the form')).toHaveCount(0);
  // Saved: the device's copy goes.
  await expect.poll(kept).toEqual([]);

  // The submission has the photo, uploaded again.
  await page.goto('/user-submissions/all');
  const card = page.getByRole('list', { name: 'Submissions' }).getByRole('listitem').filter({ hasText: 'J-KEPT-1' });
  await card.getByRole('link', { name: 'View', exact: true }).click();
  await expect(page.getByText('View Incident Report')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const shown = page.getByRole('img', { name: 'Photo 1 for Describe what happened' });
  await expect(shown).toBeVisible();
  const src = (await shown.getAttribute('src'))!;
  expect(src).toMatch(/^\/api\/files\//);
  expect((await page.request.get(src)).headers()['content-type']).toBe('image/jpeg');
});
