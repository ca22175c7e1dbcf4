import { GROUPS } from '@hub/model';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me, Providers } from '../app/session';
import { theme } from '../app/theme';
import { LogoutPage } from './LogoutPage';

const logout = vi.fn();
vi.mock('../app/session', async (original) => ({
  ...(await original<typeof import('../app/session')>()),
  logout: (...args: unknown[]) => logout(...args),
}));

const admin = { id: 'a', email: 'admin@hub.example', isDuplicate: false, groups: [{ name: GROUPS.admin, hasBackendAccess: true }] } as Me;

function renderAt(path: string, me: Me | null, providers: Providers) {
  logout.mockResolvedValue(true);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], me);
  client.setQueryData(['providers'], providers);
  const router = createMemoryRouter([{ path: '/logout', element: <LogoutPage /> }], { initialEntries: [path] });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return client;
}

afterEach(() => {
  cleanup();
  logout.mockReset();
});

describe('/logout', () => {
  it("logs out the signed-in user, back to '/' by default, and forgets them", async () => {
    const client = renderAt('/logout', admin, { sso: false, ssoLogout: false });
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect(logout).toHaveBeenCalledWith(admin, { sso: false, ssoLogout: false }, '/');
    expect(client.getQueryData(['me'])).toBeNull();
  });

  it('passes the redirect parameter on', async () => {
    renderAt('/logout?redirect=%2Fhome', null, { sso: true, ssoLogout: true });
    await waitFor(() => expect(logout).toHaveBeenCalledWith(null, { sso: true, ssoLogout: true }, '/home'));
  });
});

describe('logout()', () => {
  it('clears session storage and the news-ticker preference, keeping other local settings', async () => {
    const { logout: real } = await vi.importActual<typeof import('../app/session')>('../app/session');
    const assign = vi.fn();
    const location = window.location;
    // jsdom cannot navigate: watch where logout would go instead.
    Object.defineProperty(window, 'location', { configurable: true, value: { ...location, assign } });
    try {
      sessionStorage.setItem('duplicateEmailWarned', 'true');
      localStorage.setItem('displayNewsTicker', 'false');
      localStorage.setItem('searchedValue', 'kept');
      await real(admin, { sso: true, ssoLogout: true }, '/');
      expect(sessionStorage.length).toBe(0);
      expect(localStorage.getItem('displayNewsTicker')).toBeNull();
      expect(localStorage.getItem('searchedValue')).toBe('kept');
      expect(assign).toHaveBeenCalledWith('/api/authorization/logout?redirect=%2F&clean=true');
      await real({ ...admin, groups: [{ name: GROUPS.member, hasBackendAccess: true }] }, { sso: true, ssoLogout: true }, '/');
      expect(assign).toHaveBeenLastCalledWith('/Saml/InitiateSingleLogout?returnurl=%2F');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: location });
    }
  });
});
