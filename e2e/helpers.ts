import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export const PASSWORD = 'demo-password-12';

export async function signIn(page: Page, email: string, password = PASSWORD, redirect?: string) {
  await page.goto(redirect ? `/admin_login?redirect=${encodeURIComponent(redirect)}` : '/admin_login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Reads the newest outbox message to `to`, signed in as an administrator through the API. */
export async function latestMail(request: APIRequestContext, to: string): Promise<{ subject: string; text: string }> {
  await request.get('/api/health');
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const login = await request.post('/api/authorization/login', {
    data: { username: 'admin@hub.example', password: PASSWORD },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(login.ok()).toBe(true);
  const res = await request.get(`/api/mail/outbox?to=${encodeURIComponent(to)}`);
  const mail = (await res.json()) as { subject: string; text: string }[];
  expect(mail.length).toBeGreaterThan(0);
  return mail[0];
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
