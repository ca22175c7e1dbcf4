import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
