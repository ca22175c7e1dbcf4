import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { gpsPosition, readPhotoMetadata } from '../web/src/forms/photos/exif';
import { cameraPhoto, jpegSize, signIn, skipActivityModal } from './helpers';

/**
 * Photo evidence on a phone (issue 15): a worker adds two 12-megapixel camera photos (with
 * GPS in their EXIF) to a question, marks one up and submits; the photos are resized on the
 * device (longest side 2,000 px), stripped of their location, shown as thumbnails on the
 * submission and drawn in its PDF.
 */
test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });
test.setTimeout(120_000);

test('a worker adds two camera photos, marks one up and submits; the submission and its PDF show them', async ({ page }) => {
  await skipActivityModal(page);
  await signIn(page, 'safetyworker@sparkright.example', undefined, '/mesafety');
  const photos = [await cameraPhoto(page, 7), await cameraPhoto(page, 11)];
  expect(gpsPosition(readPhotoMetadata(photos[0])!.gps)!.latitude).toBeCloseTo(-37.8136, 3);

  await page.getByRole('button', { name: 'Create Incident Report' }).click();
  await expect(page.getByRole('heading', { name: 'Incident Report' })).toBeVisible();
  await page.getByLabel('Job number').fill('J-PHOTO-1');
  await page.getByLabel('Job address').fill('3 Plant Room Lane, Richmond');
  const date = page.getByRole('button', { name: 'Date', exact: true });
  await date.click();
  const picker = page.getByRole('dialog', { name: 'Choose date and time' });
  await picker.getByRole('button', { name: /^13 / }).first().click();
  await picker.getByLabel('Time').focus();
  await page.keyboard.type('0930');
  await picker.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await page.getByLabel('Describe what happened').fill('Scorch marks on the main switchboard busbar.');
  const section = page.locator('[data-photos-for="description"]');
  await expect(section.getByText('Photo evidence')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Take photo' })).toBeVisible();
  // Every other question offers the small Add photo.
  await expect(page.locator('[data-photos-for="injured"]').getByRole('button', { name: 'Add photo' })).toBeVisible();

  await section.locator('input[data-photo-input="gallery"]').setInputFiles([
    { name: 'IMG_0007.jpg', mimeType: 'image/jpeg', buffer: photos[0] },
    { name: 'IMG_0011.jpg', mimeType: 'image/jpeg', buffer: photos[1] },
  ]);
  const thumbs = section.getByRole('img', { name: /^Photo \d for Describe what happened$/ });
  await expect(thumbs).toHaveCount(2, { timeout: 60_000 });
  await expect(section.getByRole('status')).toHaveCount(0, { timeout: 60_000 });
  await expect(section.getByText('Waiting to upload')).toHaveCount(0);
  const prepared = await page.evaluate(() =>
    performance
      .getEntriesByName('photo:prepared')
      .map((e) => (e as PerformanceMark).detail as { ms: number; bytes: number; source: number }),
  );
  expect(prepared.length).toBe(2);
  console.log(`FIGURES prepared ${JSON.stringify(prepared)}`);
  await page.screenshot({ path: 'test-results/screens/photos-filler-phone.png', fullPage: true });

  // Mark up the first photo: an arrow and a circle, one undone, then saved (burnt into a new JPEG).
  const firstBefore = await thumbs.first().getAttribute('src');
  await section.getByRole('button', { name: 'Mark up photo 1' }).click();
  const editor = page.getByRole('dialog', { name: /^Mark up: Photo 1/ });
  const canvas = editor.getByLabel(/^Photo to mark up/);
  await expect(canvas).toBeVisible();
  const box = (await canvas.boundingBox())!;
  const drag = async (x1: number, y1: number, x2: number, y2: number) => {
    await page.mouse.move(box.x + box.width * x1, box.y + box.height * y1);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * x2, box.y + box.height * y2, { steps: 6 });
    await page.mouse.up();
  };
  await drag(0.2, 0.2, 0.5, 0.5);
  await editor.getByText('Circle', { exact: true }).click();
  await drag(0.55, 0.4, 0.8, 0.7);
  await expect(canvas).toHaveAttribute('data-marks', '2');
  await editor.getByRole('button', { name: 'Undo' }).click();
  await expect(canvas).toHaveAttribute('data-marks', '1');
  await page.screenshot({ path: 'test-results/screens/photos-markup-phone.png' });
  await editor.getByRole('button', { name: 'Save markup' }).click();
  await expect(editor).toHaveCount(0);
  await expect(section.getByRole('status')).toHaveCount(0, { timeout: 60_000 });
  await expect(thumbs).toHaveCount(2);
  expect(await thumbs.first().getAttribute('src')).not.toBe(firstBefore);

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The form has been submitted successfully.')).toBeVisible();

  // The submission: thumbnails under the question, the full photo in a viewer.
  await page.goto('/user-submissions/all');
  const card = page.getByRole('list', { name: 'Submissions' }).getByRole('listitem').filter({ hasText: 'J-PHOTO-1' });
  await card.getByRole('link', { name: 'View', exact: true }).click();
  await expect(page.getByText('View Incident Report')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const shown = page.getByRole('img', { name: /^Photo \d for Describe what happened$/ });
  await expect(shown).toHaveCount(2);
  await expect(shown.first()).toHaveAttribute('loading', 'lazy');
  await page.getByRole('button', { name: 'Open photo 1' }).click();
  const viewer = page.getByRole('dialog', { name: 'Photo 1 for Describe what happened' });
  const full = viewer.getByRole('img', { name: 'Photo 1 for Describe what happened' });
  await expect(full).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/photos-viewer-phone.png' });
  const fullSrc = (await full.getAttribute('src'))!;
  expect(fullSrc).toMatch(/^\/api\/files\//);
  await viewer.getByRole('button', { name: 'Next' }).click();
  const second = page.getByRole('dialog', { name: 'Photo 2 for Describe what happened' });
  const secondSrc = (await second.getByRole('img', { name: 'Photo 2 for Describe what happened' }).getAttribute('src'))!;
  await page.keyboard.press('Escape');

  // What was uploaded: a JPEG of at most 2,000 px, without the camera's location.
  for (const src of [fullSrc, secondSrc]) {
    const res = await page.request.get(src);
    expect(res.headers()['content-type']).toBe('image/jpeg');
    const bytes = new Uint8Array(await res.body());
    expect(readPhotoMetadata(bytes)).toBeNull();
    const size = jpegSize(bytes);
    expect(Math.max(size.width, size.height)).toBe(2000);
    console.log(`FIGURES uploaded ${src} ${bytes.length} bytes ${size.width}x${size.height}`);
  }

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  const pdf = readFileSync((await (await download).path())!).toString('latin1');
  expect(pdf.match(/\/Filter \/DCTDecode/g)?.length).toBe(2);
});
