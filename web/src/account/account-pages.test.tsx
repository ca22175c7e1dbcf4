import { GROUPS, ROLES } from '@hub/model';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DUPLICATE_EMAIL_WARNED, DUPLICATE_EMAIL_WARNING, warnDuplicateEmailOnce, type Me } from '../app/session';
import { theme } from '../app/theme';
import { IntegrationsPage } from './IntegrationsPage';
import { TwoFactorSetupPage } from './TwoFactorSetupPage';

const me: Me = {
  id: '2a1b7c63-4d2e-4c8f-8b21-6e3d9f5a8b12',
  userName: 'sam@example.org',
  email: 'sam@example.org',
  givenName: 'Sam',
  surname: 'Safety',
  roleName: ROLES.safetyManager,
  isDuplicate: false,
  memberOrganisationId: '1f0e6a52-3c1d-4b7e-9a10-5d2c8e4f7a01',
  twoFactorMethod: null,
  groups: [{ name: GROUPS.member, hasBackendAccess: true }],
};

/** Answers fetches by path; anything unknown is a 404. */
function serve(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const key = Object.keys(routes).find((p) => path.startsWith(p));
      return new Response(JSON.stringify(key ? routes[key] : { errors: [{ message: 'no' }] }), { status: key ? 200 : 404 });
    }),
  );
}

function renderPage(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], me);
  render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('authenticator setup', () => {
  it("says 'Unable to configure' when the answer has no key or QR code", async () => {
    serve({ '/api/account/configure-2fa': { method: 'authenticator', enabled: false } });
    renderPage(<TwoFactorSetupPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Use an authenticator app' }));
    expect(await screen.findByText('Unable to configure')).toBeTruthy();
    expect(screen.queryByText('Scan this code with your authenticator app, or type the key into it.')).toBeNull();
  });

  it('shows the key and QR code of a good answer', async () => {
    serve({ '/api/account/configure-2fa': { method: 'authenticator', key: 'ABCD EFGH', qrCode: 'data:image/png;base64,AA==' } });
    renderPage(<TwoFactorSetupPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Use an authenticator app' }));
    expect((await screen.findByTestId('totp-key')).textContent).toBe('ABCD EFGH');
    expect(screen.queryByText('Unable to configure')).toBeNull();
  });
});

describe('integrations', () => {
  it("has the section heading 'API Tokens'", async () => {
    serve({ '/api/account/has-keys': [] });
    renderPage(<IntegrationsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'API Tokens' })).toBeTruthy();
    expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
  });
});

describe('duplicate email warning', () => {
  it('is shown once per session to users flagged isDuplicate', () => {
    const show = vi.spyOn(notifications, 'show');
    warnDuplicateEmailOnce(me);
    warnDuplicateEmailOnce(null);
    expect(show).not.toHaveBeenCalled();
    warnDuplicateEmailOnce({ ...me, isDuplicate: true });
    warnDuplicateEmailOnce({ ...me, isDuplicate: true });
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0][0]).toMatchObject({ color: 'yellow', message: DUPLICATE_EMAIL_WARNING });
    expect(sessionStorage.getItem(DUPLICATE_EMAIL_WARNED)).toBe('true');
    // A new session (logout clears session storage) warns again.
    sessionStorage.clear();
    warnDuplicateEmailOnce({ ...me, isDuplicate: true });
    expect(show).toHaveBeenCalledTimes(2);
  });

  it('appears when the signed-in user is loaded', async () => {
    serve({ '/api/account/me': { ...me, isDuplicate: true } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { useMe } = await import('../app/session');
    function Shell() {
      return <p>{useMe().data?.email ?? 'loading'}</p>;
    }
    render(
      <MantineProvider theme={theme}>
        <Notifications />
        <QueryClientProvider client={client}>
          <Shell />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByText(DUPLICATE_EMAIL_WARNING)).toBeTruthy();
  });
});
