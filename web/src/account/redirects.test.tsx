import { GROUPS } from '@hub/model';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../app/session';
import { theme } from '../app/theme';
import { LoginPage } from './LoginPage';
import { LogoutPage } from './LogoutPage';
import { TwoFactorPage } from './TwoFactorPage';

/**
 * Issue 8, item 3 in the browser: the return path of sign-in, two-factor and logout is a path
 * of the hub whatever the link says (browsers read `\` as `/` and drop tabs).
 */
const HOSTILE = [
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '/%09/evil.example',
  '/%5Cevil.example',
  '/%2F%2Fevil.example',
  'https://evil.example',
  'javascript:alert(1)',
];

const me = {
  id: 'u1',
  email: 'sam@example.org',
  isDuplicate: false,
  groups: [{ name: GROUPS.admin, hasBackendAccess: true }],
} as Me;

/** Answers fetches by path. */
function serve(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const key = Object.keys(routes).find((p) => path.startsWith(p));
      return new Response(JSON.stringify(key ? routes[key] : { errors: [{ message: 'no' }] }), { status: key ? 200 : 404 });
    }),
  );
}

function Landed() {
  const location = useLocation();
  return <output data-testid="landed">{location.pathname + location.search}</output>;
}

function renderAt(path: string, element: React.ReactNode, route: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return client;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function signIn(redirect: string) {
  serve({
    '/api/authorization/providers': { sso: true, ssoLogout: false },
    '/api/authorization/login': { type: 'signed-in', user: me },
  });
  renderAt(`/admin_login?redirect=${encodeURIComponent(redirect)}`, <LoginPage />, '/admin_login');
  const sso = await screen.findByRole('link', { name: 'Sign in with your association account' });
  fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: 'sam@example.org' } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'demo-password-12' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return { landed: (await screen.findByTestId('landed')).textContent, sso: sso.getAttribute('href') };
}

describe('sign-in', () => {
  it.each(HOSTILE.map((v) => [JSON.stringify(v), v]))(
    'after sign-in with redirect=%s, lands on / and offers SSO back to /',
    async (_l, value) => {
      const { landed, sso } = await signIn(value);
      expect(landed).toBe('/');
      expect(sso).toBe('/Saml/InitiateSingleSignOn?returnurl=%2F');
    },
  );

  it('lands on a path of the hub as asked', async () => {
    const { landed, sso } = await signIn('/assets?x=1');
    expect(landed).toBe('/assets?x=1');
    expect(sso).toBe(`/Saml/InitiateSingleSignOn?returnurl=${encodeURIComponent('/assets?x=1')}`);
  });
});

describe('two-factor step', () => {
  it.each(HOSTILE.map((v) => [JSON.stringify(v), v]))('with redirect=%s, lands on /', async (_l, value) => {
    serve({ '/api/authorization/validate-2fa': { user: me } });
    renderAt(`/login/2fa/authenticator?redirect=${encodeURIComponent(value)}`, <TwoFactorPage />, '/login/2fa/:method');
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: /verify/i }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/');
  });
});

describe('logout', () => {
  it.each(HOSTILE.map((v) => [JSON.stringify(v), v]))('with redirect=%s, returns to /', async (_l, value) => {
    const assign = vi.fn();
    const location = window.location;
    // jsdom cannot navigate: watch where logout would go instead.
    Object.defineProperty(window, 'location', { configurable: true, value: { ...location, assign } });
    try {
      serve({});
      const client = renderAt(`/logout?redirect=${encodeURIComponent(value)}`, <LogoutPage />, '/logout');
      client.setQueryData(['me'], me);
      client.setQueryData(['providers'], { sso: false, ssoLogout: false });
      await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
      expect(assign).toHaveBeenCalledWith('/api/authorization/logout?redirect=%2F&clean=true');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: location });
    }
  });

  it('logout() itself checks the path, for single logout too', async () => {
    const { logout } = await import('../app/session');
    const assign = vi.fn();
    const location = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...location, assign } });
    try {
      await logout(
        { ...me, groups: [{ name: GROUPS.member, hasBackendAccess: false }] },
        { sso: true, ssoLogout: true },
        '/\\evil.example',
      );
      expect(assign).toHaveBeenLastCalledWith('/Saml/InitiateSingleLogout?returnurl=%2F');
      await logout(me, { sso: true, ssoLogout: true }, '/home');
      expect(assign).toHaveBeenLastCalledWith('/api/authorization/logout?redirect=%2Fhome&clean=true');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: location });
    }
  });
});
