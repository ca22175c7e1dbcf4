import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminGraphql, cameraPhoto, jpegSize, signIn, skipActivityModal, SPARKRIGHT } from './helpers';

/**
 * Offline filling (issue 15, docs/offline.md), against the production build with its service
 * worker: a worker opens Safety online, loses the connection, fills a form, closes the page,
 * reopens it (the answers are restored), submits offline (the outbox), comes back online and
 * the hub has exactly one submission; three forms queued offline, each with a photo taken
 * offline, arrive in order, each once, each with its one photo uploaded once;
 * a form the hub refuses on delivery keeps its answers and shows the hub's message.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 375, height: 812 }, hasTouch: true });
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const VERIFICATION = 'Electrical Verification';
const TOOLBOX = 'Toolbox Meeting';
const INCIDENT = 'Incident Report';

interface Row {
  id: string;
  created: string;
  isCompleted: boolean;
  jobNumber: string | null;
}

/** The worker's submissions of a form, oldest first, as the hub has them (asked as an administrator). */
async function submissionsOf(request: APIRequestContext, formName: string): Promise<Row[]> {
  const data = await adminGraphql<{ r: Row[] }>(
    request,
    `query($c: [[WhereExpressionGraph!]!]) { r: formSubmissionsEntitys(conditions: $c, take: 100, orderBy: [{ path: "created" }]) { id created isCompleted jobNumber } }`,
    {
      c: [
        [{ path: 'formVersion.form.name', comparison: 'equal', value: [formName] }],
        [{ path: 'mehubAccount.email', comparison: 'equal', value: [SPARKRIGHT.worker] }],
      ],
    },
  );
  return data.r;
}

/** How many forms the device keeps for reading offline (without creating the database if the app has not). */
async function keptForms(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === 'safety-hub-offline')) return 0;
    return new Promise<number>((resolve) => {
      const open = indexedDB.open('safety-hub-offline');
      open.onerror = () => resolve(0);
      open.onsuccess = () => {
        const db = open.result;
        const req = db.transaction('cache').objectStore('cache').getAllKeys();
        req.onsuccess = () => {
          resolve((req.result as [string, string][]).filter((k) => k[1].startsWith('form:')).length);
          db.close();
        };
      };
    });
  });
}

