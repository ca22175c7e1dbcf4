import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it('describes every REST call of the accounts area at /api/swagger', async () => {
  const res = await h.app.inject({ url: '/api/swagger/json' });
  expect(res.statusCode).toBe(200);
  const paths = Object.keys(res.json().paths);
  for (const path of [
    '/api/account/me',
    '/api/authorization/login',
    '/api/authorization/validate-2fa',
    '/api/authorization/logout',
    '/api/register/{entity}',
    '/api/register/confirm-email',
    '/api/account/reset-password-request',
    '/api/account/reset-password',
    '/api/account/valid-2fa',
    '/api/account/configure-2fa',
    '/api/account/disable-2fa',
    '/api/account/has-keys',
    '/api/account/generate-key',
    '/api/account/revoke-key',
    '/api/account/users',
    '/api/account/activate',
    '/api/account/deactivate',
  ])
    expect(paths).toContain(path);
  expect(res.json().paths['/api/authorization/login'].post.summary).toBe('Sign in with email and password');
  const ui = await h.app.inject({ url: '/api/swagger/' });
  expect(ui.statusCode).toBe(200);
  expect(ui.body).toContain('swagger');
});
