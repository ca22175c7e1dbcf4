import { expect, test, type Page } from '@playwright/test';
import { signIn, skipActivityModal } from './helpers';

/** The page's full width: above the viewport's width means sideways scrolling. */
const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

test.describe('the app shell', () => {
  test('/ goes to the member home, which asks a signed-out visitor to sign in first', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/admin_login\?redirect=%2Fhome$/);
  });

  test('the member home shows the top bar with the brand and fits desktop and phone', async ({ page }) => {
    await skipActivityModal(page);
    await signIn(page, 'worker@sparkright.example', undefined, '/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Safety Hub home' })).toContainText('Safety Hub');
    await page.screenshot({ path: 'test-results/screens/home-desktop.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('banner').getByRole('button', { name: 'Open menu' })).toBeVisible();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: 'test-results/screens/home-phone.png', fullPage: true });
  });

  test('an unknown path shows the 404 page, whose button goes back', async ({ page }) => {
    await page.goto('/admin_login');
    await page.goto('/no/such/page');
    await expect(page.getByText('Oops! It seems like the page you are looking for does not exist!')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/404-desktop.png', fullPage: true });
    await page.getByRole('button', { name: 'Return to Previous Page' }).click();
    await expect(page).toHaveURL(/\/admin_login$/);
  });

  test('the 403 page offers the way back and Logout', async ({ page }) => {
    await page.goto('/403');
    await expect(page.getByText('Oops! Unfortunately you are not allowed to access this page!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/api/authorization/logout');
    await page.screenshot({ path: 'test-results/screens/403-desktop.png', fullPage: true });
  });

  test('the 403 page returns to the previous page', async ({ page }) => {
    await page.goto('/admin_login');
    await page.goto('/403');
    await page.getByRole('button', { name: 'Return to Previous Page' }).click();
    await expect(page).toHaveURL(/\/admin_login$/);
  });

  test('pages fit a 375 px phone screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of ['/admin_login', '/register', '/reset-password-request', '/404', '/403']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await scrollWidth(page), path).toBeLessThanOrEqual(375);
      if (path === '/404' || path === '/403')
        await page.screenshot({ path: `test-results/screens/${path.slice(1)}-phone.png`, fullPage: true });
    }
    await page.goto('/admin_login');
    await page.screenshot({ path: 'test-results/screens/login-phone.png', fullPage: true });
  });

  test('the server answers API paths with JSON and sends security headers', async ({ request }) => {
    const health = await request.get('/api/health');
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    const missing = await request.get('/api/nothing');
    expect(missing.status()).toBe(404);
    const page = await request.get('/some/client/route');
    expect(page.status()).toBe(200);
    expect(page.headers()['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers()['x-content-type-options']).toBe('nosniff');
  });
});

test('sign-in loads at most 200 kB of gzipped JavaScript', async ({ page }) => {
  const { gzipSync } = await import('node:zlib');
  const scripts: Promise<number>[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('.js')) scripts.push(res.body().then((b) => gzipSync(b).length));
  });
  await page.goto('/admin_login');
  await page.waitForLoadState('networkidle');
  const total = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
  console.log(`sign-in first load: ${(total / 1000).toFixed(1)} kB gzipped JavaScript`);
  expect(total).toBeLessThanOrEqual(200_000);
});