/** Signs the worker in, opens Safety online with the service worker in control, and waits until the forms are kept on the device. */
async function openSafetyOnline(page: Page) {
  await skipActivityModal(page);
  await signIn(page, SPARKRIGHT.worker, undefined, '/mesafety');
  await expect(page.getByRole('heading', { name: 'Safety', level: 1 })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  // The first page was loaded before the service worker: reload so that it serves this one too.
  await page.reload();
  await expect(page.getByRole('button', { name: `Create ${VERIFICATION}` })).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect.poll(() => keptForms(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
}

/** The details slide every demo form starts with. */
async function fillDetails(page: Page, job: string) {
  await page.getByLabel('Job number').fill(job);
  await page.getByLabel('Job address').fill('3 Rooftop Lane, Geelong');
  const date = page.getByRole('button', { name: 'Date', exact: true });
  await date.click();
  const picker = page.getByRole('dialog', { name: 'Choose date and time' });
  await picker.getByRole('button', { name: /^13 / }).first().click();
  await picker.getByLabel('Time').focus();
  await page.keyboard.type('0915');
  await picker.getByRole('button', { name: 'Done' }).click();
}

async function next(page: Page) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

async function openForm(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: `Create ${name}` }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  return new URL(page.url()).pathname.split('/')[2];
}

const waiting = (page: Page, text: string) =>
  expect(page.getByRole('complementary', { name: 'Connection and forms waiting to send' }).getByText(text)).toBeVisible();

test('fill offline, close the page, reopen with the answers restored, submit offline, delivered once when back online', async ({
  page,
  context,
  request,
}) => {
  const before = await submissionsOf(request, VERIFICATION);
  await openSafetyOnline(page);

  await context.setOffline(true);
  const formId = await openForm(page, VERIFICATION);
  await expect(
    page.getByText('You are offline. Forms you fill in are kept on this device and sent when you are back online.'),
  ).toBeVisible();
  await fillDetails(page, 'J-OFF-1');
  await next(page);
  await page.getByLabel('Test equipment used').fill('Fluke 1664 FC');
  // Typing is kept within half a second; then the page goes (the tab closed, the battery died).
  await page.waitForTimeout(800);
  await page.close();

  const again = await context.newPage();
  await again.goto(`/safety-form/${formId}`);
  await expect(again.getByText('Restored the answers you were filling in on this device.')).toBeVisible();
  await expect(again.getByLabel('Job number')).toHaveValue('J-OFF-1');
  await next(again);
  await expect(again.getByLabel('Test equipment used')).toHaveValue('Fluke 1664 FC');
  await again.getByLabel('Installation verified safe').check();
  await again.screenshot({ path: 'test-results/screens/offline-filler-375.png', fullPage: true });
  await again.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(again.getByText('You are offline: the form will be sent when you are back online.')).toBeVisible();
  await expect(again).toHaveURL(/\/home$/);
  await waiting(again, '1 form waiting to send');
  await again.getByRole('button', { name: '1 form waiting to send' }).first().click();
  const panel = again.getByRole('dialog', { name: 'Forms on this device' });
  await expect(panel.getByTestId('outbox-item')).toHaveCount(1);
  await expect(panel.getByText(VERIFICATION)).toBeVisible();
  await expect(panel.getByText('Submission')).toBeVisible();
  await again.screenshot({ path: 'test-results/screens/offline-outbox-375.png' });
  await panel.getByRole('button', { name: 'Close' }).click();
  expect(await submissionsOf(request, VERIFICATION)).toHaveLength(before.length);

  await context.setOffline(false);
  await expect(again.getByText('The form has been submitted successfully.')).toBeVisible({ timeout: 15_000 });
  await expect(again.getByRole('complementary', { name: 'Connection and forms waiting to send' })).toHaveCount(0);
  const after = await submissionsOf(request, VERIFICATION);
  const fresh = after.filter((r) => !before.some((b) => b.id === r.id));
  expect(fresh).toHaveLength(1);
  expect(fresh[0]).toMatchObject({ isCompleted: true, jobNumber: 'J-OFF-1' });
  // Reopening the form starts afresh: the answers left the device once delivered.
  await again.goto(`/safety-form/${formId}`);
  await expect(again.getByLabel('Job number')).toHaveValue('');
  await expect(again.getByText('Restored the answers you were filling in on this device.')).toHaveCount(0);
});

/** Where each queued form takes its photo: a question of the slide the form is saved from. */
const PHOTO_ON: Record<string, { id: string; title: string; seed: number }> = {
  [VERIFICATION]: { id: 'jobNumber', title: 'Job number', seed: 21 },
  [TOOLBOX]: { id: 'topics', title: 'Topics discussed', seed: 22 },
  [INCIDENT]: { id: 'jobNumber', title: 'Job number', seed: 23 },
};

/** How many photos wait on the device (IndexedDB `hub-photos`, web/src/forms/photos/local-store.ts), without creating the database. */
async function photosOnDevice(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === 'hub-photos')) return 0;
    return new Promise<number>((resolve) => {
      const open = indexedDB.open('hub-photos');
      open.onerror = () => resolve(0);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('photos')) {
          db.close();
          return resolve(0);
        }
        const req = db.transaction('photos').objectStore('photos').count();
        req.onsuccess = () => {
          resolve(req.result);
          db.close();
        };
      };
    });
  });
}

/**
 * Takes one photo on the form while the browser is offline, as a worker does on a phone: 'Add
 * photo' under the question (PHOTO_ON), then 'Take photo' and the camera's picture (the file
 * chooser gets a generated 4000x3000 camera JPEG). The upload cannot reach the hub, so the
 * prepared photo waits on the device (IndexedDB `hub-photos`, the answer holding `local:<id>`)
 * and its thumbnail says 'Waiting to upload'; the outbox uploads it before it sends the form.
 */
async function addPhotosOffline(page: Page, formName: string): Promise<void> {
  const q = PHOTO_ON[formName];
  const photo = await cameraPhoto(page, q.seed);
  const waitingBefore = await photosOnDevice(page);
  const section = page.locator(`[data-photos-for="${q.id}"]`);
  await section.getByRole('button', { name: 'Add photo' }).click();
  const chooser = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Take photo' }).click();
  await (await chooser).setFiles({ name: `IMG_00${q.seed}.jpg`, mimeType: 'image/jpeg', buffer: photo });
  await expect(section.getByRole('img', { name: `Photo 1 for ${q.title}` })).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole('status')).toHaveCount(0, { timeout: 30_000 });
  await expect(section.getByText('Waiting to upload')).toBeVisible();
  expect(await photosOnDevice(page)).toBe(waitingBefore + 1);
}

interface PhotoRow {
  id: string;
  created: string;
  questionId: string;
  photoId: string | null;
  thumbnailId: string | null;
  formSubmissions: { id: string } | null;
}

/** A submission's answers and the photos the hub hangs off it (asked as an administrator). */
async function photosOfSubmission(
  request: APIRequestContext,
  id: string,
): Promise<{ answers: Record<string, unknown>; photos: PhotoRow[] }> {
  const data = await adminGraphql<{ s: { submissionData: string }; p: PhotoRow[] }>(
    request,
    `query($id: ID!, $c: [[WhereExpressionGraph!]!]) {
      s: formSubmissionsEntity(id: $id) { submissionData }
      p: formPhotoEntitys(conditions: $c, take: 100) { id created questionId photoId thumbnailId formSubmissions { id } }
    }`,
    { id, c: [[{ path: 'formSubmissions.id', comparison: 'equal', value: [id] }]] },
  );
  return { answers: JSON.parse(data.s.submissionData) as Record<string, unknown>, photos: data.p };
}

