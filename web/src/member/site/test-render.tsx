import { MantineProvider } from '@mantine/core';
import type { SiteConfig } from '@hub/model/site';
import { EXTERNAL_PAGES } from '@hub/model/site';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Me } from '../../app/session';
import { theme } from '../../app/theme';

/** Test helpers of the member site's frame: a rendered page with a signed-in user and a mocked fetch. */

export const site: SiteConfig = {
  links: Object.fromEntries(EXTERNAL_PAGES.map((p) => [p, `https://association.example/${p}`])) as SiteConfig['links'],
  supportPhone: '1300 000 000',
  testMode: false,
};

export function member(roleName: string | null, backend = false): Me {
  return {
    id: 'u1',
    userName: null,
    email: 'pat@example.com',
    givenName: 'Pat',
    surname: 'Lee',
    roleName,
    isDuplicate: false,
    memberOrganisationId: 'org-1',
    primaryContactId: null,
    twoFactorMethod: null,
    groups: [{ name: backend ? 'MehubAdmin' : 'MehubAccount', hasBackendAccess: backend }],
  };
}

export type Reply = { status?: number; body: unknown } | ((url: string, init?: RequestInit) => { status?: number; body: unknown });

/** Stubs fetch: each call answers the first route whose key the URL contains (or whose GraphQL query contains the key). */
export function mockFetch(routes: Record<string, Reply>) {
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    const key = Object.keys(routes).find((k) => url.includes(k) || (url === '/api/graphql' && body.includes(k)));
    if (!key) return { ok: false, status: 404, json: async () => ({ errors: [{ message: `no mock for ${url}` }] }) };
    const route = routes[key];
    const reply = typeof route === 'function' ? route(url, init) : route;
    const status = reply.status ?? 200;
    return { ok: status < 400, status, json: async () => reply.body };
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function renderWith(
  node: ReactNode,
  { me, path = '/home', extra = [] }: { me: Me | null; path?: string; extra?: { path: string; element: ReactNode }[] },
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], me);
  const router = createMemoryRouter([{ path, element: node }, ...extra, { path: '*', element: <p>Elsewhere</p> }], {
    initialEntries: [path],
  });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, client };
}
