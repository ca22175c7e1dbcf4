import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { cameraMetadata, withPhotoMetadata } from '../web/src/forms/photos/exif';

export const PASSWORD = 'demo-password-12';

export async function signIn(page: Page, email: string, password = PASSWORD, redirect?: string) {
  await page.goto(redirect ? `/admin_login?redirect=${encodeURIComponent(redirect)}` : '/admin_login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Reads the newest outbox message to `to` (with `subject`, when given), signed in as an
 * administrator through the API. Account mail is sent after the answer (its time must not tell
 * addresses apart), so the outbox is asked again for a few seconds until it is there.
 */
export async function latestMail(request: APIRequestContext, to: string, subject?: string): Promise<{ subject: string; text: string }> {
  await request.get('/api/health');
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const login = await request.post('/api/authorization/login', {
    data: { username: 'admin@hub.example', password: PASSWORD },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(login.ok()).toBe(true);
  let mail: { subject: string; text: string }[] = [];
  const wanted = () => mail.filter((m) => subject === undefined || m.subject === subject);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/mail/outbox?to=${encodeURIComponent(to)}`);
        mail = (await res.json()) as { subject: string; text: string }[];
        return wanted().length;
      },
      { timeout: 10_000, message: `a mail to ${to}${subject ? ` '${subject}'` : ''} in the outbox` },
    )
    .toBeGreaterThan(0);
  return wanted()[0];
}

export const linkIn = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]);

/** The member accounts of the demo organisation Sparkright, by role. */
export const SPARKRIGHT = {
  safetyManager: 'safetymanager@sparkright.example',
  safetyWorker: 'safetyworker@sparkright.example',
  manager: 'manager@sparkright.example',
  worker: 'worker@sparkright.example',
  proManager: 'promanager@sparkright.example',
  proWorker: 'proworker@sparkright.example',
} as const;

/**
 * Marks the Recent Activity modal as already shown in this tab's session (the member frame's
 * sessionStorage key), for flows that are not about it: the modal opens once per session for
 * SafetyManager, SafetyWorker, Worker and Manager, and makes the page behind it inert.
 */
export async function skipActivityModal(page: Page) {
  await page.addInitScript(() => sessionStorage.setItem('recentActivityShown', 'true'));
}

/** A GraphQL call as admin@hub.example in its own API session (not the page's). */
export async function adminGraphql<T>(request: APIRequestContext, query: string, variables?: Record<string, unknown>): Promise<T> {
  await request.get('/api/health');
  const xsrf = () => request.storageState().then((s) => s.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
  const login = await request.post('/api/authorization/login', {
    data: { username: 'admin@hub.example', password: PASSWORD },
    headers: { 'x-xsrf-token': await xsrf() },
  });
  expect(login.ok()).toBe(true);
  const res = await request.post('/api/graphql', { headers: { 'x-xsrf-token': await xsrf() }, data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

/** The page's full width: above the viewport's width means sideways scrolling. */
export const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

/** Signs `email` in through the API in the context's cookie jar (no page loads the sign-in screen). */
export async function apiSignIn(context: BrowserContext, email: string, password = PASSWORD) {
  await context.request.get('/api/health');
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const login = await context.request.post('/api/authorization/login', {
    data: { username: email, password },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(login.ok()).toBe(true);
}

/** Logout from the member site's slide-out menu (windows under 1600 px). */
export async function logoutFromMenu(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  // Signing out ends on the sign-in page once the device's data is cleared: a navigation started
  // before it lands is interrupted by it.
  await expect(page).toHaveURL(/\/admin_login/);
  await expect(page.getByLabel('Email Address')).toBeVisible();
}

/** The serious and critical violations on the page as it is now, one line each (rule, count, first element). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const node = v.nodes[0];
      const why = node?.any[0]?.message ?? node?.failureSummary ?? '';
      return `${v.impact} ${v.id} (${v.nodes.length}): ${v.help} at ${node?.target.join(' ')}: ${why}`;
    });
}

/** A camera-like 4000x3000 JPEG made by the page's canvas (gradients, shapes, sensor noise), with EXIF GPS and time added. */
export async function cameraPhoto(page: Page, seed: number): Promise<Buffer> {
  const b64 = await page.evaluate(async (seed) => {
    const c = document.createElement('canvas');
    c.width = 4000;
    c.height = 3000;
    const g = c.getContext('2d')!;
    const sky = g.createLinearGradient(0, 0, 0, 3000);
    sky.addColorStop(0, '#8fb8de');
    sky.addColorStop(0.55, '#d9d4c7');
    sky.addColorStop(1, '#4a4038');
    g.fillStyle = sky;
    g.fillRect(0, 0, 4000, 3000);
    let r = seed;
    const rand = () => (r = (r * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 400; i++) {
      g.fillStyle = `hsl(${rand() * 360} 35% ${30 + rand() * 40}%)`;
      g.fillRect(rand() * 4000, rand() * 3000, 40 + rand() * 400, 40 + rand() * 300);
    }
    g.font = 'bold 220px sans-serif';
    g.fillStyle = '#222';
    g.fillText(`SWITCHBOARD ${seed}`, 400, 1500);
    const img = g.getImageData(0, 0, 4000, 3000);
    for (let i = 0; i < img.data.length; i += 4) {
      const n = (rand() - 0.5) * 18;
      img.data[i] += n;
      img.data[i + 1] += n;
      img.data[i + 2] += n;
    }
    g.putImageData(img, 0, 0);
    const url = c.toDataURL('image/jpeg', 0.92);
    return url.slice(url.indexOf(',') + 1);
  }, seed);
  const meta = cameraMetadata({ latitude: -37.8136, longitude: 144.9631, taken: '2026:05:01 10:15:30' });
  return Buffer.from(withPhotoMetadata(new Uint8Array(Buffer.from(b64, 'base64')), meta));
}

/** Width and height of a JPEG from its frame header. */
export function jpegSize(b: Uint8Array): { width: number; height: number } {
  for (let i = 2; i < b.length;) {
    const marker = b[i + 1];
    const len = (b[i + 2] << 8) | b[i + 3];
    if (marker >= 0xc0 && marker <= 0xc2) return { height: (b[i + 5] << 8) | b[i + 6], width: (b[i + 7] << 8) | b[i + 8] };
    i += 2 + len;
  }
  throw new Error('no frame header');
}