/** How many photos the worker has on the hub, linked or not. */
async function workerPhotoCount(request: APIRequestContext): Promise<number> {
  const data = await adminGraphql<{ n: number }>(
    request,
    `query($c: [[WhereExpressionGraph!]!]) { n: countFormPhotoEntitys(conditions: $c) }`,
    {
      c: [[{ path: 'mehubAccount.email', comparison: 'equal', value: [SPARKRIGHT.worker] }]],
    },
  );
  return data.n;
}

test('three forms queued offline are delivered in the order queued, each exactly once', async ({ page, context, request }) => {
  const before: Record<string, Row[]> = {
    [VERIFICATION]: await submissionsOf(request, VERIFICATION),
    [TOOLBOX]: await submissionsOf(request, TOOLBOX),
    [INCIDENT]: await submissionsOf(request, INCIDENT),
  };
  const photosBefore = await workerPhotoCount(request);
  // Photo uploads that reached the hub (GraphQL multipart creates answered): one per photo, never a second.
  const uploads: string[] = [];
  page.on('response', (res) => {
    const req = res.request();
    if (
      req.method() === 'POST' &&
      new URL(res.url()).pathname === '/api/graphql' &&
      /^multipart\/form-data/.test(req.headers()['content-type'] ?? '')
    )
      uploads.push(`${res.status()}`);
  });
  await openSafetyOnline(page);
  await context.setOffline(true);

  // 1: a draft of the verification.
  await openForm(page, VERIFICATION);
  await page.getByLabel('Job number').fill('J-Q-1');
  await addPhotosOffline(page, VERIFICATION);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('You are offline: the draft will be sent when you are back online.')).toBeVisible();
  await expect(page).toHaveURL(/\/mesafety$/);
  await waiting(page, '1 form waiting to send');

  // 2: a toolbox meeting, submitted.
  await openForm(page, TOOLBOX);
  await fillDetails(page, 'J-Q-2');
  await next(page);
  await page.getByLabel('Topics discussed').fill('Isolation and lock-out on the new site');
  await addPhotosOffline(page, TOOLBOX);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await waiting(page, '2 forms waiting to send');

  // 3: a draft of an incident report.
  await page.goto('/mesafety');
  await openForm(page, INCIDENT);
  await page.getByLabel('Job number').fill('J-Q-3');
  await addPhotosOffline(page, INCIDENT);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await waiting(page, '3 forms waiting to send');
  await page.screenshot({ path: 'test-results/screens/offline-three-waiting-375.png' });
  expect(await photosOnDevice(page)).toBe(3);
  expect(uploads).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByRole('complementary', { name: 'Connection and forms waiting to send' })).toHaveCount(0, { timeout: 20_000 });
  const fresh = async (name: string) => {
    const rows = await submissionsOf(request, name);
    return rows.filter((r) => !before[name].some((b) => b.id === r.id));
  };
  const [v, t, i] = [await fresh(VERIFICATION), await fresh(TOOLBOX), await fresh(INCIDENT)];
  expect(v.map((r) => [r.jobNumber, r.isCompleted])).toEqual([['J-Q-1', false]]);
  expect(t.map((r) => [r.jobNumber, r.isCompleted])).toEqual([['J-Q-2', true]]);
  expect(i.map((r) => [r.jobNumber, r.isCompleted])).toEqual([['J-Q-3', false]]);
  // In the order queued.
  expect(v[0].created <= t[0].created && t[0].created <= i[0].created).toBe(true);
  expect(new Set([v[0].id, t[0].id, i[0].id]).size).toBe(3);

  // Each carries exactly its one photo, uploaded once, before its own form and after the form queued before it.
  expect(uploads).toEqual(['200', '200', '200']);
  expect(await workerPhotoCount(request)).toBe(photosBefore + 3);
  const delivered = [
    { name: VERIFICATION, row: v[0] },
    { name: TOOLBOX, row: t[0] },
    { name: INCIDENT, row: i[0] },
  ];
  const photos: PhotoRow[] = [];
  for (const { name, row } of delivered) {
    const { answers, photos: held } = await photosOfSubmission(request, row.id);
    const q = PHOTO_ON[name];
    expect(held, name).toHaveLength(1);
    expect(held[0]).toMatchObject({ questionId: q.id, formSubmissions: { id: row.id } });
    expect(answers[`${q.id}-photos`], name).toEqual([held[0].id]);
    photos.push(held[0]);
  }
  for (const [n, p] of photos.entries()) {
    expect(Date.parse(p.created)).toBeLessThanOrEqual(Date.parse(delivered[n].row.created));
    if (n > 0) expect(Date.parse(p.created)).toBeGreaterThanOrEqual(Date.parse(delivered[n - 1].row.created));
  }
  // Six files, a photo and a thumbnail each, all stored; the photo as the device prepared it (longest side 2,000 px).
  const files = photos.flatMap((p) => [p.photoId!, p.thumbnailId!]);
  expect(new Set(files).size).toBe(6);
  for (const p of photos) {
    const meta = await request.get(`/api/files/metadata/${p.thumbnailId}`);
    expect(meta.ok()).toBe(true);
    expect(((await meta.json()) as { contentType: string }).contentType).toBe('image/jpeg');
    const res = await request.get(`/api/files/${p.photoId}`);
    expect(res.headers()['content-type']).toBe('image/jpeg');
    const size = jpegSize(new Uint8Array(await res.body()));
    expect(Math.max(size.width, size.height)).toBe(2000);
  }
  // Delivered, the device's copies of the photos are gone.
  await expect.poll(() => photosOnDevice(page)).toBe(0);
});

interface FormState {
  id: string;
  isActive: boolean;
  memberOrganisationss: { id: string }[];
}

/** The form as it is now (to put back), withdrawn from the members (inactive). */
async function withdrawForm(request: APIRequestContext, name: string): Promise<FormState> {
  const found = await adminGraphql<{ r: FormState[] }>(
    request,
    `query($c: [[WhereExpressionGraph!]!]) { r: formsEntitys(conditions: $c) { id isActive memberOrganisationss { id } } }`,
    { c: [[{ path: 'name', comparison: 'equal', value: [name] }]] },
  );
  const form = found.r[0];
  await adminGraphql(request, `mutation($m: [FormsEntityInput!]!) { r: updateFormsEntity(formsEntityModels: $m) { id } }`, {
    m: [{ id: form.id, isActive: false }],
  });
  return form;
}

async function restoreForm(request: APIRequestContext, form: FormState) {
  await adminGraphql(request, `mutation($m: [FormsEntityInput!]!) { r: updateFormsEntity(formsEntityModels: $m) { id } }`, {
    m: [{ id: form.id, isActive: form.isActive, memberOrganisationss: form.memberOrganisationss.map((o) => ({ id: o.id })) }],
  });
}

test('a form refused on delivery keeps its answers and shows the hub’s message', async ({ page, context, request }) => {
  await openSafetyOnline(page);
  await context.setOffline(true);
  const formId = await openForm(page, TOOLBOX);
  await fillDetails(page, 'J-REFUSED');
  await next(page);
  await page.getByLabel('Topics discussed').fill('Working near overhead lines');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await waiting(page, '1 form waiting to send');

  // Meanwhile the organisation's form is withdrawn: the hub refuses it on delivery, which the device could not know.
  const withdrawn = await withdrawForm(request, TOOLBOX);
  let restored = false;
  try {
    await context.setOffline(false);
    await expect(page.getByText(`${TOOLBOX} was not accepted`)).toBeVisible({ timeout: 15_000 });
    await waiting(page, '1 form was not accepted');
    // From the strip under the bar (the persistent refusal notice covers the bar's badge on a phone until closed).
    await page
      .getByRole('complementary', { name: 'Connection and forms waiting to send' })
      .getByRole('button', { name: '1 form was not accepted' })
      .click();
    const panel = page.getByRole('dialog', { name: 'Forms on this device' });
    await expect(panel.getByText(/^Not accepted: /)).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/offline-refused-375.png' });
    await panel.getByRole('button', { name: 'Close' }).click();
    expect((await submissionsOf(request, TOOLBOX)).some((r) => r.jobNumber === 'J-REFUSED')).toBe(false);

    // The form is offered again: the answers are there to fix and send.
    await restoreForm(request, withdrawn);
    restored = true;
    await page.goto(`/safety-form/${formId}`);
    await expect(page.getByText(/Restored the answers you were filling in on this device\. The hub did not accept them/)).toBeVisible();
    await expect(page.getByLabel('Job number')).toHaveValue('J-REFUSED');
    await next(page);
    await expect(page.getByLabel('Topics discussed')).toHaveValue('Working near overhead lines');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText('The form has been submitted successfully.')).toBeVisible();
    expect((await submissionsOf(request, TOOLBOX)).filter((r) => r.jobNumber === 'J-REFUSED')).toHaveLength(1);
    // Sent again and delivered: the refused one leaves the device.
    await expect(page.getByRole('complementary', { name: 'Connection and forms waiting to send' })).toHaveCount(0);
  } finally {
    if (!restored) await restoreForm(request, withdrawn);
  }
});
